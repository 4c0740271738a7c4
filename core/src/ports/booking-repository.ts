import type { Booking } from "../domain/booking.js";
import type { ClubMoment } from "../domain/booking-state.js";
import type { DomainEvent } from "../domain/events.js";
import type { OwedRefund, RefundReason } from "../ledger/refund-rule.js";
import type { LocalDate } from "../domain/time.js";
import type { TimeSlot } from "../domain/slots.js";
import type { Page, PageRequest } from "./pagination.js";

/** A booking with the court it is on, as lists show it. */
export interface BookingWithCourt extends Booking {
  readonly court: { readonly id: string; readonly name: string; readonly courtNumber: number; readonly venueId: string; readonly venueName: string };
}

/**
 * A player's bookings a page at a time, split at `now` as listOf (domain/booking-state.ts) splits
 * them: "upcoming" the live ones that have not started, soonest first; "past" the rest (started,
 * cancelled, expired, overdue holds), newest first; without a scope all of them, newest first.
 */
export interface UserBookingsQuery extends PageRequest {
  readonly scope?: "upcoming" | "past";
  readonly now: ClubMoment;
}

/** A moment on the club's clock (its date and HH:MM): bookings that start after it are still to be played. */
export interface PaidAfter {
  readonly date: LocalDate;
  readonly time: string;
}

/** What a new hold is checked against (DESIGN.md sections 8 and 13), read by the database as it writes. */
export interface HoldLimits {
  /** live unpaid holds the player may already have for the hold to be written; null: no limit (a hold an admin places) */
  readonly maxUnpaid: number | null;
  /** the same, lower, for a player whose email is not confirmed (as the user row says when the hold is written); absent: maxUnpaid */
  readonly maxUnpaidUnverified?: number;
  /** the player's own hold on the same slot that ran out unpaid after this instant refuses the hold; absent: no such pause */
  readonly reholdBarSince?: Date;
  /**
   * The venue's per-player limits (DESIGN.md section 15), counted among the player's live bookings
   * on the venue's courts: those still to be played at `from` (maxUpcoming) and those of the
   * hold's date (maxPerDay). Absent, or both null: no such limit (a hold an admin places).
   */
  readonly perPlayer?: PlayerLimits;
  readonly now: Date;
}

export interface PlayerLimits {
  readonly venueId: string;
  readonly maxUpcoming: number | null;
  readonly maxPerDay: number | null;
  /** the club's clock when the hold is asked: bookings that start after it are upcoming */
  readonly from: ClubMoment;
}

/** A hold refused because the player's own hold on the slot ran out unpaid at `heldUntil`, too recently. */
export interface RecentlyHeld {
  readonly heldUntil: Date;
}

/**
 * Who holds the slot a hold was refused for, when it is not simply another player: a hold that
 * ran out unpaid (let it go, then ask again) or the player's own live booking (a retry whose
 * answer was lost). Told by the statement that tried the insert, so a player who lost the slot
 * waits for no other read.
 */
export type SlotHeldBy = { readonly overdueHold: string } | { readonly ownBooking: string };

