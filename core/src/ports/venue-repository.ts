import type { Venue } from "../domain/entities.js";

export interface VenueRepository {
  list(): Promise<Venue[]>;
  findById(id: string): Promise<Venue | undefined>;
  insert(venue: Venue): Promise<Venue>;
  /** Removes the venue, its courts and their bookings; payments stay (they keep names). */
  delete(id: string): Promise<boolean>;
  setImage(id: string, image: { imageData?: string | null; imageUrl?: string | null }): Promise<Venue | undefined>;
  findByName(name: string): Promise<Venue | undefined>;
}
