import * as Effect from "effect/Effect";
import { chargedOf } from "../domain/entities.js";
import { BookingNotActive } from "../domain/errors.js";
import type { Cents } from "../domain/money.js";
import { refundAmount, refundPercentage } from "../domain/refund.js";
import type { Ports } from "../ports/index.js";
import type { CancellationBody } from "../schemas/requests.js";
import { bookingStart, getBooking } from "./bookings.js";
import { afterCancellation } from "./notifications.js";
import { sendRefundNow, settleOrCancelIntent } from "./payments.js";
import type { Actor } from "./support.js";
import { call, requireSelfOrAdmin } from "./support.js";

/**
 * Cancels an active booking and frees its slot. The refund tier is taken at the moment of
 * cancelling; what each succeeded payment is owed by it is written in the same transaction as
 * the cancellation, then sent through the provider (one idempotency key per payment). A
 * provider that is down does not undo the cancellation: the refunds stay owed and the sweep
 * sends them. Open intents are cancelled at the provider (or settled when already charged).
 * `byClub`: the club's own decision (a weekly series it ends), refunded in full whatever the
 * tier, as a closure is: the player did not cancel.
 */
export const cancelBooking = (
  ports: Pick<Ports, "bookings" | "payments" | "gateway" | "discountCodes" | "clock" | "shareLinks" | "users" | "notifications" | "waitlist" | "catalog" | "courts" | "venues" | "outbox" | "ids">,
  actor: Actor,
  input: CancellationBody,
  byClub = false,
) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, input.userId);
    const booking = yield* getBooking(ports, actor, input.bookingId);
    if (booking.status !== "active") return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));
    const now = ports.clock.now();
    const percentage = byClub ? 100 : refundPercentage(now, bookingStart(booking, ports.clock.timeZone));
    const payments = yield* call(() => ports.payments.listByBooking(booking.id));
    const refundsOwed = payments
      .filter((p) => p.status === "succeeded")
      .map((p) => ({ paymentId: p.id, amount: Math.min(refundAmount(chargedOf(p), percentage), chargedOf(p) - p.refundedAmount) }))
      .filter((o) => o.amount > 0);
    const cancelled = yield* call(() =>
      ports.bookings.cancel(booking.id, { reason: input.cancellationReason ?? null, refundPercentage: percentage, at: now, refundsOwed }),
    );
    if (!cancelled) return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));

    // Best effort now; whatever the provider does not confirm is finished by the sweep.
    for (const p of payments.filter((p) => p.status === "pending")) yield* Effect.exit(settleOrCancelIntent(ports, p));
    for (const o of refundsOwed) yield* Effect.exit(sendRefundNow(ports, o.paymentId));

    const after = yield* call(() => ports.payments.listByBooking(booking.id));
    const pending: Cents = after.filter((p) => refundsOwed.some((o) => o.paymentId === p.id)).reduce((sum, p) => sum + p.refundOwed, 0);
    const refunded: Cents = refundsOwed.reduce((sum, o) => sum + o.amount, 0);
    yield* afterCancellation(ports, booking);
    const updated = yield* call(() => ports.bookings.findById(booking.id));
    return { refundPercentage: percentage, refundAmount: refunded, refundPending: pending, booking: updated ?? booking };
  });
