import type { DomainError, DomainErrorTag } from "@courts/core";

/** The one table from domain failure to HTTP status (STYLE.md: the adapter maps tags, the domain knows no HTTP). */
const STATUS: Readonly<Record<DomainErrorTag, number>> = {
  InvalidInput: 400,
  NotAuthenticated: 401,
  InvalidCredentials: 401,
  NotAllowed: 403,
  UserNotFound: 404,
  VenueNotFound: 404,
  CourtNotFound: 404,
  BookingNotFound: 404,
  PaymentNotFound: 404,
  ImageNotFound: 404,
  DiscountCodeNotFound: 404,
  ShareLinkNotFound: 404,
  UsernameTaken: 409,
  EmailTaken: 409,
  WrongPassword: 400,
  AccountLinkGone: 410,
  EmailAlreadyVerified: 409,
  SlotTaken: 409,
  AlreadyBooked: 409,
  SlotInPast: 400,
  CourtUnavailable: 409,
  CourtNumberTaken: 409,
  VenueNameTaken: 409,
  BookingNotActive: 409,
  BookingFullyPaid: 409,
  BookingStarted: 409,
  DiscountUnusable: 409,
  DuplicateDiscountCode: 409,
  ShareLinkExpired: 410,
  // an unpaid hold that ran out: gone for good, the slot was let go
  HoldExpired: 410,
  TooManyUnpaidBookings: 409,
  EmailNotVerified: 409,
  HoldRecentlyExpired: 409,
  OutsideBookingWindow: 409,
  PlayerLimitReached: 409,
  BalanceDue: 409,
  ShareDeadlinePassed: 409,
  ShareLinkFull: 409,
  // every place left is held by a share intent still open: free again once it is paid or abandoned
  ShareLinkPlacesPending: 409,
  // the organiser's unpaid hold: the others pay once the organiser has (the hold ends only then)
  OrganiserNotPaid: 409,
  // the intent exists but the card was not charged (yet): the state conflicts with the request
  PaymentNotConfirmed: 409,
  PaymentMismatch: 400,
  // settled instead of charging again, or refunded in full because it could no longer apply
  PaymentAlreadyRecorded: 409,
  PaymentRefunded: 409,
  InsufficientBalance: 409,
  PunchCardUnusable: 409,
  PunchCardNotFound: 404,
  MembershipPlanNotFound: 404,
  CardDeclined: 402,
  InvoiceUnavailable: 409,
  ImageTooLarge: 413,
  UnsupportedImage: 415,
  SlotBlocked: 409,
  BlockNotFound: 404,
  SeriesNotFound: 404,
  BlockConflicts: 409,
  PaidBookingsAhead: 409,
  WaitlistEntryNotFound: 404,
  AlreadyOnWaitlist: 409,
  SlotNotTaken: 409,
  CalendarFeedNotFound: 404,
  OpenMatchNotFound: 404,
  MatchClosed: 409,
  MatchFull: 409,
  LevelOutOfRange: 409,
  OwnMatch: 409,
  NotInMatch: 409,
};

const TAGS = new Set<string>(Object.keys(STATUS));

export const isDomainError = (error: unknown): error is DomainError =>
  typeof error === "object" &&
  error !== null &&
  "_tag" in error &&
  typeof error._tag === "string" &&
  TAGS.has(error._tag) &&
  "message" in error &&
  typeof error.message === "string";

/** "SlotTaken" -> "SLOT_TAKEN" */
export const codeOf = (tag: string): string => tag.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();

export interface Problem {
  readonly status: number;
  readonly body: {
    readonly message: string;
    readonly code: string;
    readonly field?: string;
    readonly reason?: string;
    /** the booking whose balance is due: where 'Completar Pago' leads */
    readonly bookingId?: string;
    /** OUTSIDE_BOOKING_WINDOW: when the date opens (ISO) */
    readonly opensAt?: string;
    /** BlockConflicts: the active bookings inside the block */
    readonly bookings?: readonly object[];
  };
}

export const problemOf = (error: DomainError): Problem => {
  const body = { message: error.message, code: codeOf(error._tag) };
  switch (error._tag) {
    case "InvalidInput":
      return { status: 400, body: { ...body, field: error.field } };
    case "DiscountUnusable": {
      // API.md: validate answers 404 (no such code), 410 (expired) or 409 (inactive, used up)
      const status = error.reason === "unknown" ? 404 : error.reason === "expired" ? 410 : 409;
      return { status, body: { ...body, reason: error.reason } };
    }
    case "BalanceDue":
    case "AlreadyBooked":
      return { status: 409, body: { ...body, bookingId: error.bookingId } };
    case "OutsideBookingWindow":
      return { status: 409, body: { ...body, opensAt: error.opensAt } };
    case "SlotBlocked":
      return { status: 409, body: { ...body, reason: error.reason } };
    case "BlockConflicts":
      return { status: 409, body: { ...body, bookings: error.bookings } };
    default:
      return { status: STATUS[error._tag], body };
  }
};

/** A failure the HTTP layer itself detects (bad JSON, wrong content type, ...), thrown to the error handler. */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** sent with the answer, e.g. Retry-After */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "HttpProblem";
  }
}
