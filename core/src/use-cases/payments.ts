import { Effect } from "effect";
import type { Booking } from "../domain/booking.js";
import { remainingOf } from "../domain/booking.js";
import type { DiscountCode } from "../domain/discount.js";
import type { Payment, PaymentKind } from "../domain/entities.js";
import { chargedOf } from "../domain/entities.js";
import {
  BookingFullyPaid,
  BookingNotActive,
  InvalidInput,
  NotAllowed,
  PaymentMismatch,
  PaymentNotConfirmed,
  PaymentNotFound,
  ShareLinkFull,
} from "../domain/errors.js";
import { breakdown } from "../domain/fees.js";
import type { Cents } from "../domain/money.js";
import { ownShare, shareAt } from "../domain/shares.js";
import type { ShareLink } from "../domain/share-link.js";
import type { Ports } from "../ports/index.js";
import type { PaymentIntentBody, RecordPaymentBody } from "../schemas/requests.js";
import { bookingNotFound } from "./bookings.js";
import { findUsableCode, unusable } from "./discounts.js";
import { enqueuePaymentNotices } from "./notifications.js";
import { usableShareLink } from "./share-links.js";
import type { Actor } from "./support.js";
import { call, requireSelfOrAdmin, requireUser } from "./support.js";

/** What the receipt and the organiser's notices read and write. */
type NoticePorts = "bookings" | "users" | "notifications" | "outbox" | "ids";

/** Card networks do not charge less than this (Stripe's minimum for usd). */
export const MIN_CARD_CHARGE: Cents = 50;

export const CURRENCY = "usd" as const;

export interface IntentAnswer {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
  readonly payerId: string;
  readonly payment: Payment;
}

const activeBooking = (ports: Pick<Ports, "bookings">, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* call(() => ports.bookings.findById(bookingId));
    if (!booking) return yield* Effect.fail(bookingNotFound());
    if (booking.status === "cancelled")
      return yield* Effect.fail(new BookingNotActive({ message: "La reserva fue cancelada" }));
    return booking;
  });

/** What this payment covers of the booking, decided by the server only. */
const amountToPay = (booking: Booking, kind: PaymentKind, link: ShareLink | undefined): Cents => {
  const remaining = remainingOf(booking);
  if (kind === "full") return remaining;
  if (kind === "partial") return Math.min(ownShare(booking.totalAmount, booking.gameType), remaining);
  return Math.min(shareAt(booking.totalAmount, booking.gameType, link?.currentParticipants ?? 1), remaining);
};

/**
 * Creates (or returns the still-open) card intent for a booking: the owner's share or the rest
 * ("partial" / "full"), or the next share for anyone holding the booking's share link.
 * A discount use is reserved now and released if the intent is abandoned.
 */
