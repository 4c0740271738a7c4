import type { Booking } from "../domain/booking.js";
import type { Cents } from "../domain/money.js";
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
  /** slots of the active bookings of a court on a date */
  bookedSlots(courtId: string, date: LocalDate): Promise<TimeSlot[]>;
  listByUser(userId: string): Promise<BookingWithCourt[]>;
  /** active bookings of a venue between two local dates, both included */
  calendar(venueId: string, from: LocalDate, to: LocalDate): Promise<CalendarEntry[]>;
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

