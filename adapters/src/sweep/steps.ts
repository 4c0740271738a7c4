import * as Effect from "effect/Effect";
import { chargeDueRemainders, expireOverdueHolds, reconcileStaleIntents, sendClosureRefunds, sendOwedRefunds } from "@courts/core";
import type { Runtime } from "../composition-root.js";
import { mailSteps } from "./mail-steps.js";
import type { SweepStep } from "./sweeper.js";

/**
 * Every step of the sweep, in the order a pass runs them. A step is a use case of core
 * called with the runtime's ports; it must be safe to run in any number of processes at once.
 */
export const sweepSteps = (runtime: Runtime): SweepStep[] => {
  const steps: SweepStep[] = [];
  // A claimed payment is kept as long as its provider calls may take (3 attempts), with margin.
  const claimMs = runtime.config.paymentProviderTimeoutSeconds * 1000 * 3 + 5_000;
  steps.push(
    { name: "refunds-owed", run: () => Effect.runPromise(sendOwedRefunds(runtime.ports, { claimMs })) },
    {
      name: "stale-intents",
      run: () => Effect.runPromise(reconcileStaleIntents(runtime.ports, { claimMs, ttlMs: runtime.config.intentTtlMinutes * 60_000 })),
    },
  );
  steps.push({ name: "expire-holds", run: () => Effect.runPromise(expireOverdueHolds(runtime.ports)) });
  steps.push({ name: "charge-remainders", run: () => Effect.runPromise(chargeDueRemainders(runtime.ports)) });
  // refunds a closure owes while the provider was down (DESIGN.md section 10)
  steps.push({ name: "closure-refunds", run: () => Effect.runPromise(sendClosureRefunds(runtime.ports)) });
  // mail last: a pass sends what the steps before it wrote
  steps.push(...mailSteps(runtime.ports, runtime.config));
  return steps;
};
