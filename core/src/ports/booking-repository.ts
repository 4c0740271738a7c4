import type { Booking } from "../domain/booking.js";
import type { GameType } from "../domain/pricing.js";
import type { TimeSlot } from "../domain/slots.js";
import type { LocalDate } from "../domain/time.js";

/** A booking with the court it is on, as lists show it. */
export interface BookingWithCourt extends Booking {
  readonly court: { readonly id: string; readonly name: string; readonly courtNumber: number; readonly venueId: string; readonly venueName: string };
}

/** The venue calendar: no user data (DESIGN.md section 4). */
export interface CalendarEntry {
  readonly id: string;
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  readonly courtId: string;
  readonly courtNumber: number;
  readonly courtName: string;
}

export interface BookingRepository {
  /** "slot-taken" when an active booking already holds (court, date, slot): enforced by the database. */
  insert(booking: Booking): Promise<Booking | "slot-taken">;
  findById(id: string): Promise<BookingWithCourt | undefined>;
  /** slots of the active bookings of a court on a date; with `now`, overdue holds no longer hold theirs */
  bookedSlots(courtId: string, date: LocalDate, now?: Date): Promise<TimeSlot[]>;
  listByUser(userId: string): Promise<BookingWithCourt[]>;
  /** active bookings of a venue between two local dates, both included */
  calendar(venueId: string, from: LocalDate, to: LocalDate): Promise<CalendarEntry[]>;
  /** active bookings on a date, optionally of one venue */
  listByDate(date: LocalDate, venueId?: string): Promise<BookingWithCourt[]>;
  countActiveOnDate(date: LocalDate): Promise<number>;
  /**
   * Inserts a player's new booking in one transaction that first locks the player, so concurrent
   * requests of one player are counted one after another: "balance-due" while the player owes a
   * remainder, "too-many-unpaid" when they already hold `maxUnpaid` live unpaid holds (null: no limit).
   */
  insertHold(
    booking: Booking,
    limits: { readonly maxUnpaid: number | null; readonly now: Date },
  ): Promise<Booking | "slot-taken" | "too-many-unpaid" | "balance-due">;
  /** the booking that holds (court, date, slot) in the database, expired or not */
  holderOf(courtId: string, date: LocalDate, timeSlot: TimeSlot): Promise<BookingWithCourt | undefined>;
  /**
   * Claims up to `limit` bookings for a sweep until `until`: overdue unpaid holds ("holds") or
   * partly paid bookings past their split deadline whose remainder is not settled ("remainders").
   * A claimed row is skipped by other processes until the claim runs out.
   */
  claimDue(kind: "holds" | "remainders", now: Date, until: Date, limit: number): Promise<BookingWithCourt[]>;
  /** active, unpaid and overdue -> expired, conditionally; false otherwise. Frees the slot. */
  expireHold(id: string, now: Date): Promise<boolean>;
  /**
   * Moves the remainder state and answers the remainder's payment id: the one given at the first
   * claim is kept for every retry, so a retried charge records the same payment.
   */
  setRemainder(id: string, status: "charging" | "charged" | "failed", paymentId?: string): Promise<string | null>;
  /** the player's bookings with a balance due (remainder declined, not paid since) */
  listBalancesDue(userId?: string): Promise<BookingWithCourt[]>;
  /** active -> cancelled, conditionally; false when it was not active. Frees the slot. */
  cancel(id: string, change: { reason: string | null; refundPercentage: number; at: Date }): Promise<boolean>;
}

