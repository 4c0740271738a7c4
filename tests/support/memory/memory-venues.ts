import { DEFAULT_VENUE_RULES, type VenueRepository } from "@courts/core";
import { byKeys, cascadeCourt, paidAheadOn, setImageIn, type MemoryState } from "./state.js";

export const memoryVenues = (state: MemoryState): VenueRepository => ({
  async list() {
    return [...state.venues.values()].sort(byKeys((v) => [v.createdAt.getTime(), v.id]));
  },
  async findById(id) {
    return state.venues.get(id);
  },
  async insert(venue) {
    if (state.venues.has(venue.id)) throw new Error(`duplicate venue id ${venue.id}`);
    state.venues.set(venue.id, venue);
    return venue;
  },
  async delete(id, keepIfPaidAfter) {
    if (!state.venues.has(id)) return false;
    const courtIds = new Set([...state.courts.values()].filter((c) => c.venueId === id).map((c) => c.id));
    if (keepIfPaidAfter && paidAheadOn(state, courtIds, keepIfPaidAfter)) return "paid-ahead";
    for (const court of [...state.courts.values()]) {
      if (court.venueId === id) cascadeCourt(state, court.id);
    }
    state.venues.delete(id);
    return true;
  },
  async setImage(id, image) {
    return setImageIn(state.venues, id, image);
  },
  async rulesOf(id) {
    return state.venues.has(id) ? (state.venueRules.get(id) ?? DEFAULT_VENUE_RULES) : undefined;
  },
  async setRules(id, rules) {
    if (!state.venues.has(id)) return false;
    state.venueRules.set(id, rules);
    return true;
  },
  async findByName(name) {
    return [...state.venues.values()].find((v) => v.name === name);
  },
});
