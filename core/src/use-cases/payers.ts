import * as Effect from "effect/Effect";
import { displayName } from "../domain/account.js";
import { chargedOf } from "../domain/entities.js";
import { InvalidInput } from "../domain/errors.js";
import type { Ports } from "../ports/index.js";
import type { PaymentIntentBody } from "../schemas/requests.js";
import { createPaymentIntent, type PaymentIntentPorts } from "./payments.js";
import { usableShareLink } from "./share-links.js";
import { getBooking } from "./lookups.js";
import type { Actor } from "./support.js";
import { call } from "./support.js";

/**
 * POST /api/create-payment-intent with who is paying: a guest on /shared-payment gives a name
 * (required, so the organiser knows who paid) and optionally an email for the receipt.
 */
export const openPaymentIntent = (ports: PaymentIntentPorts, actor: Actor, input: PaymentIntentBody) =>
  Effect.gen(function* () {
    const guest = input.shareToken !== undefined && actor.userId === null;
    if (guest && !input.payerName) {
      // a link that is gone or full says so first: no name would help
      yield* usableShareLink(ports, input.shareToken as string, input.bookingId);
      return yield* Effect.fail(new InvalidInput({ field: "payerName", message: "Escribe tu nombre para que el organizador sepa quién pagó" }));
    }
    const answer = yield* createPaymentIntent(ports, actor, input);
    if (guest && input.payerName)
      yield* call(() => ports.notifications.savePayer(answer.payment.id, { name: input.payerName as string, email: input.payerEmail ?? null }));
    return answer;
  });

export interface BookingPayer {
  readonly paymentId: string;
  readonly name: string;
  readonly isOrganiser: boolean;
  readonly kind: string;
  readonly amount: number;
  readonly refunded: number;
  readonly paidAt: Date;
}

/** Who paid each share of a booking, for its organiser and admins. */
export const bookingPayers = (ports: Pick<Ports, "bookings" | "payments" | "users" | "notifications" | "clock">, actor: Actor, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* getBooking(ports, actor, bookingId);
    const payments = (yield* call(() => ports.payments.listByBooking(booking.id))).filter((p) => p.paidAt !== null);
    const infos = yield* call(() => ports.notifications.payers(payments.map((p) => p.id)));
    const out: BookingPayer[] = [];
    for (const payment of [...payments].reverse()) {
      const user = yield* call(() => ports.users.findById(payment.userId));
      out.push({
        paymentId: payment.id,
        name: (user ? displayName(user) : undefined) ?? infos.get(payment.id)?.name ?? "Participante de pago compartido",
        isOrganiser: payment.userId === booking.userId,
        kind: payment.kind,
        amount: chargedOf(payment),
        refunded: payment.refundedAmount,
        paidAt: payment.paidAt as Date,
      });
    }
    return out;
  });
