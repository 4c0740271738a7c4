import * as Data from "effect/Data";

/**
 * Expected failures of the use cases. Each carries a Spanish message for a person; the HTTP
 * adapter maps the tag to a status code in one table, the CLI prints the message.
 */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{ readonly field: string; readonly message: string }> {}
export class NotAuthenticated extends Data.TaggedError("NotAuthenticated")<{ readonly message: string }> {}
export class NotAllowed extends Data.TaggedError("NotAllowed")<{ readonly message: string }> {}
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<{ readonly message: string }> {}
export class UsernameTaken extends Data.TaggedError("UsernameTaken")<{ readonly message: string }> {}
export class EmailTaken extends Data.TaggedError("EmailTaken")<{ readonly message: string }> {}
/** The current password given to change it is not the account's. */
export class WrongPassword extends Data.TaggedError("WrongPassword")<{ readonly message: string }> {}
/** A password-reset or confirmation link that was used, expired, replaced by a newer one or never existed. */
export class AccountLinkGone extends Data.TaggedError("AccountLinkGone")<{ readonly message: string }> {}
export class EmailAlreadyVerified extends Data.TaggedError("EmailAlreadyVerified")<{ readonly message: string }> {}

export class VenueNotFound extends Data.TaggedError("VenueNotFound")<{ readonly message: string }> {}
export class CourtNotFound extends Data.TaggedError("CourtNotFound")<{ readonly message: string }> {}
export class BookingNotFound extends Data.TaggedError("BookingNotFound")<{ readonly message: string }> {}
export class PaymentNotFound extends Data.TaggedError("PaymentNotFound")<{ readonly message: string }> {}
export class ImageNotFound extends Data.TaggedError("ImageNotFound")<{ readonly message: string }> {}
export class UserNotFound extends Data.TaggedError("UserNotFound")<{ readonly message: string }> {}
export class DiscountCodeNotFound extends Data.TaggedError("DiscountCodeNotFound")<{ readonly message: string }> {}
export class ShareLinkNotFound extends Data.TaggedError("ShareLinkNotFound")<{ readonly message: string }> {}

export class SlotTaken extends Data.TaggedError("SlotTaken")<{ readonly message: string }> {}
/** The slot is taken by the caller's own booking: a retried request that was in fact written. */
export class AlreadyBooked extends Data.TaggedError("AlreadyBooked")<{ readonly message: string; readonly bookingId: string }> {}
export class SlotInPast extends Data.TaggedError("SlotInPast")<{ readonly message: string }> {}
export class CourtUnavailable extends Data.TaggedError("CourtUnavailable")<{ readonly message: string }> {}
export class VenueNameTaken extends Data.TaggedError("VenueNameTaken")<{ readonly message: string }> {}
export class CourtNumberTaken extends Data.TaggedError("CourtNumberTaken")<{ readonly message: string }> {}
export class BookingNotActive extends Data.TaggedError("BookingNotActive")<{ readonly message: string }> {}
export class BookingFullyPaid extends Data.TaggedError("BookingFullyPaid")<{ readonly message: string }> {}
/** The game began on the club's clock: only a club closure may still cancel it (DESIGN.md section 14). */
export class BookingStarted extends Data.TaggedError("BookingStarted")<{ readonly message: string }> {}

export class DiscountUnusable extends Data.TaggedError("DiscountUnusable")<{
  readonly reason: "unknown" | "inactive" | "expired" | "used-up";
  readonly message: string;
}> {}
export class DuplicateDiscountCode extends Data.TaggedError("DuplicateDiscountCode")<{ readonly message: string }> {}