export const createPaymentIntent = (
  ports: Pick<Ports, "bookings" | "payments" | "shareLinks" | "discountCodes" | "gateway" | "clock" | "ids" | "courts" | "venues">,
  actor: Actor,
  input: PaymentIntentBody,
) =>
  Effect.gen(function* () {
    const booking = yield* activeBooking(ports, input.bookingId);
    let kind: PaymentKind;
    let payerId: string;
    let link: ShareLink | undefined;
    if (input.shareToken !== undefined) {
      link = yield* usableShareLink(ports, input.shareToken, booking.id);
      kind = "shared";
      payerId = actor.userId ?? `shared-${ports.ids.uuid()}`;
    } else {
      yield* requireSelfOrAdmin(actor, booking.userId);
      if (!actor.isAdmin) yield* requireUser(actor);
      kind = input.paymentType === "full" ? "full" : "partial";
      payerId = booking.userId;
    }
    const amount = amountToPay(booking, kind, link);
    if (amount <= 0) return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));

    const codeText = input.discountCode ? input.discountCode : undefined;
    const open = actor.userId === null && kind === "shared" ? undefined : yield* call(() => ports.payments.findPending(booking.id, payerId, kind));
    if (open) {
      const sameTerms = open.amount === amount && (open.discountCode ?? undefined) === (codeText?.toUpperCase() ?? undefined);
      const intent = sameTerms ? yield* call(() => ports.gateway.retrieveIntent(open.stripePaymentIntentId)) : undefined;
      if (intent && intent.status !== "succeeded" && intent.status !== "canceled")
        return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, payerId, payment: open } satisfies IntentAnswer;
      if (!intent || intent.status === "canceled") yield* abandonPayment(ports, open);
    }

    let code: DiscountCode | undefined;
    if (codeText) {
      code = yield* findUsableCode(ports, codeText);
      const reserved = yield* call(() => ports.discountCodes.reserveUse((code as DiscountCode).id));
      if (!reserved) return yield* Effect.fail(unusable("used-up"));
    }
    const release = code ? call(() => ports.discountCodes.releaseUse((code as DiscountCode).id)) : Effect.void;

    const figures = breakdown(amount, code);
    if (figures.charged < MIN_CARD_CHARGE) {
      yield* release;
      return yield* Effect.fail(new InvalidInput({ field: "discountCode", message: "El monto a pagar con tarjeta debe ser de al menos $0.50" }));
    }

    const court = yield* call(() => ports.courts.findById(booking.courtId));
    const venue = court ? yield* call(() => ports.venues.findById(court.venueId)) : undefined;
    const paymentId = ports.ids.uuid();
    const intent = yield* call(() =>
      ports.gateway.createIntent({
        amount: figures.charged,
        currency: CURRENCY,
        metadata: {
          paymentId,
          bookingId: booking.id,
          payerId,
          kind,
          ...(link ? { shareToken: link.token } : {}),
          ...(code ? { discountCode: code.code } : {}),
        },
        idempotencyKey: `intent-${paymentId}`,
      }),
    ).pipe(Effect.tapErrorCause(() => release));

    const payment: Payment = {
      id: paymentId,
      bookingId: booking.id,
      userId: payerId,
      kind,
      status: "pending",
      amount: figures.amount,
      discount: figures.discount,
      discountCode: code?.code ?? null,
      discountCodeId: code?.id ?? null,
      stripeFee: figures.fee,
      netAmount: figures.net,
      refundedAmount: 0,
      stripePaymentIntentId: intent.id,
      shareToken: link?.token ?? null,
      invoiceNumber: null,
      createdAt: ports.clock.now(),
      paidAt: null,
      venueName: venue?.name ?? booking.court.venueName,
      courtName: court?.name ?? booking.court.name,
      courtNumber: court?.courtNumber ?? booking.court.courtNumber,
      bookingDate: booking.date,
      timeSlot: booking.timeSlot,
      gameType: booking.gameType,
    };
    const saved = yield* call(() => ports.payments.insertPending(payment));
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, payerId, payment: saved } satisfies IntentAnswer;
  });

/** An intent that will not be paid: the payment fails and its reserved discount use comes back. */
export const abandonPayment = (ports: Pick<Ports, "payments" | "discountCodes">, payment: Payment) =>
  Effect.gen(function* () {
    const moved = yield* call(() => ports.payments.markFailed(payment.id));
    if (moved && payment.discountCodeId) yield* call(() => ports.discountCodes.releaseUse(payment.discountCodeId as string));
  });

/**
 * Records a payment the provider says succeeded, checking amount, currency and metadata first.
 * Used by the browser's call and by the provider's webhook; the same intent is recorded once.
 * Money taken that can no longer apply (link full, booking cancelled or paid meanwhile) is
 * refunded in full before answering.
 */
