import type {
  BookingWithCourt,
  Payment,
  PaymentWithBooking,
  PaymentWithPayer,
  ShareLink,
} from "@courts/core";
import { chargedOf, formatMoney, placesLeft, presentBooking } from "@courts/core";

/**
 * Domain values -> the JSON of docs/API.md. Money leaves as decimal strings, instants as ISO
 * UTC, a booking's day as the local date (and `bookingDate` as that date at local midnight).
 */

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());
const localMidnight = (date: string): string => `${date}T00:00:00`;

// These answers are part of core's contract (core/src/contract), shared with the CLI's `--json`.
export { presentBooking, presentCourt, presentDiscountCode, presentUser, presentVenue } from "@courts/core";

/** For a share-link holder: the booking without who made it. */
export const presentPublicBooking = (booking: BookingWithCourt) => {
  const { userId: _userId, cancellationReason: _reason, ...rest } = presentBooking(booking);
  return rest;
};

export const presentPayment = (payment: Payment) => ({
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
  /** decided and not yet confirmed by the provider */
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
  bookingDate: localMidnight(payment.bookingDate),
  date: payment.bookingDate,
  timeSlot: payment.timeSlot,
  gameType: payment.gameType,
});

export const presentPaymentWithBooking = (payment: PaymentWithBooking) => ({
  ...presentPayment(payment),
  booking: payment.booking === null ? null : presentBooking(payment.booking),
});

/** The revenue summary's definitions, row by row (see PaymentSummary). */
export const isSettled = (payment: Payment): boolean =>
  (payment.status === "succeeded" || payment.status === "refunded") && payment.paidAt !== null;
export const netOf = (payment: Payment): number => payment.amount - payment.discount - payment.stripeFee - payment.refundedAmount;

export const presentTransaction = (payment: PaymentWithPayer) => ({
  ...presentPayment(payment),
  userName: payment.userName,
  userEmail: payment.userEmail,
  net: formatMoney(netOf(payment)),
  settled: isSettled(payment),
});

export const presentShareLink = (link: ShareLink) => ({
  shareToken: link.token,
  amountPerPerson: formatMoney(link.amountPerPerson),
  maxParticipants: link.maxParticipants,
  currentParticipants: link.currentParticipants,
  placesLeft: placesLeft(link),
  expiresAt: iso(link.expiresAt),
});
