import type { Cents } from "./money.js";
import type { GameType } from "./pricing.js";
import type { TimeSlot } from "./slots.js";
import type { LocalDate } from "./time.js";
import { HOUR_MS } from "./time.js";

/**
 * What a message says about a booking, copied when the message is written: the mail reads the
 * same even if the court is renamed or deleted before it is sent.
 */
export interface BookingFacts {
  readonly bookingId: string;
  readonly venueName: string;
  readonly courtName: string;
  readonly courtNumber: number;
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  /** ISO instants (UTC) of the hour booked */
  readonly startsAt: string;
  readonly endsAt: string;
}

/** How a payment was made, as its payer's message says it. */
export type PaidWay = "card" | "share" | "cash" | "remainder" | "wallet" | "punch_card";

/** A booking a club action touched, with what one player gets back for it (0: nothing paid, or a booking made). */
export interface TouchedBooking {
  readonly booking: BookingFacts;
  readonly refund: Cents;
  /** the part of `refund` the club hands back in cash */
  readonly cash: Cents;
  /** the part of `refund` that goes back to the player's wallet (paid from it) */
  readonly wallet?: Cents;
}

/** What the club did, in one message per player (DESIGN.md section 14): every date it touched. */
export type ClubAction = "series-booked" | "series-cancelled" | "closure";

/**
 * Every message of DESIGN.md section 9: what its template and attachments are built from. One
 * message per thing that happened (section 14): a payment is one "payment" to its payer, a club
 * action one "club-action" to each player it touched. "receipt", "booking-confirmed" and
 * "closure" are no longer written; they stay so that rows queued before still send.
 */
export type Notice =
  /**
   * the payer, once per payment: what was paid and for which booking, the invoice PDF attached.
   * `confirmed`: this payment made the booking paid in full (`paid` in all, after codes): the
   * message says the booking is confirmed and carries its calendar file. `guest`: a share paid
   * through the link without an account, who has no bookings to look at
   */
  | {
      readonly kind: "payment";
      readonly name: string;
      readonly booking: BookingFacts;
      readonly paymentId: string;
      readonly way: PaidWay;
      readonly charged: Cents;
      readonly invoiceNumber: string | null;
      readonly confirmed: boolean;
      readonly paid: Cents;
      readonly guest?: true;
    }
  /**
   * each player a club action touched, once: what the club did, why (`reason`, the admin's; none
   * for a series booked), every booking with its refund, and the weeks a series could not book
   */
  | {
      readonly kind: "club-action";
      readonly name: string;
      readonly action: ClubAction;
      readonly reason: string | null;
      readonly bookings: readonly TouchedBooking[];
      readonly skipped: readonly { readonly date: LocalDate; readonly message: string }[];
    }
  /** (older rows) the payer; the invoice PDF of `paymentId` is attached */
  | { readonly kind: "receipt"; readonly name: string; readonly booking: BookingFacts; readonly paymentId: string; readonly charged: Cents; readonly invoiceNumber: string | null }
  /**
   * the organiser, once the booking is fully paid; an .ics is attached. `total` is the hour's
   * price; `paid` what was charged for it after discount codes, the sum of its payers' receipts
   * (absent in messages queued before it was added).
   */
  | { readonly kind: "booking-confirmed"; readonly name: string; readonly booking: BookingFacts; readonly total: Cents; readonly paid?: Cents }
  /**
   * the organiser: 'Ana pagó su parte: 3 de 4'. `confirmed`: that share was the last, the booking
   * is paid in full (`paid` in all): the one message also confirms it, with the calendar file
   */
  | {
      readonly kind: "share-paid";
      readonly name: string;
      readonly booking: BookingFacts;
      readonly payerName: string;
      readonly paidCount: number;
      readonly totalCount: number;
      readonly charged: Cents;
      readonly confirmed?: true;
      readonly paid?: Cents;
    }
  /**
   * each payer (and the organiser), with their own refund, all their payments together; `cash`
   * is the part of it the club hands back in cash, `paid` what they had paid (both absent in
   * messages queued before they were added)
   */
  | { readonly kind: "cancellation"; readonly name: string; readonly booking: BookingFacts; readonly refund: Cents; readonly refundPercentage: number; readonly cash?: Cents; readonly paid?: Cents; readonly wallet?: Cents }
  /** (older rows) each payer of a booking cancelled by a club closure: always a full refund; `cash` as above */
  | { readonly kind: "closure"; readonly name: string; readonly booking: BookingFacts; readonly refund: Cents; readonly reason: string; readonly cash?: Cents; readonly wallet?: Cents }
  /** organiser and payers, 24 h before; an .ics is attached */
  /** `guest`: a share paid through the link without an account, who has no settings to turn it off in */
  | { readonly kind: "reminder"; readonly name: string; readonly booking: BookingFacts; readonly guest?: true }
  /** someone who asked 'Avisarme si se libera' */
  | { readonly kind: "slot-freed"; readonly name: string; readonly booking: BookingFacts; readonly courtId: string }
  /** the organiser: the unpaid hold ran out and the slot was released */
  /** `courtId`: the link to book the hour again (absent from messages written before it was added) */
  | { readonly kind: "hold-expired"; readonly name: string; readonly booking: BookingFacts; readonly courtId?: string }
  /** the organiser: what the others did not pay was charged to the saved card */
  | { readonly kind: "remainder-charged"; readonly name: string; readonly booking: BookingFacts; readonly amount: Cents; readonly paymentId: string | null }
  /** the organiser: the remainder could not be charged */
  /** the release ballot's outcome for one entry (DESIGN.md section 15): won, with the hold to pay by `payBy`, or lost */
  | { readonly kind: "ballot"; readonly name: string; readonly booking: BookingFacts; readonly won: boolean; readonly courtId: string; /** "HH:MM" on the club's clock */ readonly payBy?: string }
  | { readonly kind: "balance-due"; readonly name: string; readonly booking: BookingFacts; readonly amount: Cents }
  | AccountNotice;

