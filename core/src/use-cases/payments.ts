import * as Effect from "effect/Effect";
import type { Booking } from "../domain/booking.js";
import { remainingOf } from "../domain/booking.js";
import type { Payment, PaymentFlag, PaymentKind } from "../domain/entities.js";
import { chargedOf, pendingPayment } from "../domain/entities.js";
import {
  BookingFullyPaid,
  BookingNotActive,
  InvalidInput,
  NotAllowed,
  OrganiserNotPaid,
  PaymentAlreadyRecorded,
  PaymentMismatch,
  PaymentNotConfirmed,
  PaymentNotFound,
  PaymentRefunded,
  ShareLinkFull,
  ShareLinkPlacesPending,
} from "../domain/errors.js";
import { breakdown } from "../domain/fees.js";
import type { Cents } from "../domain/money.js";
import { ownShare, shareAt } from "../domain/shares.js";
import { PLACES_IN_PAYMENT_MESSAGE, WAITING_FOR_ORGANISER, type ShareLink } from "../domain/share-link.js";
import { isUnpaidHold } from "../domain/hold.js";
import { recordedPaymentEvents } from "../domain/events.js";
import type { Ports } from "../ports/index.js";
import { recordProviderRefunds, sendRefundsNow } from "../ledger/refunds.js";
import type { PaymentIntentBody, RecordPaymentBody } from "../schemas/requests.js";
import { findUsableCode, unusable } from "./discounts.js";
import { paymentOf, usableShareLink } from "./share-links.js";
import { MIN_CARD_CHARGE } from "../domain/pricing.js";
import { bookingNotFound } from "./lookups.js";
import { cardSaving, checkPayable } from "./payability.js";
import type { Actor } from "./support.js";
import { call, callOr, requireSelfOrAdmin, requireUser } from "./support.js";

/** What the receipt and the organiser's notices read and write. */
type NoticePorts = "bookings" | "users" | "notifications" | "outbox" | "ids";


export const CURRENCY = "usd" as const;

export interface IntentAnswer {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
  readonly payerId: string;
  readonly payment: Payment;
}

