import type { Venue } from "../domain/entities.js";
import type { VenueRules } from "../domain/venue-rules.js";
import type { PaidAfter } from "./booking-repository.js";

export interface VenueRepository {
  list(): Promise<Venue[]>;
  findById(id: string): Promise<Venue | undefined>;
  insert(venue: Venue): Promise<Venue>;
  /**
   * Removes the venue, its courts and their bookings; payments stay (they keep names). With
   * `keepIfPaidAfter`, as CourtRepository.delete: "paid-ahead" and nothing goes while a booking of
   * one of its courts starting after it holds money.
   */
  delete(id: string, keepIfPaidAfter?: PaidAfter): Promise<boolean | "paid-ahead">;
  setImage(id: string, image: { imageData?: string | null; imageUrl?: string | null }): Promise<Venue | undefined>;
  findByName(name: string): Promise<Venue | undefined>;
  /** The venue's booking rules (DESIGN.md section 15); undefined when there is no such venue. */
  rulesOf(id: string): Promise<VenueRules | undefined>;
  /** Replaces the venue's rules; false when there is no such venue. */
  setRules(id: string, rules: VenueRules): Promise<boolean>;
}