export class HoldExpired extends Data.TaggedError("HoldExpired")<{ readonly message: string }> {}
export class TooManyUnpaidBookings extends Data.TaggedError("TooManyUnpaidBookings")<{ readonly message: string }> {}
/** A player whose email is not confirmed holds as many unpaid bookings as they may until they confirm it (DESIGN.md section 13). */
export class EmailNotVerified extends Data.TaggedError("EmailNotVerified")<{ readonly message: string }> {}
/** The player's own hold on this slot ran out unpaid moments ago: they may hold it again only after a pause (DESIGN.md section 13). */
export class HoldRecentlyExpired extends Data.TaggedError("HoldRecentlyExpired")<{ readonly message: string }> {}
/** A date the venue's window does not open yet (DESIGN.md section 15): `opensAt` is when it does (ISO). */
export class OutsideBookingWindow extends Data.TaggedError("OutsideBookingWindow")<{ readonly message: string; readonly opensAt: string }> {}
/** A player at one of the venue's per-player limits (DESIGN.md section 15); the message says which. */
export class PlayerLimitReached extends Data.TaggedError("PlayerLimitReached")<{ readonly message: string }> {}
export class BalanceDue extends Data.TaggedError("BalanceDue")<{ readonly message: string; readonly bookingId: string }> {}
export class ShareDeadlinePassed extends Data.TaggedError("ShareDeadlinePassed")<{ readonly message: string }> {}

export class ShareLinkExpired extends Data.TaggedError("ShareLinkExpired")<{ readonly message: string }> {}
export class ShareLinkFull extends Data.TaggedError("ShareLinkFull")<{ readonly message: string }> {}
/** Every place left on a share link is held by a share intent still open: one more would overfill it. */
export class ShareLinkPlacesPending extends Data.TaggedError("ShareLinkPlacesPending")<{ readonly message: string }> {}
/** A share link of a booking whose organiser has not paid yet: the hold is theirs to keep or let go (DESIGN.md section 8). */
export class OrganiserNotPaid extends Data.TaggedError("OrganiserNotPaid")<{ readonly message: string }> {}

export class PaymentNotConfirmed extends Data.TaggedError("PaymentNotConfirmed")<{ readonly message: string }> {}
export class PaymentMismatch extends Data.TaggedError("PaymentMismatch")<{ readonly message: string }> {}
/** A request would pay again what an open intent already paid: it was recorded instead. */
export class PaymentAlreadyRecorded extends Data.TaggedError("PaymentAlreadyRecorded")<{ readonly message: string }> {}
/** The money of this payment went (or is going) back to the card. */
export class PaymentRefunded extends Data.TaggedError("PaymentRefunded")<{ readonly message: string }> {}
/** The wallet holds less than the payment (or the adjustment would take it below zero). */
export class InsufficientBalance extends Data.TaggedError("InsufficientBalance")<{ readonly message: string }> {}
/** A punch card that cannot pay this booking (expired, no hour left, another venue or band). */
export class PunchCardUnusable extends Data.TaggedError("PunchCardUnusable")<{ readonly message: string }> {}
export class PunchCardNotFound extends Data.TaggedError("PunchCardNotFound")<{ readonly message: string }> {}
export class MembershipPlanNotFound extends Data.TaggedError("MembershipPlanNotFound")<{ readonly message: string }> {}
export class CardDeclined extends Data.TaggedError("CardDeclined")<{ readonly message: string }> {}
export class InvoiceUnavailable extends Data.TaggedError("InvoiceUnavailable")<{ readonly message: string }> {}

export class SlotBlocked extends Data.TaggedError("SlotBlocked")<{ readonly message: string; readonly reason: string }> {}
export class BlockNotFound extends Data.TaggedError("BlockNotFound")<{ readonly message: string }> {}
export class SeriesNotFound extends Data.TaggedError("SeriesNotFound")<{ readonly message: string }> {}
/** A block over active bookings, without `cancelConflicts`: the bookings are listed for the admin. */
export class BlockConflicts extends Data.TaggedError("BlockConflicts")<{
  readonly message: string;
  readonly bookings: readonly { readonly id: string; readonly date: string; readonly timeSlot: string; readonly courtId: string; readonly courtName: string; readonly courtNumber: number }[];
}> {}