const activeBooking = (ports: Pick<Ports, "bookings">, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* callOr(() => ports.bookings.findById(bookingId), bookingNotFound);
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

/** What opening a card intent reads and writes, the notices of a paid booking included. */
export type PaymentIntentPorts = Pick<
  Ports,
  "bookings" | "payments" | "refunds" | "shareLinks" | "discountCodes" | "gateway" | "clock" | "ids" | "courts" | "venues" | "users" | "notifications" | "outbox"
>;

/**
 * Creates (or returns the still-open) card intent for a booking: the owner's share or the rest
 * ("partial" / "full"), or the next share for anyone holding the booking's share link.
 * A discount use is reserved with the pending payment, in one transaction, and released with it
 * if the intent is abandoned: a process stopped anywhere in between keeps no use.
 */
export const createPaymentIntent = (ports: PaymentIntentPorts, actor: Actor, input: PaymentIntentBody) =>
  Effect.gen(function* () {
    const booking = yield* activeBooking(ports, input.bookingId);
    let kind: PaymentKind;
    let payerId: string;
    let link: ShareLink | undefined;
    if (input.shareToken !== undefined) {
      link = yield* usableShareLink(ports, input.shareToken, booking.id, booking);
      // A hold lasts until its organiser pays (DESIGN.md section 8): a friend's share first would end
      // it, and keep the slot on nobody's card. The others pay once the organiser has.
      if (isUnpaidHold(booking, ports.clock.now())) return yield* Effect.fail(new OrganiserNotPaid({ message: WAITING_FOR_ORGANISER.message }));
      // a signed-in player pays one share: a second one would count them twice ('3 de 4' for two people)
      if (yield* paymentOf(ports, booking.id, actor.userId))
        return yield* Effect.fail(new PaymentAlreadyRecorded({ message: "Ya pagaste tu parte de esta reserva: tu recibo está en Historial de Pagos." }));
      kind = "shared";
      payerId = actor.userId ?? `shared-${ports.ids.uuid()}`;
    } else {
      yield* requireSelfOrAdmin(actor, booking.userId);
      if (!actor.isAdmin) yield* requireUser(actor);
      kind = input.paymentType === "full" ? "full" : "partial";
      payerId = booking.userId;
    }
    yield* checkPayable(ports, booking, kind);
    const amount = amountToPay(booking, kind, link);
    if (amount <= 0) return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya está pagada por completo" }));

    const codeText = input.discountCode ? input.discountCode : undefined;
    // Other terms, or the card was already charged (a checkout reloaded after a dropped
    // connection): an open intent is settled or cancelled at the provider before any new one.
    const letGo = (replaced: Payment) =>
      Effect.gen(function* () {
        const outcome = yield* settleOrCancelIntent(ports, replaced);
        if (outcome === "recorded")
          return yield* Effect.fail(
            new PaymentAlreadyRecorded({
              message: "Tu pago anterior ya fue confirmado y quedó registrado. Revisa tu reserva antes de pagar otra vez.",
            }),
          );
        if (outcome === "unsettled")
          return yield* Effect.fail(
            new PaymentNotConfirmed({ message: "Tu pago anterior aún se está procesando. Inténtalo de nuevo en unos minutos." }),
          );
      });
    // The owner switching between their share and the rest (checkout's choice): the intent of the
    // other choice is replaced too, so it can no longer be charged nor keep a discount use.
    const otherKind = kind === "partial" ? "full" : kind === "full" ? "partial" : undefined;
    const switched = otherKind === undefined ? undefined : yield* call(() => ports.payments.findPending(booking.id, payerId, otherKind));
    if (switched) yield* letGo(switched);
    const open = actor.userId === null && kind === "shared" ? undefined : yield* call(() => ports.payments.findPending(booking.id, payerId, kind));
    if (open) {
      const sameTerms = open.amount === amount && (open.discountCode ?? undefined) === (codeText?.toUpperCase() ?? undefined);
      const intent = sameTerms ? yield* call(() => ports.gateway.retrieveIntent(open.stripePaymentIntentId)) : undefined;
      if (intent && intent.status !== "succeeded" && intent.status !== "canceled")
        return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, payerId, payment: open } satisfies IntentAnswer;
      yield* letGo(open);
    }

    const code = codeText ? yield* findUsableCode(ports, codeText) : undefined;
    const figures = breakdown(amount, code);
    if (figures.charged < MIN_CARD_CHARGE) {
      return yield* Effect.fail(new InvalidInput({ field: "discountCode", message: "El monto a pagar con tarjeta debe ser de al menos $0.50" }));
    }

    const court = yield* call(() => ports.courts.findById(booking.courtId));
    const venue = court ? yield* call(() => ports.venues.findById(court.venueId)) : undefined;
    const paymentId = ports.ids.uuid();
    const saving = yield* cardSaving(ports, booking, kind, payerId);
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
        ...saving,
      }),
    );

    const payment = pendingPayment({
      id: paymentId,
      bookingId: booking.id,
      userId: payerId,
      kind,
      amount: figures.amount,
      discount: figures.discount,
      discountCode: code?.code ?? null,
      discountCodeId: code?.id ?? null,
      stripeFee: figures.fee,
      netAmount: figures.net,
      stripePaymentIntentId: intent.id,
      shareToken: link?.token ?? null,
      createdAt: ports.clock.now(),
      venueName: venue?.name ?? booking.court.venueName,
      courtName: court?.name ?? booking.court.name,
      courtNumber: court?.courtNumber ?? booking.court.courtNumber,
      bookingDate: booking.date,
      timeSlot: booking.timeSlot,
      gameType: booking.gameType,
    });
    // A share takes one of the link's places left, counting the shares still being paid: a
    // guest cannot open more intents than there are places (nor hold a code's uses with them).
    const saved = yield* call(() => (link ? ports.payments.insertSharePending(payment) : ports.payments.insertPending(payment)));
    if (saved === "code-used-up" || saved === "no-place-left") {
      // the code's last use, or the link's last place, went to another payer since it was checked: this intent is let go
      yield* call(() => ports.gateway.cancelIntent(intent.id)).pipe(Effect.ignore);
      return yield* Effect.fail(saved === "code-used-up" ? unusable("used-up") : new ShareLinkPlacesPending({ message: PLACES_IN_PAYMENT_MESSAGE }));
    }
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, payerId, payment: saved } satisfies IntentAnswer;
  });

