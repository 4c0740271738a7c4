import type { Booking } from "../domain/booking.js";
import type { LocalDate } from "../domain/time.js";

/** A booking with the court it is on, as lists show it. */
export interface BookingWithCourt extends Booking {
  readonly court: { readonly id: string; readonly name: string; readonly courtNumber: number; readonly venueId: string; readonly venueName: string };
}

export interface BookingRepository {
  /** "slot-taken" when an active booking already holds (court, date, slot): enforced by the database. */
  insert(booking: Booking): Promise<Booking | "slot-taken">;
  findById(id: string): Promise<BookingWithCourt | undefined>;
  listByUser(userId: string): Promise<BookingWithCourt[]>;
  /** active bookings on a date, optionally of one venue */
  listByDate(date: LocalDate, venueId?: string): Promise<BookingWithCourt[]>;
  countActiveOnDate(date: LocalDate): Promise<number>;
  /** active -> cancelled, conditionally; false when it was not active. Frees the slot. */
  cancel(id: string, change: { reason: string | null; refundPercentage: number; at: Date }): Promise<boolean>;
}

