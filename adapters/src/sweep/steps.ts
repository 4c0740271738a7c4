import { writeFileSync } from "node:fs";
import * as Cause from "effect/Cause";
import * as Effect from "effect/Effect";
import * as HashMap from "effect/HashMap";
import * as Logger from "effect/Logger";
import * as LogLevel from "effect/LogLevel";
import { chargeDueRemainders, drawDueBallots, expireOverdueHolds, reconcilePurchases, reconcileStaleIntents, sendOwedRefunds } from "@courts/core";
import type { Runtime } from "../composition-root.js";
import { mailSteps } from "./mail-steps.js";
import type { SweepStep } from "./sweeper.js";

/**
 * Where a step's warnings go (a refund the provider did not take, retried on the next pass): the
 * server's log, or the operator's terminal. `details` names the step, what the warning is about
 * (`paymentId`) and, as `err`, why.
 */
export type SweepWarn = (details: { readonly step: string; readonly err?: unknown; readonly [key: string]: unknown }, message: string) => void;

/**
 * The logs of a step's use case at Warning and above, to `warn`. Effect's own logger would print
 * them with console.log, on stdout: outside the server's JSON log, and in the middle of
 * `courts sweep --json`.
 */
const stepLogs = (step: string, warn: SweepWarn) =>
  Logger.replace(
    Logger.defaultLogger,
    Logger.make(({ logLevel, message, annotations, cause }) => {
      if (LogLevel.lessThan(logLevel, LogLevel.Warning)) return;
      // a Cause among the arguments of Effect.log* arrives here as `cause`
      const parts: readonly unknown[] = Array.isArray(message) ? message : [message];
      warn(
        { step, ...Object.fromEntries(HashMap.toEntries(annotations)), ...(Cause.isEmpty(cause) ? {} : { err: Cause.squash(cause) }) },
        parts.map(String).join(" "),
      );
    }),
  );

/** How long a process keeps a release's draw: far above a draw's few hundred holds. */
const BALLOT_CLAIM_MS = 60_000;

/**
 * Tests only (tests/http/ballot-processes.test.ts): with COURTS_TEST_BALLOT_PAUSE_FILE set, a draw
 * writes that file once its holds are written and waits there (until the process is killed).
 */
const ballotPause = () => {
  const file = process.env["COURTS_TEST_BALLOT_PAUSE_FILE"];
  if (!file) return {};
  return {
    afterHolds: async () => {
      writeFileSync(file, "paused");
      await new Promise(() => undefined);
    },
  };
};

/**
 * Every step of the sweep, in the order a pass runs them. A step is a use case of core
 * called with the runtime's ports; it must be safe to run in any number of processes at once.
 * Its warnings go to `warn` (none are shown without it).
 */
export const sweepSteps = (runtime: Runtime, warn: SweepWarn = () => undefined): SweepStep[] => {
  const steps: SweepStep[] = [];
  const step = (name: string, work: () => Effect.Effect<number, unknown>): SweepStep => ({
    name,
    run: () => Effect.runPromise(work().pipe(Effect.provide(stepLogs(name, warn)))),
  });
  // A claimed payment is kept as long as its provider calls may take (3 attempts), with margin.
  const claimMs = runtime.config.paymentProviderTimeoutSeconds * 1000 * 3 + 5_000;
  steps.push(
    // every refund the ledger owes, whoever decided it (DESIGN.md section 12)
    step("refunds-owed", () => sendOwedRefunds(runtime.ports, { claimMs })),
    step("stale-intents", () => reconcileStaleIntents(runtime.ports, { claimMs, ttlMs: runtime.config.intentTtlMinutes * 60_000 })),
    // products bought by card whose browser never came back (a top-up): recorded, or cancelled past the TTL
    step("purchases", () => reconcilePurchases(runtime.ports, { claimMs, ttlMs: runtime.config.intentTtlMinutes * 60_000 })),
  );
  steps.push(step("expire-holds", () => expireOverdueHolds(runtime.ports)));
  // the release ballots due (DESIGN.md section 15): each release taken by one process, its holds then its outcomes
  steps.push(step("ballots", () => drawDueBallots(runtime.ports, { claimMs: BALLOT_CLAIM_MS, ...ballotPause() })));
  steps.push(step("charge-remainders", () => chargeDueRemainders(runtime.ports)));
  // the events' reactions (receipts, notices, the waitlist), then mail: a pass sends what the steps before it wrote
  steps.push(...mailSteps(runtime.ports, runtime.config, step));
  return steps;
};