/** An intent that will not be paid: the payment fails and its reserved discount use comes back. */
export const abandonPayment = (ports: Pick<Ports, "payments" | "refunds">, payment: Payment) =>
  call(() => ports.payments.markFailed(payment.id, payment.discountCodeId)).pipe(Effect.asVoid);

/** How long one process keeps a payment it works on: three provider calls with their timeouts, and margin. */
export const CLAIM_MS = 2 * 60_000;

/**
 * Money the provider took that cannot apply goes back in full, never silently kept: written as
 * owed first (a crash cannot lose it), flagged for the admin, its discount use released, sent now
 * when the provider answers.
 */
const refundOnArrival = (
  ports: Pick<Ports, "payments" | "refunds" | "gateway" | "clock" | "ids">,
  payment: Payment,
  amount: Cents,
  flag: PaymentFlag,
) =>
  Effect.gen(function* () {
    // a pending payment's reserved discount use goes back with the decision, in one transaction
    const releaseUseOf = payment.status === "pending" ? payment.discountCodeId : null;
    const refundId = ports.ids.uuid();
    const decided = yield* call(() => ports.payments.oweRefund({ id: payment.id, refundId, amount, flag, at: ports.clock.now(), releaseUseOf }));
    if (decided) yield* sendRefundsNow(ports, [refundId]);
    return decided;
  });

const REFUNDED_MESSAGE = "Este pago fue reembolsado: el dinero vuelve a tu tarjeta.";

/**
 * Records a payment the provider says succeeded, checking amount, currency and metadata first.
 * Used by the browser's call, the provider's webhook and the sweep; the same intent is recorded
 * once. Money taken that can no longer apply (link full, booking cancelled or paid meanwhile,
 * intent abandoned) or that does not match its payment is refunded in full and flagged for the
 * admin before answering. Answers only a succeeded payment; anything else is a failure.
 */
