import * as Effect from "effect/Effect";
import type { Booking } from "../domain/booking.js";
import type { PaymentKind } from "../domain/entities.js";
import { HoldExpired, ShareDeadlinePassed } from "../domain/errors.js";
import { isHoldOverdue, isPastShareDeadline } from "../domain/hold.js";
import type { Ports } from "../ports/index.js";
import { call } from "./support.js";

export const holdExpired = () =>
  new HoldExpired({ message: "La reserva expiró porque no se pagó a tiempo y el horario quedó libre. Haz una nueva reserva." });

/**
 * What a new intent may pay. An overdue hold cannot be paid (410); after the split deadline
 * only the whole rest can (the share link has expired then, too).
 */
export const checkPayable = (ports: Pick<Ports, "clock">, booking: Booking, kind: PaymentKind) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    if (booking.status === "expired" || isHoldOverdue(booking, now)) return yield* Effect.fail(holdExpired());
    if (kind !== "full" && kind !== "remainder" && isPastShareDeadline(booking, now))
      return yield* Effect.fail(
        new ShareDeadlinePassed({ message: "El plazo para pagar por partes terminó: esta reserva solo se puede pagar completa." }),
      );
  });

/**
 * The organiser who pays only their share guarantees the rest: the card is saved at the
 * provider for that one purpose (a Customer per organiser, created once).
 */
export const cardSaving = (ports: Pick<Ports, "users" | "gateway" | "clock">, booking: Booking, kind: PaymentKind, payerId: string) =>
  Effect.gen(function* () {
    if (kind !== "partial" || payerId !== booking.userId || booking.shareDeadlineAt === null) return {};
    if (isPastShareDeadline(booking, ports.clock.now())) return {};
    const known = yield* call(() => ports.users.paymentCustomerOf(booking.userId));
    if (known !== null) return { saveCardFor: { customerId: known } };
    const user = yield* call(() => ports.users.findById(booking.userId));
    if (!user) return {};
    const customerId = yield* call(() =>
      ports.gateway.createCustomer({ userId: user.id, email: user.email, idempotencyKey: `customer-${user.id}` }),
    );
    yield* call(() => ports.users.setPaymentCustomer(user.id, customerId));
    return { saveCardFor: { customerId } };
  });
