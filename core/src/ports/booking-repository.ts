import type { Booking } from "../domain/booking.js";
import type { Cents } from "../domain/money.js";
import type { LocalDate } from "../domain/time.js";
import type { Page, PageRequest } from "./pagination.js";

/** A booking with the court it is on, as lists show it. */
export interface BookingWithCourt extends Booking {
  readonly court: { readonly id: string; readonly name: string; readonly courtNumber: number; readonly venueId: string; readonly venueName: string };
}

/**
 * A player's bookings a page at a time: "upcoming" from `today` on, soonest first; "past" before
 * `today`, newest first; without a scope all of them, newest first.
 */
export interface UserBookingsQuery extends PageRequest {
  readonly scope?: "upcoming" | "past";
  readonly today: LocalDate;
}

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
   * active -> cancelled, conditionally; false when it was not active. Frees the slot. In the same
   * transaction, each succeeded payment listed in `refundsOwed` records what it is owed (status
   * refunded, sent later by the provider), so a crash never loses a refund.
   */
  cancel(
    id: string,
    change: {
      reason: string | null;
      refundPercentage: number;
      at: Date;
      refundsOwed?: readonly { readonly paymentId: string; readonly amount: Cents }[];
    },
  ): Promise<boolean>;
}