export const settleIntent = (
  ports: Pick<Ports, "payments" | "refunds" | "shareLinks" | "gateway" | "clock" | "discountCodes" | "ids" | NoticePorts>,
  payment: Payment,
) =>
  Effect.gen(function* () {
    if (payment.status === "succeeded") return { payment, alreadyRecorded: true };
    if (payment.status === "refunded") return yield* Effect.fail(new PaymentRefunded({ message: REFUNDED_MESSAGE }));
    const intent = yield* callOr(
      () => ports.gateway.retrieveIntent(payment.stripePaymentIntentId),
      () => new PaymentMismatch({ message: "El proveedor de pagos no conoce ese pago" }),
    );
    if (intent.status !== "succeeded")
      return yield* Effect.fail(
        new PaymentNotConfirmed({
          message:
            payment.status === "failed"
              ? "Este pago fue anulado y no se cobró. Vuelve a abrir el pago para pagar."
              : "El pago aún no ha sido confirmado por el proveedor",
        }),
      );
    if (
      intent.amount !== chargedOf(payment) ||
      intent.currency.toLowerCase() !== CURRENCY ||
      intent.metadata.paymentId !== payment.id ||
      intent.metadata.bookingId !== payment.bookingId
    ) {
      yield* refundOnArrival(ports, payment, intent.amount, "mismatch");
      return yield* Effect.fail(new PaymentMismatch({ message: "El pago no corresponde a esta reserva. Te devolvemos el total cobrado." }));
    }
    if (payment.status === "failed") {
      yield* refundOnArrival(ports, payment, intent.amount, "refunded_on_arrival");
      return yield* Effect.fail(new PaymentRefunded({ message: "Este intento de pago había sido anulado. Te devolvemos el total cobrado." }));
    }

    // The organiser's own share counts on the booking's link too, so "X de N" stays true
    // whether the link was created before or after they paid.
    const link = payment.shareToken
      ? yield* call(() => ports.shareLinks.findByToken(payment.shareToken as string))
      : payment.kind === "partial"
        ? yield* call(() => ports.shareLinks.findByBooking(payment.bookingId))
        : undefined;
    // the receipt, the organiser's news and the confirmation are the event's reactions (reactions.ts)
    const outcome = yield* call(() =>
      ports.payments.markSucceeded({
        intentId: payment.stripePaymentIntentId,
        at: ports.clock.now(),
        shareLinkId: link?.id ?? null,
        events: recordedPaymentEvents,
      }),
    );
    switch (outcome.kind) {
      case "recorded":
        return { payment: outcome.payment, alreadyRecorded: false };
      case "already-recorded":
        // Moved meanwhile by another caller: settle what it is now (never 2xx unless succeeded).
        switch (outcome.payment.status) {
          case "succeeded":
            return { payment: outcome.payment, alreadyRecorded: true };
          case "pending":
            return yield* Effect.fail(new PaymentNotConfirmed({ message: "El pago aún no ha sido confirmado por el proveedor" }));
          case "failed":
            // abandoned by another caller while the card was being charged
            yield* refundOnArrival(ports, outcome.payment, intent.amount, "refunded_on_arrival");
            return yield* Effect.fail(new PaymentRefunded({ message: REFUNDED_MESSAGE }));
          default:
            return yield* Effect.fail(new PaymentRefunded({ message: REFUNDED_MESSAGE }));
        }
      case "not-found":
        return yield* Effect.fail(new PaymentNotFound({ message: "Pago no encontrado" }));
      default: {
        if (!(yield* refundOnArrival(ports, payment, chargedOf(payment), "refunded_on_arrival"))) {
          // Another caller settled the same intent once it could apply (a place left the link, the
          // payer's other share was refunded): recorded, so it is kept, never refunded as well.
          const now = yield* call(() => ports.payments.findByIntent(payment.stripePaymentIntentId));
          if (now?.status === "succeeded") return { payment: now, alreadyRecorded: true };
        }
        if (outcome.kind === "link-full")
          return yield* Effect.fail(new ShareLinkFull({ message: "Reserva Completa: ya se pagaron todas las partes. Tu pago fue reembolsado." }));
        if (outcome.kind === "overpaid")
          return yield* Effect.fail(new BookingFullyPaid({ message: "La reserva ya estaba pagada. Tu pago fue reembolsado." }));
        if (outcome.kind === "share-already-paid")
          return yield* Effect.fail(
            new PaymentAlreadyRecorded({ message: "Ya habías pagado tu parte de esta reserva: este segundo pago fue reembolsado. Tu recibo está en Historial de Pagos." }),
          );
        // an unpaid hold that ran out before the card was confirmed ends here too (DESIGN.md section 8)
        return yield* Effect.fail(
          new BookingNotActive({ message: "Tu pago llegó tarde: la reserva ya no está vigente (fue cancelada o expiró). Tu pago fue reembolsado." }),
        );
      }
    }
  });

export type IntentOutcome =
  /** the provider had taken the money and it is now recorded on the booking */
  | "recorded"
  /** the provider had taken the money and it could not apply: refunded in full (or owed) */
  | "refunded"
  /** nothing was taken: cancelled at the provider, payment failed, discount use released */
  | "cancelled"
  /** the provider is still processing it: left pending for a later pass */
  | "unsettled";