export interface BookingRepository {
  /**
   * "slot-taken" when an active booking already holds (court, date, slot); "slot-blocked" when a
   * block closes it (BlockRepository): both enforced by the database.
   */
  insert(booking: Booking): Promise<Booking | "slot-taken" | "slot-blocked">;
  findById(id: string): Promise<BookingWithCourt | undefined>;
  listByUser(userId: string): Promise<BookingWithCourt[]>;
  pageByUser(userId: string, query: UserBookingsQuery): Promise<Page<BookingWithCourt>>;
  /** the bookings among `ids` that exist, in one read (no query per id) */
  findManyByIds(ids: readonly string[]): Promise<BookingWithCourt[]>;
  /** active bookings on a date, optionally of one venue */
  listByDate(date: LocalDate, venueId?: string): Promise<BookingWithCourt[]>;
  countActiveOnDate(date: LocalDate): Promise<number>;
  /**
   * The live bookings of a court, or of every court of a venue, that start after `after` (the
   * club's date and HH:MM) and hold a player's money: at most `limit`, the soonest first. Removing
   * the court would take that money with them (its deletion is refused while any is still to be played).
   */
  paidAhead(scope: { readonly courtId: string } | { readonly venueId: string }, after: PaidAfter, limit: number): Promise<BookingWithCourt[]>;
  /**
   * Inserts a player's new booking in one transaction that first locks the player, so concurrent
   * requests of one player are counted one after another. Refused, and not written: "balance-due"
   * while the player owes a remainder; `{ heldUntil }` when the player's own hold on the same slot
   * ran out unpaid after `limits.reholdBarSince` (heldUntil: the latest such end); "too-many-unpaid"
   * when they already hold as many live unpaid holds as their limit allows. A slot held by another
   * player's live booking is "slot-taken"; by an overdue hold or the player's own booking, SlotHeldBy.
   */
  insertHold(booking: Booking, limits: HoldLimits): Promise<
    Booking | "slot-taken" | "slot-blocked" | "too-many-unpaid" | "balance-due" | "upcoming-limit" | "day-limit" | RecentlyHeld | SlotHeldBy
  >;
  /**
   * Which of a venue's per-player limits (DESIGN.md section 15) the player's live bookings there
   * already reach for a booking on `booking.date`, or null: an early answer, counted in one read
   * (insertHold counts again as it writes).
   */
  venueLimitReached(booking: Pick<Booking, "userId" | "date">, limits: PlayerLimits, now: Date): Promise<"upcoming-limit" | "day-limit" | null>;
  /** the booking that holds (court, date, slot) in the database, expired or not */
  holderOf(courtId: string, date: LocalDate, timeSlot: TimeSlot): Promise<BookingWithCourt | undefined>;
  /**
   * Claims up to `limit` bookings for a sweep until `until`: overdue unpaid holds ("holds") or
   * partly paid bookings past their split deadline whose remainder is not settled ("remainders").
   * A claimed row is skipped by other processes until the claim runs out.
   */
  claimDue(kind: "holds" | "remainders", now: Date, until: Date, limit: number): Promise<BookingWithCourt[]>;
  /** active, unpaid and overdue -> expired, conditionally, with `events` in the same transaction; false otherwise. Frees the slot. */
  expireHold(id: string, now: Date, events?: readonly DomainEvent[]): Promise<boolean>;
  /**
   * Moves the remainder state and answers the remainder's payment id: the one given at the first
   * claim is kept for every retry, so a retried charge records the same payment. `events` are
   * recorded (at `at`) in the same transaction.
   */
  setRemainder(
    id: string,
    status: "charging" | "charged" | "failed",
    options?: { readonly paymentId?: string; readonly events?: readonly DomainEvent[]; readonly at?: Date },
  ): Promise<string | null>;
  /** the player's bookings with a balance due (remainder declined, not paid since) */
  listBalancesDue(userId?: string): Promise<BookingWithCourt[]>;
  /**
   * active -> cancelled, conditionally; false when it was not active. Frees the slot. In the same
   * transaction each refund in `refunds` is owed in the ledger (its payment's refund owed raised,
   * status refunded), so a crash never loses a refund; a refund that would take a payment past
   * what it charged is not written. With `notStartedBy`, the booking must also start after that
   * moment, as the database reads its date and slot in the same statement: "started" otherwise,
   * and nothing is written.
   */
  cancel(
    id: string,
    change: {
      reason: string | null;
      refundPercentage: number;
      at: Date;
      refunds?: { readonly reason: RefundReason; readonly owed: readonly OwedRefund[] };
      /** recorded in the same transaction, when the booking is cancelled */
      events?: readonly DomainEvent[];
      /** the club's clock as the write is made: a game that began by then stays as it is (DESIGN.md section 14) */
      notStartedBy?: PaidAfter;
    },
  ): Promise<boolean | "started">;
}

