import * as Schema from "effect/Schema";
import type { BallotDraw, BallotEntry } from "../domain/ballot.js";
import type { DiscountCode } from "../domain/discount.js";
import { formatMoney } from "../domain/money.js";
import { paymentStatusOf } from "../domain/booking.js";
import type { BookingState } from "../domain/booking-state.js";
import { balanceDueOf, holdOf } from "../domain/hold.js";
import type { BookingWithCourt } from "../ports/booking-repository.js";
import { GameType, Instant, LocalDate, LocalMidnight, Money, Slot } from "./common.js";

/** Bookings and discount codes as the API (and the CLI's `--json`) sends them. */

export const BookingCourt = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  courtNumber: Schema.Int,
  venueId: Schema.String,
  venueName: Schema.String,
}).annotations({ identifier: "BookingCourt" });

const bookingFields = {
  id: Schema.String,
  userId: Schema.String,
  courtId: Schema.String,
  bookingDate: LocalMidnight,
  date: LocalDate,
  timeSlot: Slot,
  gameType: GameType,
  tariffType: Schema.Literal("day", "night"),
  totalAmount: Money,
  paidAmount: Money,
  paymentStatus: Schema.Literal("pending", "partial", "completed"),
  status: Schema.Literal("active", "confirmed", "cancelled", "expired"),
  /**
   * What the player's lists show at the server's clock (DESIGN.md section 14): status, an overdue
   * hold as expired, and "played" once a live game started. In the player's bookings and payments lists.
   */
  state: Schema.optional(
    Schema.Literal("active", "confirmed", "cancelled", "expired", "played").annotations({
      description: "Lo que muestran las listas del jugador al reloj del servidor: status, una retención vencida como expired, y played desde que empieza un partido vivo",
    }),
  ),
  cancellationReason: Schema.NullOr(Schema.String),
  refundPercentage: Schema.NullOr(Schema.Int),
  createdAt: Instant,
  /** while unpaid: the slot is held until then (DESIGN.md section 8) */
  holdExpiresAt: Schema.NullOr(Instant),
  /** the others pay shares until then; then the rest goes to the organiser's saved card */
  shareDeadlineAt: Schema.NullOr(Instant),
  /** what that charge could not take: it blocks new bookings until paid */
  balanceDue: Money,
  court: BookingCourt,
};

const { userId: _userId, cancellationReason: _reason, ...publicBookingFields } = bookingFields;

export const BookingAnswer = Schema.Struct(bookingFields).annotations({ identifier: "Booking" });
export type BookingAnswer = typeof BookingAnswer.Type;

/** For a share-link holder: the booking without who made it. */
export const PublicBookingAnswer = Schema.Struct(publicBookingFields).annotations({ identifier: "PublicBooking" });
export type PublicBookingAnswer = typeof PublicBookingAnswer.Type;

/**
 * A cell of the admin's day schedule: the booking with its player and what is still to pay.
 * userName: the player's username; playerName: how to name them (their full name when they gave
 * one, else the username); playerPhone: E.164, when they gave one. Null when the account is gone.
 */
export const ScheduledBookingAnswer = Schema.Struct({
  ...bookingFields,
  userName: Schema.NullOr(Schema.String),
  playerName: Schema.NullOr(Schema.String),
  playerPhone: Schema.NullOr(Schema.String),
  seriesId: Schema.NullOr(Schema.String),
  remainingAmount: Money,
}).annotations({ identifier: "ScheduledBooking" });
export type ScheduledBookingAnswer = typeof ScheduledBookingAnswer.Type;

/** POST /api/cancellations. refundPending: the part of refundAmount the provider has not confirmed yet. */
export const CancellationAnswer = Schema.Struct({
  refundPercentage: Schema.Int,
  refundAmount: Money,
  refundPending: Money,
  booking: BookingAnswer,
}).annotations({ identifier: "Cancellation" });
export type CancellationAnswer = typeof CancellationAnswer.Encoded;

/** GET /api/admin/balances: remainders the organiser's card did not pay; userName names the organiser (full name where given). */
export const BalanceAnswer = Schema.Struct({
  booking: BookingAnswer,
  bookingId: Schema.String,
  balanceDue: Money,
  userName: Schema.NullOr(Schema.String),
  userEmail: Schema.NullOr(Schema.String),
}).annotations({ identifier: "Balance" });
export type BalanceAnswer = typeof BalanceAnswer.Encoded;

/** GET /api/admin/refunds/late: refunds the provider has not confirmed past the alert hours, with why. */
export const LateRefundAnswer = Schema.Struct({
  id: Schema.String,
  paymentId: Schema.String,
  bookingId: Schema.String,
  reason: Schema.Literal("player", "closure", "series", "settlement", "provider"),
  amount: Money,
  attempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  createdAt: Instant,
}).annotations({ identifier: "LateRefund" });
export type LateRefundAnswer = typeof LateRefundAnswer.Encoded;

