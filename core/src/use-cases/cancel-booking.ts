import { Effect } from "effect";
import { chargedOf } from "../domain/entities.js";
import { BookingNotActive } from "../domain/errors.js";
import { refundAmount, refundPercentage } from "../domain/refund.js";
import type { Ports } from "../ports/index.js";
import type { CancellationBody } from "../schemas/requests.js";
import { bookingStart, getBooking } from "./bookings.js";
import { afterCancellation } from "./notifications.js";
import { abandonPayment } from "./payments.js";
import type { Actor } from "./support.js";
import { call, requireSelfOrAdmin } from "./support.js";

/**
 * Cancels an active booking and frees its slot. The refund tier is taken at the moment of
 * cancelling; every succeeded payment is refunded by it through the provider (idempotently),
 * and open intents are abandoned.
 */
export const cancelBooking = (
  ports: Pick<Ports, "bookings" | "payments" | "gateway" | "discountCodes" | "clock" | "users" | "notifications" | "waitlist" | "catalog" | "courts" | "venues" | "outbox" | "ids">,
  actor: Actor,
  input: CancellationBody,
) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, input.userId);
    const booking = yield* getBooking(ports, actor, input.bookingId);
    if (booking.status !== "active") return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));
    const now = ports.clock.now();
    const percentage = refundPercentage(now, bookingStart(booking, ports.clock.timeZone));
    const cancelled = yield* call(() =>
      ports.bookings.cancel(booking.id, { reason: input.cancellationReason ?? null, refundPercentage: percentage, at: now }),
    );
    if (!cancelled) return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));

    let refunded = 0;
    for (const payment of yield* call(() => ports.payments.listByBooking(booking.id))) {
      if (payment.status === "pending") {
        yield* abandonPayment(ports, payment);
        continue;
      }
      if (payment.status !== "succeeded") continue;
      const amount = Math.min(refundAmount(chargedOf(payment), percentage), chargedOf(payment) - payment.refundedAmount);
      if (amount <= 0) continue;
      yield* call(() =>
        ports.gateway.refund({ intentId: payment.stripePaymentIntentId, amount, idempotencyKey: `cancel-${payment.id}` }),
      );
      yield* call(() => ports.payments.markRefunded(payment.id, amount));
      refunded += amount;
    }
    yield* afterCancellation(ports, booking);
    const updated = yield* call(() => ports.bookings.findById(booking.id));
    return { refundPercentage: percentage, refundAmount: refunded, booking: updated ?? booking };
  });
