import type {
  Booking,
  BookingWithCourt,
  CalendarEntry,
  Court,
  DiscountCode,
  Payment,
  PaymentWithBooking,
  PaymentWithPayer,
  ShareLink,
  User,
  VenueWithCount,
} from "@courts/core";
import { balanceDueOf, chargedOf, formatMoney, paymentStatusOf, placesLeft } from "@courts/core";

/**
 * Domain values -> the JSON of docs/API.md. Money leaves as decimal strings, instants as ISO
 * UTC, a booking's day as the local date (and `bookingDate` as that date at local midnight).
 */

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());
const localMidnight = (date: string): string => `${date}T00:00:00`;

export const presentUser = (user: User) => ({ id: user.id, username: user.username, email: user.email });

export const presentVenue = (venue: VenueWithCount) => ({
  id: venue.id,
  name: venue.name,
  location: venue.location,
  description: venue.description,
  imageUrl: venue.imageUrl,
  imageData: venue.imageData,
  courtCount: venue.courtCount,
});

export const presentCourt = (court: Court) => ({
  id: court.id,
  venueId: court.venueId,
  name: court.name,
  courtNumber: court.courtNumber,
  status: court.status,
  imageUrl: court.imageUrl,
  imageData: court.imageData,
  daySinglesPrice: formatMoney(court.prices.daySingles),
  dayDoublesPrice: formatMoney(court.prices.dayDoubles),
  nightSinglesPrice: formatMoney(court.prices.nightSingles),
  nightDoublesPrice: formatMoney(court.prices.nightDoubles),
});

const bookingFields = (booking: Booking) => ({
  id: booking.id,
  userId: booking.userId,
  courtId: booking.courtId,
  bookingDate: localMidnight(booking.date),
  date: booking.date,
  timeSlot: booking.timeSlot,
  gameType: booking.gameType,
  tariffType: booking.tariffType,
  totalAmount: formatMoney(booking.totalAmount),
  paidAmount: formatMoney(booking.paidAmount),
  paymentStatus: paymentStatusOf(booking.paidAmount, booking.totalAmount),
  status: booking.status,
  cancellationReason: booking.cancellationReason,
  refundPercentage: booking.refundPercentage,
  createdAt: iso(booking.createdAt),
  holdExpiresAt: isoOrNull(booking.holdExpiresAt),
  shareDeadlineAt: isoOrNull(booking.shareDeadlineAt),
  balanceDue: formatMoney(balanceDueOf(booking)),
});

export const presentBooking = (booking: BookingWithCourt) => ({
  ...bookingFields(booking),
  court: {
    id: booking.court.id,
    name: booking.court.name,
    courtNumber: booking.court.courtNumber,
    venueId: booking.court.venueId,
    venueName: booking.court.venueName,
  },
});

/** For a share-link holder: the booking without who made it. */
export const presentPublicBooking = (booking: BookingWithCourt) => {
  const { userId: _userId, cancellationReason: _reason, ...rest } = presentBooking(booking);
  return rest;
};

export const presentCalendarEntry = (entry: CalendarEntry) => ({
  id: entry.id,
  bookingDate: localMidnight(entry.date),
  date: entry.date,
  timeSlot: entry.timeSlot,
  gameType: entry.gameType,
  court: { id: entry.courtId, courtNumber: entry.courtNumber, name: entry.courtName },
});

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

export const presentTransaction = (payment: PaymentWithPayer) => ({
  ...presentPayment(payment),
  userName: payment.userName,
  userEmail: payment.userEmail,
});

/** A fixed value is stored in cents and shown in dollars (5.5); a percentage is a whole number. */
export const presentDiscountCode = (code: DiscountCode) => ({
  id: code.id,
  code: code.code,
  type: code.type,
  value: code.type === "fixed" ? code.value / 100 : code.value,
  maxUsage: code.maxUsage,
  usageCount: code.usageCount,
  expiresAt: isoOrNull(code.expiresAt),
  isActive: code.isActive,
  createdAt: iso(code.createdAt),
});

export const presentShareLink = (link: ShareLink) => ({
  shareToken: link.token,
  amountPerPerson: formatMoney(link.amountPerPerson),
  maxParticipants: link.maxParticipants,
  currentParticipants: link.currentParticipants,
  placesLeft: placesLeft(link),
  expiresAt: iso(link.expiresAt),
});