/** A court or venue whose removal would take players' money with bookings still to be played. */
export class PaidBookingsAhead extends Data.TaggedError("PaidBookingsAhead")<{ readonly message: string }> {}

export class ImageTooLarge extends Data.TaggedError("ImageTooLarge")<{ readonly message: string }> {}
export class UnsupportedImage extends Data.TaggedError("UnsupportedImage")<{ readonly message: string }> {}

export class WaitlistEntryNotFound extends Data.TaggedError("WaitlistEntryNotFound")<{ readonly message: string }> {}
export class AlreadyOnWaitlist extends Data.TaggedError("AlreadyOnWaitlist")<{ readonly message: string }> {}
export class SlotNotTaken extends Data.TaggedError("SlotNotTaken")<{ readonly message: string }> {}
export class CalendarFeedNotFound extends Data.TaggedError("CalendarFeedNotFound")<{ readonly message: string }> {}

/** Open matches (DESIGN.md section 17). */
export class OpenMatchNotFound extends Data.TaggedError("OpenMatchNotFound")<{ readonly message: string }> {}
/** The organiser closed the match to new players. */
export class MatchClosed extends Data.TaggedError("MatchClosed")<{ readonly message: string }> {}
/** Every place is paid, or held by a share intent still open. */
export class MatchFull extends Data.TaggedError("MatchFull")<{ readonly message: string }> {}
/** The player's level is not set or not inside the match's range. */
export class LevelOutOfRange extends Data.TaggedError("LevelOutOfRange")<{ readonly message: string }> {}
/** The organiser joining their own match. */
export class OwnMatch extends Data.TaggedError("OwnMatch")<{ readonly message: string }> {}
/** Leaving a match without a paid place in it. */
export class NotInMatch extends Data.TaggedError("NotInMatch")<{ readonly message: string }> {}

export type DomainError =
  | InvalidInput
  | NotAuthenticated
  | NotAllowed
  | InvalidCredentials
  | UsernameTaken
  | EmailTaken
  | WrongPassword
  | AccountLinkGone
  | EmailAlreadyVerified
  | VenueNotFound
  | CourtNotFound
  | BookingNotFound
  | PaymentNotFound
  | ImageNotFound
  | UserNotFound
  | DiscountCodeNotFound
  | ShareLinkNotFound
  | SlotTaken
  | AlreadyBooked
  | SlotInPast
  | CourtUnavailable
  | CourtNumberTaken
  | BookingNotActive
  | BookingFullyPaid
  | BookingStarted
  | DiscountUnusable
  | DuplicateDiscountCode
  | HoldExpired
  | TooManyUnpaidBookings
  | EmailNotVerified
  | HoldRecentlyExpired
  | OutsideBookingWindow
  | PlayerLimitReached
  | BalanceDue
  | ShareDeadlinePassed
  | ShareLinkExpired
  | ShareLinkFull
  | ShareLinkPlacesPending
  | OrganiserNotPaid
  | PaymentNotConfirmed
  | PaymentMismatch
  | PaymentAlreadyRecorded
  | PaymentRefunded
  | InsufficientBalance
  | PunchCardUnusable
  | PunchCardNotFound
  | MembershipPlanNotFound
  | CardDeclined
  | InvoiceUnavailable
  | ImageTooLarge
  | UnsupportedImage
  | WaitlistEntryNotFound
  | AlreadyOnWaitlist
  | SlotNotTaken
  | CalendarFeedNotFound
  | OpenMatchNotFound
  | MatchClosed
  | MatchFull
  | LevelOutOfRange
  | OwnMatch
  | NotInMatch
  | SlotBlocked
  | BlockNotFound
  | SeriesNotFound
  | BlockConflicts
  | PaidBookingsAhead
  | VenueNameTaken;

export type DomainErrorTag = DomainError["_tag"];