export const settleIntent = (
  ports: Pick<Ports, "payments" | "shareLinks" | "gateway" | "clock" | "discountCodes" | NoticePorts>,
  payment: Payment,
) =>
  Effect.gen(function* () {
    if (payment.status === "succeeded" || payment.status === "refunded") return { payment, alreadyRecorded: true };
    const intent = yield* call(() => ports.gateway.retrieveIntent(payment.stripePaymentIntentId));
    if (!intent) return yield* Effect.fail(new PaymentMismatch({ message: "El proveedor de pagos no conoce ese pago" }));
    if (intent.status !== "succeeded")
      return yield* Effect.fail(new PaymentNotConfirmed({ message: "El pago aún no ha sido confirmado por el proveedor" }));
    if (
      intent.amount !== chargedOf(payment) ||
      intent.currency.toLowerCase() !== CURRENCY ||
      intent.metadata.paymentId !== payment.id ||
      intent.metadata.bookingId !== payment.bookingId
    )
      return yield* Effect.fail(new PaymentMismatch({ message: "El pago no corresponde a esta reserva" }));

    // The organiser's own share counts on the booking's link too, so "X de N" stays true
    // whether the link was created before or after they paid.
    const link = payment.shareToken
      ? yield* call(() => ports.shareLinks.findByToken(payment.shareToken as string))
      : payment.kind === "partial"
        ? yield* call(() => ports.shareLinks.findByBooking(payment.bookingId))
        : undefined;
    const outcome = yield* call(() =>
      ports.payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: ports.clock.now(), shareLinkId: link?.id ?? null }),
    );
    // Also when found recorded: a retry after a crash between the two writes the mail it missed.
    if (outcome.kind === "recorded" || outcome.kind === "already-recorded") yield* enqueuePaymentNotices(ports, outcome.payment);
    switch (outcome.kind) {
      case "recorded":
        return { payment: outcome.payment, alreadyRecorded: false };
      case "already-recorded":
        return { payment: outcome.payment, alreadyRecorded: true };
      case "not-found":
        return yield* Effect.fail(new PaymentNotFound({ message: "Pago no encontrado" }));
      default: {
        yield* call(() =>
          ports.gateway.refund({ intentId: payment.stripePaymentIntentId, amount: chargedOf(payment), idempotencyKey: `reject-${payment.id}` }),
        );
        yield* call(() => ports.payments.markRefunded(payment.id, chargedOf(payment)));
        if (payment.discountCodeId) yield* call(() => ports.discountCodes.releaseUse(payment.discountCodeId as string));
        if (outcome.kind === "link-full")
          return yield* Effect.fail(new ShareLinkFull({ message: "Reserva Completa: ya se pagaron todas las partes. Tu pago fue reembolsado." }));
        if (outcome.kind === "overpaid")
          return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya estaba pagada. Tu pago fue reembolsado." }));
        return yield* Effect.fail(new BookingNotActive({ message: "La reserva fue cancelada. Tu pago fue reembolsado." }));
      }
    }
  });

/** POST /api/payments: the payer (or a share-link holder) reports a confirmed card payment. */
export const recordPayment = (
  ports: Pick<Ports, "payments" | "shareLinks" | "gateway" | "clock" | "discountCodes" | NoticePorts>,
  actor: Actor,
  input: RecordPaymentBody,
) =>
  Effect.gen(function* () {
    // DESIGN.md section 4: a userId in the body must be the caller's own. A shared-link payer
    // sends a generated placeholder instead, which names nobody.
    if (input.shareToken == null && input.userId !== undefined) yield* requireSelfOrAdmin(actor, input.userId);
    const payment = yield* call(() => ports.payments.findByIntent(input.stripePaymentIntentId));
    if (!payment || payment.bookingId !== input.bookingId)
      return yield* Effect.fail(new PaymentNotFound({ message: "Pago no encontrado para esta reserva" }));
    if (payment.kind === "shared") {
      if (!input.shareToken || input.shareToken !== payment.shareToken)
        return yield* Effect.fail(new NotAllowed({ message: "Este pago pertenece a otro link de pago" }));
    } else {
      yield* requireSelfOrAdmin(actor, payment.userId);
      if (!actor.isAdmin) yield* requireUser(actor);
    }
    return yield* settleIntent(ports, payment);
  });

/** The provider's webhook says an intent succeeded: record it exactly like the browser would. */
export const recordPaymentFromProvider = (
  ports: Pick<Ports, "payments" | "shareLinks" | "gateway" | "clock" | "discountCodes" | NoticePorts>,
  intentId: string,
) =>
  Effect.gen(function* () {
    const payment = yield* call(() => ports.payments.findByIntent(intentId));
    if (!payment) return { payment: undefined, alreadyRecorded: false };
    return yield* settleIntent(ports, payment);
  });
