import type { Court } from "../domain/entities.js";

/** The court a booking is made on, as the booking's answer names it: no picture, and its venue's name. */
export interface CourtForBooking extends Omit<Court, "imageUrl" | "imageData"> {
  readonly venueName: string;
}

export interface CourtRepository {
  list(): Promise<Court[]>;
  listByVenue(venueId: string): Promise<Court[]>;
  findById(id: string): Promise<Court | undefined>;
  /** One read for a new booking: the court and its venue's name. */
  findForBooking(id: string): Promise<CourtForBooking | undefined>;
  /** "number-taken" when the venue already has a court with that number */
  insert(court: Court): Promise<Court | "number-taken">;
  update(court: Court): Promise<Court | "number-taken" | undefined>;
  /** Removes the court and its bookings; payments stay (they keep names). */
  delete(id: string): Promise<boolean>;
  setImage(id: string, image: { imageData?: string | null; imageUrl?: string | null }): Promise<Court | undefined>;
  count(): Promise<number>;
  countNotAvailable(): Promise<number>;
}
