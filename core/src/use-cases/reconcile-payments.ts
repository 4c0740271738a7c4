import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import { GUEST_CODE_INTENT_MINUTES } from "../domain/share-link.js";
import type { Ports } from "../ports/index.js";
import { CLAIM_MS, settleOrCancelIntent } from "./payments.js";
import { call } from "./support.js";

/** How many payments one pass of a sweep step takes at most: a pass stays short, the next one goes on. */
const BATCH = 25;

export interface SweepOptions {
  /** how long a process keeps a payment it claimed; longer than its provider calls can take */
  readonly claimMs?: number;
  readonly limit?: number;
}

/**
 * Sweep step (reconciliation): every payment still pending past the intent TTL, and every share
 * intent with a discount code pending past GUEST_CODE_INTENT_MINUTES (its reserved use comes back
 * sooner), is asked of the provider, and the answer decides: cancelled at the provider (discount
 * use released), or, when the card was in fact charged (a browser that never came back, a server
 * killed between the charge and the record), recorded, or refunded in full when it can no longer
 * apply. Answers how many were settled or cancelled.
 */
export const reconcileStaleIntents = (
  ports: Pick<Ports, "payments" | "refunds" | "shareLinks" | "gateway" | "clock" | "discountCodes" | "bookings" | "users" | "notifications" | "outbox" | "ids">,
  options: SweepOptions & { readonly ttlMs: number },
) =>
  Effect.gen(function* () {
    const claimMs = options.claimMs ?? CLAIM_MS;
    const now = ports.clock.now();
    const before = new Date(now.getTime() - options.ttlMs);
    const sharesWithCodeBefore = new Date(now.getTime() - GUEST_CODE_INTENT_MINUTES * 60_000);
    const claimed = yield* call(() =>
      ports.payments.claimStalePending(before, now, new Date(now.getTime() + claimMs), options.limit ?? BATCH, sharesWithCodeBefore),
    );
    let handled = 0;
    for (const payment of claimed) {
      const result = yield* Effect.exit(settleOrCancelIntent(ports, payment));
      if (Exit.isSuccess(result) && result.value !== "unsettled") handled++;
      yield* call(() => ports.payments.releaseClaim(payment.id));
    }
    return handled;
  });