/**
 * Mail about the account itself (DESIGN.md section 13): the link carries a one-time token, kept in
 * the outbox only until the message is sent and pruned; the database keeps its hash.
 */
export type AccountNotice =
  /** '¿Olvidaste tu contraseña?': a link to /restablecer/{token}, working `minutes` */
  | { readonly kind: "password-reset"; readonly name: string; readonly token: string; readonly minutes: number }
  /** after registration or a new email: a link to /verificar/{token}, working `hours` */
  | { readonly kind: "verify-email"; readonly name: string; readonly token: string; readonly hours: number }
  /** a membership ends in 7 days and is not renewed by itself (DESIGN.md section 16); `endsOn` a date on the club's calendar */
  | { readonly kind: "membership-ending"; readonly name: string; readonly venueName: string; readonly planName: string; readonly endsOn: string }
  /** the daily mail of open matches opened in the last day at the player's level (DESIGN.md section 17), for players who opted in */
  | { readonly kind: "match-digest"; readonly name: string; readonly level: number; readonly matches: readonly DigestMatch[] };

/** One match of the daily mail: where, when, the level, the places and what a place costs. */
export interface DigestMatch {
  readonly id: string;
  readonly venueName: string;
  readonly date: string;
  readonly timeSlot: string;
  readonly levelMin: number;
  readonly levelMax: number;
  readonly spotsLeft: number;
  readonly pricePerPlayer: Cents;
}

/** A notice about one booking: every kind but the account's and the club action's (several bookings). */
export type BookingNotice = Exclude<Notice, AccountNotice | ClubActionNotice>;

export type ClubActionNotice = Extract<Notice, { kind: "club-action" }>;

export const isAccountNotice = (notice: Notice): notice is AccountNotice =>
  notice.kind === "password-reset" || notice.kind === "verify-email" || notice.kind === "membership-ending" || notice.kind === "match-digest";

export const isClubActionNotice = (notice: Notice): notice is ClubActionNotice => notice.kind === "club-action";

export type NoticeKind = Notice["kind"];

/** Every kind once: a kind left out here does not compile (the outbox refuses a row of an unknown kind). */
const KINDS: Readonly<Record<NoticeKind, true>> = {
  payment: true,
  "club-action": true,
  receipt: true,
  "booking-confirmed": true,
  "share-paid": true,
  cancellation: true,
  closure: true,
  reminder: true,
  "slot-freed": true,
  "hold-expired": true,
  "remainder-charged": true,
  "balance-due": true,
  ballot: true,
  "password-reset": true,
  "verify-email": true,
  "membership-ending": true,
  "match-digest": true,
};

export const NOTICE_KINDS: readonly NoticeKind[] = Object.keys(KINDS) as NoticeKind[];

export const isNoticeKind = (value: string): value is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(value);

/** A message waiting in the outbox (or sent). */
export interface OutboxMessage {
  readonly id: string;
  /** unique: the same event never writes two messages */
  readonly eventKey: string;
  readonly to: string;
  readonly notice: Notice;
  readonly createdAt: Date;
}

export interface ClaimedMessage extends OutboxMessage {
  /** this attempt included */
  readonly attempts: number;
}

/** Retries wait 1, 2, 4 ... times the base, never more than an hour: SMTP that is down for a day still gets every message. */
export const MAX_RETRY_DELAY_MS = HOUR_MS;

export const retryDelayMs = (attempts: number, baseMs: number): number =>
  Math.min(baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)), Math.max(MAX_RETRY_DELAY_MS, baseMs));

/** When a reminder goes out: 24 h before the start. */
export const REMINDER_LEAD_MS = 24 * HOUR_MS;

/** A cancelled or expired booking stays in a calendar feed this long, so calendars drop it. */
export const FEED_CANCELLED_DAYS = 30;

/** One calendar event per booking: UID stable, SEQUENCE raised when it is cancelled. */
export interface CalendarEvent {
  readonly uid: string;
  readonly sequence: number;
  /** TENTATIVE: an unpaid hold, which frees its slot if it is not paid in time */
  readonly status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  readonly title: string;
  readonly description: string;
  readonly location: string;
  readonly start: Date;
  readonly end: Date;
  readonly url: string | null;
}
