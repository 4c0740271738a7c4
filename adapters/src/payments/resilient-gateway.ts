import type { PaymentGateway } from "@courts/core";
import { TimedOut, withTimeout } from "../limit.js";
import type { ProviderCallObserver, ProviderOutcome } from "../observability/service-metrics.js";
import { ProviderUnavailable } from "./gateway-errors.js";

export interface ResilienceOptions {
  /** each attempt gives up after this long (DESIGN.md section 8: 10 s) */
  readonly timeoutMs: number;
  /** attempts after the first, each with the same input and so the same idempotency key */
  readonly retries?: number;
  /** wait before the first retry, doubled before each next one */
  readonly backoffMs?: number;
  /** sees each attempt, its time and outcome (GET /metrics) */
  readonly observer?: ProviderCallObserver;
}

const transient = (error: unknown): boolean => error instanceof TimedOut || error instanceof ProviderUnavailable;

const outcomeOf = (error: unknown): ProviderOutcome => (error instanceof TimedOut ? "timeout" : error instanceof ProviderUnavailable ? "unavailable" : "refused");

/**
 * Every provider call with a time limit and at most `retries` more attempts, each carrying the
 * caller's idempotency key unchanged, so a retry of a charge or refund that did go through is
 * answered by the provider with the first result instead of being done twice. A refusal (declined,
 * invalid) is not retried. After the last attempt the call fails with ProviderUnavailable.
 */
export const resilientGateway = <G extends PaymentGateway>(gateway: G, options: ResilienceOptions): G => {
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 250;
  const guarded = async <A>(operation: string, call: () => Promise<A>): Promise<A> => {
    let last: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
      const started = performance.now();
      try {
        const answer = await withTimeout(call(), options.timeoutMs);
        options.observer?.attempt(operation, (performance.now() - started) / 1000, "ok");
        return answer;
      } catch (error) {
        options.observer?.attempt(operation, (performance.now() - started) / 1000, outcomeOf(error));
        if (!transient(error)) throw error;
        last = error;
      }
    }
    throw new ProviderUnavailable({
      operation,
      message: `payment provider unavailable (${operation}): ${last instanceof Error ? last.message : String(last)}`,
    });
  };
  return {
    ...gateway,
    createIntent: (input) => guarded("createIntent", () => gateway.createIntent(input)),
    retrieveIntent: (id) => guarded("retrieveIntent", () => gateway.retrieveIntent(id)),
    cancelIntent: (id) => guarded("cancelIntent", () => gateway.cancelIntent(id)),
    refund: (input) => guarded("refund", () => gateway.refund(input)),
    // a read, so retrying it is always safe; the ledger decides on it whether a refund went through
    listRefunds: (intentId) => guarded("listRefunds", () => gateway.listRefunds(intentId)),
    // both carry idempotency keys (per organiser, per booking), so a retry never charges twice
    createCustomer: (input) => guarded("createCustomer", () => gateway.createCustomer(input)),
    chargeOffSession: (input) => guarded("chargeOffSession", () => gateway.chargeOffSession(input)),
  };
};
