import { Schema } from "effect";
import type { DiscountCode } from "../domain/discount.js";
import { formatMoney } from "../domain/money.js";
import { paymentStatusOf } from "../domain/booking.js";
import type { BookingWithCourt } from "../ports/booking-repository.js";

/** Bookings and discount codes as the API (and the CLI's `--json`) sends them. */

const Money = Schema.String.pipe(Schema.pattern(/^-?\d+\.\d{2}$/));
const Instant = Schema.String; // ISO 8601 UTC, e.g. 2026-11-21T12:00:00.000Z

export const BookingAnswer = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  courtId: Schema.String,
  bookingDate: Schema.String,
  date: Schema.String,
  timeSlot: Schema.String,
  gameType: Schema.Literal("singles", "doubles"),
  tariffType: Schema.Literal("day", "night"),
  totalAmount: Money,
  paidAmount: Money,
  paymentStatus: Schema.Literal("pending", "partial", "completed"),
  status: Schema.Literal("active", "confirmed", "cancelled"),
  cancellationReason: Schema.NullOr(Schema.String),
  refundPercentage: Schema.NullOr(Schema.Number),
  createdAt: Instant,
  court: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    courtNumber: Schema.Int,
    venueId: Schema.String,
    venueName: Schema.String,
  }),
});
export type BookingAnswer = typeof BookingAnswer.Type;

export const DiscountCodeAnswer = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  type: Schema.Literal("percentage", "fixed"),
  /** a fixed value in dollars (5.5), a percentage as a whole number */
  value: Schema.Number,
  maxUsage: Schema.NullOr(Schema.Int),
  usageCount: Schema.Int,
  expiresAt: Schema.NullOr(Instant),
  isActive: Schema.Boolean,
  createdAt: Instant,
});
export type DiscountCodeAnswer = typeof DiscountCodeAnswer.Type;

export const presentBooking = (booking: BookingWithCourt): BookingAnswer => ({
  id: booking.id,
  userId: booking.userId,
  courtId: booking.courtId,
  bookingDate: `${booking.date}T00:00:00`,
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
  createdAt: booking.createdAt.toISOString(),
  court: {
    id: booking.court.id,
    name: booking.court.name,
    courtNumber: booking.court.courtNumber,
    venueId: booking.court.venueId,
    venueName: booking.court.venueName,
  },
});

/** A fixed value is stored in cents and shown in dollars (5.5); a percentage is a whole number. */
export const presentDiscountCode = (code: DiscountCode): DiscountCodeAnswer => ({
  id: code.id,
  code: code.code,
  type: code.type,
  value: code.type === "fixed" ? code.value / 100 : code.value,
  maxUsage: code.maxUsage,
  usageCount: code.usageCount,
  expiresAt: code.expiresAt === null ? null : code.expiresAt.toISOString(),
  isActive: code.isActive,
  createdAt: code.createdAt.toISOString(),
});
