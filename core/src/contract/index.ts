import * as account from "./account.js";
import * as bookings from "./bookings.js";
import * as catalog from "./catalog.js";
import * as club from "./club.js";
import * as common from "./common.js";
import * as payments from "./payments.js";
import * as reports from "./reports.js";
import * as openMatches from "./open-matches.js";

/** the pieces (Money, LocalDate, ...) stay inside: the domain has its own types of those names */
export { ConflictingBooking, Message, Problem } from "./common.js";
export * from "./catalog.js";
export * from "./bookings.js";
export * from "./payments.js";
export * from "./reports.js";
export * from "./club.js";
export * from "./account.js";
export * from "./wallet.js";
export * from "./open-matches.js";

/**
 * Every answer of the API (docs/API.md) that has a name: the HTTP adapter turns each into a JSON
 * Schema that serializes the answers and that /api/docs/json lists under components.schemas.
 */
export const NAMED_ANSWERS = [
  common.Problem,
  common.Message,
  common.ConflictingBooking,
  catalog.UserAnswer,
  catalog.VenueAnswer,
  catalog.VenueRulesAnswer,
  catalog.CourtAnswer,
  catalog.CourtWithVenueAnswer,
  catalog.CourtAvailabilityAnswer,
  catalog.VenueAvailabilityAnswer,
  catalog.CalendarEntryAnswer,
  catalog.ConfigAnswer,
  bookings.BookingCourt,
  bookings.BookingAnswer,
  bookings.PublicBookingAnswer,
  bookings.ScheduledBookingAnswer,
  bookings.CancellationAnswer,
  bookings.BalanceAnswer,
  bookings.LateRefundAnswer,
  bookings.PayerAnswer,
  bookings.DiscountCodeAnswer,
  bookings.DiscountCheckAnswer,
  bookings.BallotAnswer,
  bookings.BallotDrawAnswer,
  payments.PaymentAnswer,
  payments.PaymentWithBookingAnswer,
  payments.TransactionAnswer,
  payments.TransactionsPageAnswer,
  payments.PaymentIntentAnswer,
  payments.CardConfirmationAnswer,
  payments.RevenueAnswer,
  payments.PaymentStatsAnswer,
  payments.DayStatsAnswer,
  payments.WebhookReceiptAnswer,
  payments.ShareLinkAnswer,
  payments.ShareLinkCreatedAnswer,
  payments.SharedPaymentAnswer,
  reports.OccupancyCellAnswer,
  reports.OccupancyReportAnswer,
  reports.RevenueRowAnswer,
  reports.RevenueReportAnswer,
  reports.ReportSummaryAnswer,
  club.BlockAnswer,
  club.PublicBlockAnswer,
  club.ClosureAnswer,
  club.BlockCreatedAnswer,
  club.BookingSeriesAnswer,
  club.SkippedWeekAnswer,
  club.SeriesCreatedAnswer,
  club.SeriesAnswer,
  club.SeriesCancellationAnswer,
  club.CashPaymentAnswer,
  club.ScheduleCellAnswer,
  club.ScheduleAnswer,
  account.UserSessionAnswer,
  account.LoginAnswer,
  account.PlayerSearchAnswer,
  account.AdminLoginAnswer,
  account.AdminCheckAnswer,
  account.CalendarFeedAnswer,
  account.NotificationSettingsAnswer,
  account.WaitlistEntryAnswer,
  account.UploadedImageAnswer,
  openMatches.MatchPlayerAnswer,
  openMatches.OpenMatchAnswer,
  openMatches.OpenMatchListAnswer,
  openMatches.MatchJoinAnswer,
  openMatches.MatchLeaveAnswer,
] as const;
export * from "./punch-cards.js";
export * from "./memberships.js";
