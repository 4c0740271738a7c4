import * as Schema from "effect/Schema";
import { chargedOf, type Payment } from "../domain/entities.js";
import { formatMoney } from "../domain/money.js";
import { placesLeft } from "../domain/share-link.js";
import type { PaymentWithPayer } from "../ports/payment-repository.js";
import type { PaymentWithBooking } from "../use-cases/history.js";
import type { ShareLink } from "../domain/share-link.js";
import { BookingAnswer, presentBooking, PublicBookingAnswer } from "./bookings.js";
import { CourtWithVenueAnswer } from "./catalog.js";
import { GameType, Instant, LocalDate, LocalMidnight, Money, Slot } from "./common.js";

/** Payments, the club's transactions and share links as the API sends them. */

const paymentFields = {
  id: Schema.String,
  status: Schema.Literal("pending", "succeeded", "failed", "refunded"),
  kind: Schema.Literal("partial", "full", "shared", "cash", "remainder", "wallet", "punch_card"),
  amount: Money,
  discount: Money,
  discountCode: Schema.NullOr(Schema.String),
  stripeFee: Money,
  netAmount: Money,
  /** amount - discount */
  totalPaid: Money,
  refundedAmount: Money,
  /** decided and not yet confirmed by the provider: a cancellation's or a club closure's */
  refundOwed: Money,
  refundSentAt: Schema.NullOr(Instant),
  flag: Schema.NullOr(Schema.Literal("mismatch", "refunded_on_arrival")),
  createdAt: Instant,
  paidAt: Schema.NullOr(Instant),
  bookingId: Schema.String,
  userId: Schema.String,
  stripePaymentIntentId: Schema.String,
  shareToken: Schema.NullOr(Schema.String),
  invoiceNumber: Schema.NullOr(Schema.String),
  venueName: Schema.String,
  courtName: Schema.String,
  courtNumber: Schema.Int,
  bookingDate: LocalMidnight,
  date: LocalDate,
  timeSlot: Slot,
  gameType: GameType,
};

export const PaymentAnswer = Schema.Struct(paymentFields).annotations({ identifier: "Payment" });
export type PaymentAnswer = typeof PaymentAnswer.Encoded;

/** A player's payment with its booking; null when the court was deleted. */
export const PaymentWithBookingAnswer = Schema.Struct({ ...paymentFields, booking: Schema.NullOr(BookingAnswer) }).annotations({
  identifier: "PaymentWithBooking",
});
export type PaymentWithBookingAnswer = typeof PaymentWithBookingAnswer.Encoded;

/**
 * net = amount - discount - stripeFee - refundedAmount for a settled payment, 0 for an attempt never charged; settled: whether it counts in the revenue summary.
 * userName, userEmail: the buyer as the invoice names them (the account's full name where it has one, as when the payment was recorded; a guest's typed name).
 */
export const TransactionAnswer = Schema.Struct({
  ...paymentFields,
  /**
   * set on a product sold (the row is a purchase, its id the purchase's): what it was and how it
   * was paid; its kind says the same ("full": by card, "cash": at the desk). Its receipt:
   * GET /api/user/purchases/{id}/invoice. No game: its game fields name the product (courtName),
   * the venue it belongs to or '' (venueName), and the day it was sold (date).
   */
  sale: Schema.optional(
    Schema.Struct({ product: Schema.Literal("wallet_topup", "punch_card", "membership"), name: Schema.String, method: Schema.Literal("card", "cash") }),
  ),
  userName: Schema.NullOr(Schema.String),
  userEmail: Schema.NullOr(Schema.String),
  net: Money,
  settled: Schema.Boolean,
}).annotations({ identifier: "Transaction" });
export type TransactionAnswer = typeof TransactionAnswer.Encoded;