/**
 * An open intent that will not be paid through its own checkout (replaced by other terms, its
 * booking cancelled or its hold expiring, or pending past the intent TTL): cancelled at the
 * provider first, so a card form left open can never be charged for nothing; if the provider
 * answers that the money was already taken, it is settled instead (recorded, or refunded in
 * full when it can no longer apply). Never fails with a domain error; a provider outage is a
 * defect and leaves the payment pending for the next pass.
 */
export const settleOrCancelIntent = (
  ports: Pick<Ports, "payments" | "refunds" | "shareLinks" | "gateway" | "clock" | "discountCodes" | "bookings" | "users" | "notifications" | "outbox" | "ids">,
  payment: Payment,
): Effect.Effect<IntentOutcome> =>
  Effect.gen(function* () {
    if (payment.status !== "pending") return payment.status === "succeeded" ? "recorded" : payment.status === "refunded" ? "refunded" : "cancelled";
    const intent = yield* call(() => ports.gateway.cancelIntent(payment.stripePaymentIntentId));
    if (intent === undefined || intent.status === "canceled") {
      yield* abandonPayment(ports, payment);
      return "cancelled";
    }
    if (intent.status !== "succeeded") return "unsettled";
    return yield* settleIntent(ports, payment).pipe(
      Effect.map((r): IntentOutcome => (r.payment.status === "succeeded" ? "recorded" : "refunded")),
      Effect.catchAll((error): Effect.Effect<IntentOutcome> => Effect.succeed(error._tag === "PaymentNotConfirmed" ? "unsettled" : "refunded")),
    );
  });

/** POST /api/payments: the payer (or a share-link holder) reports a confirmed card payment. */
export const recordPayment = (
  ports: Pick<Ports, "payments" | "refunds" | "shareLinks" | "gateway" | "clock" | "discountCodes" | NoticePorts>,
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
      // a signed-in player's own share (an open match's place) needs no link token: it names its payer
      const ownShare = actor.userId !== null && payment.userId === actor.userId && !input.shareToken;
      if (!ownShare && (!input.shareToken || input.shareToken !== payment.shareToken))
        return yield* Effect.fail(new NotAllowed({ message: "Este pago pertenece a otro link de pago" }));
    } else {
      yield* requireSelfOrAdmin(actor, payment.userId);
      if (!actor.isAdmin) yield* requireUser(actor);
    }
    return yield* settleIntent(ports, payment);
  });

/** The provider's webhook says an intent succeeded: record it exactly like the browser would. */
export const recordPaymentFromProvider = (
  ports: Pick<Ports, "payments" | "refunds" | "shareLinks" | "gateway" | "clock" | "discountCodes" | NoticePorts>,
  intentId: string,
) =>
  Effect.gen(function* () {
    const payment = yield* call(() => ports.payments.findByIntent(intentId));
    if (!payment) return { payment: undefined, alreadyRecorded: false };
    return yield* settleIntent(ports, payment);
  });

/**
 * The provider's `charge.refunded`: money of this intent went back at the provider (its
 * dashboard). A charge the browser has not reported yet is settled first (recorded, or refunded
 * on arrival when it can no longer apply), as `payment_intent.succeeded` would; then the ledger
 * asks the provider for the charge's refunds and records what it did not know, so no part of a
 * charge is kept unseen.
 */
export const recordRefundsFromProvider = (
  ports: Pick<Ports, "payments" | "refunds" | "shareLinks" | "gateway" | "clock" | "discountCodes" | NoticePorts>,
  intentId: string,
) =>
  Effect.gen(function* () {
    const payment = yield* call(() => ports.payments.findByIntent(intentId));
    // a refusal here is no failure of the event: the payment is then refunded on arrival, settled all the same
    if (payment?.status === "pending") yield* Effect.either(settleIntent(ports, payment));
    return yield* recordProviderRefunds(ports, intentId);
  });
