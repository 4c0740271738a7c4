import type {
  BallotAnswer,
  BalanceAnswer,
  LateRefundAnswer,
  BookingAnswer,
  CalendarEntryAnswer,
  ConfigAnswer,
  CourtAnswer,
  CourtAvailabilityAnswer,
  DiscountCheckAnswer,
  DiscountCodeAnswer,
  PaymentAnswer,
  PaymentIntentAnswer,
  PaymentStatsAnswer,
  PaymentWithBookingAnswer,
  ShareLinkAnswer,
  ShareLinkCreatedAnswer,
  SharedPaymentAnswer,
  TransactionAnswer,
  TransactionsPageAnswer,
  UserAnswer,
  VenueAnswer,
} from "@courts/core";

/**
 * JSON shapes the server answers: the encoded side of the core's answer contract
 * (core/src/contract), the one definition the server serializes with and /api/docs/json lists.
 * Money is a decimal string ("14.50").
 */

export type Money = string;
export type GameTypeValue = BookingAnswer["gameType"];

export type User = typeof UserAnswer.Encoded;
export type AppConfig = ConfigAnswer;
export type Venue = typeof VenueAnswer.Encoded;
export type Court = typeof CourtAnswer.Encoded;

/** A booking as the API sends it (GET /api/bookings/{id}, the player's lists, ...), with its court and venue. */
export type Booking = typeof BookingAnswer.Encoded;
/** an entry in a release ballot: POST /api/bookings's 202, GET /api/ballots/{id} */
export type Ballot = typeof BallotAnswer.Encoded;
export type BookingCourt = Booking["court"];
export type OutstandingBalance = BalanceAnswer;
/** GET /api/admin/refunds/late */
export type LateRefund = LateRefundAnswer;
export type CalendarEntry = typeof CalendarEntryAnswer.Encoded;

/** GET /api/courts/{id}/bookings?date=: booked slots, and blocked ones with their reason (DESIGN.md section 10). */
export type CourtDayBookings = CourtAvailabilityAnswer;

export type PaymentStatusValue = PaymentAnswer["status"];
export type Payment = PaymentAnswer;
export type PaymentWithBooking = PaymentWithBookingAnswer;
/** net = amount - discount - stripeFee - refundedAmount when settled (0 for an attempt never charged); settled: counted in the revenue summary */
export type Transaction = TransactionAnswer;
export type TransactionsPage = TransactionsPageAnswer;
export type PaymentStats = PaymentStatsAnswer;

export type DiscountCode = typeof DiscountCodeAnswer.Encoded;
export type ValidatedDiscount = typeof DiscountCheckAnswer.Encoded;
export type PaymentIntent = PaymentIntentAnswer;

export type ShareLink = ShareLinkAnswer;
export type SharedPaymentDetails = SharedPaymentAnswer;
export type CreatedShareLink = ShareLinkCreatedAnswer;