export const TransactionsPageAnswer = Schema.Struct({
  items: Schema.Array(TransactionAnswer),
  total: Schema.Int,
  page: Schema.Int,
  pageSize: Schema.Int,
  /** the cursor of the page's last row, for `after`; null on the last page */
  nextAfter: Schema.NullOr(Schema.String),
}).annotations({ identifier: "TransactionsPage" });
export type TransactionsPageAnswer = typeof TransactionsPageAnswer.Encoded;

/** POST /api/create-payment-intent: what the card form needs and what the player will pay. */
export const PaymentIntentAnswer = Schema.Struct({
  clientSecret: Schema.String,
  paymentIntentId: Schema.String,
  amount: Money,
  discount: Money,
  totalPaid: Money,
  stripeFee: Money,
  discountCode: Schema.NullOr(Schema.String),
}).annotations({ identifier: "PaymentIntent" });
export type PaymentIntentAnswer = typeof PaymentIntentAnswer.Encoded;

/** The simulated provider's card confirmation. */
export const CardConfirmationAnswer = Schema.Struct({ paymentIntentId: Schema.String, status: Schema.String }).annotations({
  identifier: "CardConfirmation",
});
export type CardConfirmationAnswer = typeof CardConfirmationAnswer.Encoded;

export const RevenueAnswer = Schema.Struct({ revenue: Money }).annotations({ identifier: "Revenue" });
export type RevenueAnswer = typeof RevenueAnswer.Encoded;

/** gross - discounts - stripeFees - refunds = net; total = gross - discounts - refunds */
export const PaymentStatsAnswer = Schema.Struct({
  totalRevenue: Money,
  completedCount: Schema.Int,
  pendingAmount: Money,
  pendingCount: Schema.Int,
  summary: Schema.Struct({ gross: Money, total: Money, discounts: Money, stripeFees: Money, refunds: Money, net: Money }),
}).annotations({ identifier: "PaymentStats" });
export type PaymentStatsAnswer = typeof PaymentStatsAnswer.Encoded;

/** GET /api/payments/day-stats?date=: one day's figures of the admin dashboard (and of `courts stats --json`). */
export const DayStatsAnswer = Schema.Struct({
  date: LocalDate,
  bookings: Schema.Int,
  revenue: Money,
  courts: Schema.Int,
  maintenance: Schema.Int,
  occupancyRate: Schema.Number,
}).annotations({ identifier: "DayStats" });
export type DayStatsAnswer = typeof DayStatsAnswer.Encoded;

export const WebhookReceiptAnswer = Schema.Struct({ received: Schema.Boolean }).annotations({ identifier: "WebhookReceipt" });

export const ShareLinkAnswer = Schema.Struct({
  shareToken: Schema.String,
  amountPerPerson: Money,
  maxParticipants: Schema.Int,
  currentParticipants: Schema.Int,
  placesLeft: Schema.Int,
  expiresAt: Instant,
}).annotations({ identifier: "ShareLink" });
export type ShareLinkAnswer = typeof ShareLinkAnswer.Encoded;

/** POST /api/shared-payment-links: the address to send to the other players. */
export const ShareLinkCreatedAnswer = Schema.Struct({
  shareUrl: Schema.String,
  shareToken: Schema.String,
  expiresAt: Instant,
  amountPerPerson: Money,
  maxParticipants: Schema.Int,
}).annotations({ identifier: "ShareLinkCreated" });
export type ShareLinkCreatedAnswer = typeof ShareLinkCreatedAnswer.Encoded;

/**
 * GET /api/shared-payment-links/{token}: what the link's holder sees. `yourPayment`: a signed-in
 * holder who already paid for this booking, what their card was charged and when (null otherwise):
 * the page shows it instead of asking them to pay again.
 */