/** Who paid each share of a booking. */
export const PayerAnswer = Schema.Struct({
  paymentId: Schema.String,
  name: Schema.String,
  isOrganiser: Schema.Boolean,
  kind: Schema.String,
  amount: Money,
  refunded: Money,
  paidAt: Instant,
}).annotations({ identifier: "Payer" });
export type PayerAnswer = typeof PayerAnswer.Encoded;

const DiscountType = Schema.Literal("percentage", "fixed");

export const DiscountCodeAnswer = Schema.Struct({
  id: Schema.String,
  code: Schema.String,
  type: DiscountType,
  /** a fixed value in dollars (5.5), a percentage as a whole number */
  value: Schema.Number,
  maxUsage: Schema.NullOr(Schema.Int),
  usageCount: Schema.Int,
  expiresAt: Schema.NullOr(Instant),
  isActive: Schema.Boolean,
  createdAt: Instant,
}).annotations({ identifier: "DiscountCode" });
export type DiscountCodeAnswer = typeof DiscountCodeAnswer.Type;

/** POST /api/discount-codes/validate: what a player may know of a usable code. */
export const DiscountCheckAnswer = Schema.Struct({ code: Schema.String, type: DiscountType, value: Schema.Number }).annotations({
  identifier: "DiscountCheck",
});
export type DiscountCheckAnswer = typeof DiscountCheckAnswer.Encoded;

export const presentBooking = (booking: BookingWithCourt & { readonly state?: BookingState }): BookingAnswer => ({
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
  ...(booking.state === undefined ? {} : { state: booking.state }),
  cancellationReason: booking.cancellationReason,
  refundPercentage: booking.refundPercentage,
  createdAt: booking.createdAt.toISOString(),
  // none once money came in or the booking ended (DESIGN.md section 8); readers at a moment apply asSeenAt first
  holdExpiresAt: holdOf(booking)?.toISOString() ?? null,
  shareDeadlineAt: booking.shareDeadlineAt?.toISOString() ?? null,
  balanceDue: formatMoney(balanceDueOf(booking)),
  court: {
    id: booking.court.id,
    name: booking.court.name,
    courtNumber: booking.court.courtNumber,
    venueId: booking.court.venueId,
    venueName: booking.court.venueName,
  },
});

export const presentPublicBooking = (booking: BookingWithCourt): PublicBookingAnswer => {
  const { userId: _userId, cancellationReason: _reason, ...rest } = presentBooking(booking);
  return rest;
};

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

/** A player's entry in a release ballot (DESIGN.md section 15): POST /api/bookings's 202 and GET /api/ballots/{id}. */
export const BallotAnswer = Schema.Struct({
  ballotId: Schema.String,
  state: Schema.Literal("pending", "won", "lost"),
  /** when the slot is drawn */
  decidesAt: Instant,
  courtId: Schema.String,
  date: LocalDate,
  timeSlot: Slot,
  /** the hold won, to pay before its deadline */
  bookingId: Schema.optional(Schema.String),
}).annotations({ identifier: "Ballot" });
export type BallotAnswer = typeof BallotAnswer.Type;

export const presentBallot = (entry: BallotEntry): BallotAnswer => ({
  ballotId: entry.id,
  state: entry.state,
  decidesAt: entry.decidesAt.toISOString(),
  courtId: entry.courtId,
  date: entry.date,
  timeSlot: entry.timeSlot,
  ...(entry.bookingId === null ? {} : { bookingId: entry.bookingId }),
});

/** A release's draw as an admin audits it: GET /api/admin/ballots?venueId=&date=. */
export const BallotDrawAnswer = Schema.Struct({
  venueId: Schema.String,
  date: LocalDate,
  /** shown once drawn: the same seed draws the same order */
  seed: Schema.NullOr(Schema.String),
  drawnAt: Schema.NullOr(Instant),
  /** each slot ("courtId date HH:MM") in the order drawn, with its entries' ids in the order drawn */
  order: Schema.NullOr(Schema.Array(Schema.Struct({ slot: Schema.String, entries: Schema.Array(Schema.String) }))),
  entries: Schema.Array(
    Schema.Struct({
      ballotId: Schema.String,
      userId: Schema.String,
      courtId: Schema.String,
      timeSlot: Slot,
      state: Schema.Literal("pending", "won", "lost"),
      bookingId: Schema.NullOr(Schema.String),
      enteredAt: Instant,
    }),
  ),
}).annotations({ identifier: "BallotDraw" });
export type BallotDrawAnswer = typeof BallotDrawAnswer.Type;

export const presentBallotDraw = (draw: BallotDraw): BallotDrawAnswer => ({
  venueId: draw.venueId,
  date: draw.date,
  seed: draw.seed,
  drawnAt: draw.drawnAt?.toISOString() ?? null,
  order: draw.order,
  entries: draw.entries.map((e) => ({
    ballotId: e.id,
    userId: e.userId,
    courtId: e.courtId,
    timeSlot: e.timeSlot,
    state: e.state,
    bookingId: e.bookingId,
    enteredAt: e.enteredAt.toISOString(),
  })),
});
