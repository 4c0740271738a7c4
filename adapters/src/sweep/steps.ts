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
  // mail last: a pass sends what the steps before it wrote
  steps.push(...mailSteps(runtime.ports, runtime.config));
  return steps;
};
