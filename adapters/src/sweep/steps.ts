import { sendClosureRefunds } from "@courts/core";
import { Effect } from "effect";
import type { Runtime } from "../composition-root.js";
import { mailSteps } from "./mail-steps.js";
import type { SweepStep } from "./sweeper.js";

/**
 * Every step of the sweep, in the order a pass runs them. A step is a use case of core
 * called with the runtime's ports; it must be safe to run in any number of processes at once.
 */
export const sweepSteps = (runtime: Runtime): SweepStep[] => {
  const steps: SweepStep[] = [];
  void runtime;
  // refunds a closure owes while the provider was down (DESIGN.md section 10)
  steps.push({ name: "closure-refunds", run: () => Effect.runPromise(sendClosureRefunds(runtime.ports)) });
  // mail last: a pass sends what the steps before it wrote
  steps.push(...mailSteps(runtime.ports, runtime.config));
  return steps;
};