export const SharedPaymentAnswer = Schema.Struct({
  link: ShareLinkAnswer,
  booking: PublicBookingAnswer,
  court: Schema.NullOr(CourtWithVenueAnswer),
  yourPayment: Schema.NullOr(Schema.Struct({ paymentId: Schema.String, charged: Money, paidAt: Instant })),
}).annotations({ identifier: "SharedPayment" });
export type SharedPaymentAnswer = typeof SharedPaymentAnswer.Encoded;

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export const presentPayment = (payment: Payment): PaymentAnswer => ({
  id: payment.id,
  status: payment.status,
  kind: payment.kind,
  amount: formatMoney(payment.amount),
  discount: formatMoney(payment.discount),
  discountCode: payment.discountCode,
  stripeFee: formatMoney(payment.stripeFee),
  netAmount: formatMoney(payment.netAmount),
  totalPaid: formatMoney(chargedOf(payment)),
  refundedAmount: formatMoney(payment.refundedAmount),
  refundOwed: formatMoney(payment.refundOwed),
  refundSentAt: isoOrNull(payment.refundSentAt),
  flag: payment.flag,
  createdAt: iso(payment.createdAt),
  paidAt: isoOrNull(payment.paidAt),
  bookingId: payment.bookingId,
  userId: payment.userId,
  stripePaymentIntentId: payment.stripePaymentIntentId,
  shareToken: payment.shareToken,
  invoiceNumber: payment.invoiceNumber,
  venueName: payment.venueName,
  courtName: payment.courtName,
  courtNumber: payment.courtNumber,
  bookingDate: `${payment.bookingDate}T00:00:00`,
  date: payment.bookingDate,
  timeSlot: payment.timeSlot,
  gameType: payment.gameType,
});

/**
 * A payment with its booking. A friend who paid a share of someone else's booking sees the game,
 * not the organiser's affairs: no cancellation reason (their free text) and no balance due (their
 * debt), as the share link's page shows it.
 */
export const presentPaymentWithBooking = (payment: PaymentWithBooking): PaymentWithBookingAnswer => {
  // `booking` added to presentPayment's fresh object, not `{ ...presentPayment(payment), booking }`:
  // a spread followed by a new key gives each payment a V8 map of its own (see createBooking)
  if (payment.booking === null) return Object.assign(presentPayment(payment), { booking: null });
  const booking = presentBooking(payment.booking);
  const organisers = payment.booking.userId === payment.userId;
  return Object.assign(presentPayment(payment), { booking: organisers ? booking : { ...booking, cancellationReason: null, balanceDue: formatMoney(0) } });
};

/**
 * The revenue summary's definitions, row by row (see PaymentSummary): whether a row counts in it.
 * A payment from the wallet or with a punch card's hour does not: its money was counted once, when
 * the top-up or the card was sold (that sale is a row of its own).
 */
export const isSettled = (payment: Pick<Payment, "status" | "paidAt" | "kind">): boolean =>
  (payment.status === "succeeded" || payment.status === "refunded") && payment.paidAt !== null && payment.kind !== "wallet" && payment.kind !== "punch_card";
export const netOf = (payment: Payment): number => payment.amount - payment.discount - payment.stripeFee - payment.refundedAmount;
/** The card fee the provider kept: none on an attempt that was never charged (failed, pending). */
export const feeTakenOf = (payment: Payment): number => (isSettled(payment) ? payment.stripeFee : 0);
/** What the club keeps of a payment, as its row reads: nothing of an attempt never charged. */
export const keptNetOf = (payment: Payment): number => (isSettled(payment) ? netOf(payment) : 0);

export const presentTransaction = (payment: PaymentWithPayer): TransactionAnswer => ({
  ...presentPayment(payment),
  ...(payment.sale === undefined ? {} : { sale: { ...payment.sale } }),
  userName: payment.userName,
  userEmail: payment.userEmail,
  net: formatMoney(keptNetOf(payment)),
  settled: isSettled(payment),
});

export const presentShareLink = (link: ShareLink): ShareLinkAnswer => ({
  shareToken: link.token,
  amountPerPerson: formatMoney(link.amountPerPerson),
  maxParticipants: link.maxParticipants,
  currentParticipants: link.currentParticipants,
  placesLeft: placesLeft(link),
  expiresAt: iso(link.expiresAt),
});
