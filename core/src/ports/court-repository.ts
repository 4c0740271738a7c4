import type { Court } from "../domain/entities.js";
import type { VenueRules } from "../domain/venue-rules.js";
import type { PaidAfter } from "./booking-repository.js";

/** The court a booking is made on, as the booking's answer names it: no picture, its venue's name and its venue's rules. */
export interface CourtForBooking extends Omit<Court, "imageUrl" | "imageData"> {
  readonly venueName: string;
  readonly rules: VenueRules;
}

export interface CourtRepository {
  list(): Promise<Court[]>;
  listByVenue(venueId: string): Promise<Court[]>;
  findById(id: string): Promise<Court | undefined>;
  /** One read for a new booking: the court, its venue's name and its venue's booking rules. */
  findForBooking(id: string): Promise<CourtForBooking | undefined>;
  /** "number-taken" when the venue already has a court with that number */
  insert(court: Court): Promise<Court | "number-taken">;
  /**
   * Replaces every field but id, creation and picture (setImage's), which stay as they are now.
   * With `keepIfMovingPaidAfter`, a court whose venue (as stored now, not as the caller read it)
   * changes is updated in the same statement only while no live booking of it starting after that
   * moment holds money: else "paid-ahead" and nothing changes (a payment recorded after the caller
   * looked, and before the statement, keeps its game in its club).
   */
  update(court: Court, keepIfMovingPaidAfter?: PaidAfter): Promise<Court | "number-taken" | "paid-ahead" | undefined>;
  /**
   * Removes the court and its bookings; payments stay (they keep names). With `keepIfPaidAfter`,
   * in the same statement only while no live booking starting after it holds money: else
   * "paid-ahead" and nothing goes (a payment recorded since the caller looked is not deleted with it).
   */
  delete(id: string, keepIfPaidAfter?: PaidAfter): Promise<boolean | "paid-ahead">;
  setImage(id: string, image: { imageData?: string | null; imageUrl?: string | null }): Promise<Court | undefined>;
  count(): Promise<number>;
  countNotAvailable(): Promise<number>;
}
