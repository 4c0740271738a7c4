import { DEFAULT_VENUE_RULES, type Court, type CourtRepository } from "@courts/core";
import { byKeys, cascadeCourt, foreignKeyError, paidAheadOn, setImageIn, type MemoryState } from "./state.js";

export const memoryCourts = (state: MemoryState): CourtRepository => {
  const numberTaken = (court: Court) =>
    [...state.courts.values()].some(
      (c) => c.id !== court.id && c.venueId === court.venueId && c.courtNumber === court.courtNumber,
    );
  return {
    async list() {
      return [...state.courts.values()].sort(byKeys((c) => [c.createdAt.getTime(), c.courtNumber, c.id]));
    },
    async listByVenue(venueId) {
      return [...state.courts.values()].filter((c) => c.venueId === venueId).sort(byKeys((c) => [c.courtNumber]));
    },
    async findById(id) {
      return state.courts.get(id);
    },
    async findForBooking(id) {
      const court = state.courts.get(id);
      const venue = court && state.venues.get(court.venueId);
      if (!court || !venue) return undefined;
      const { imageUrl: _url, imageData: _data, ...fields } = court;
      return { ...fields, venueName: venue.name, rules: state.venueRules.get(venue.id) ?? DEFAULT_VENUE_RULES };
    },
    async insert(court) {
      if (state.courts.has(court.id)) throw new Error(`duplicate court id ${court.id}`);
      if (!state.venues.has(court.venueId)) throw foreignKeyError(`venue ${court.venueId}`);
      if (numberTaken(court)) return "number-taken";
      state.courts.set(court.id, court);
      return court;
    },
    async update(court, keepIfMovingPaidAfter) {
      const current = state.courts.get(court.id);
      if (!current) return undefined;
      // as the SQL statement: its guard before the venue's foreign key
      if (keepIfMovingPaidAfter && court.venueId !== current.venueId && paidAheadOn(state, new Set([court.id]), keepIfMovingPaidAfter)) return "paid-ahead";
      if (!state.venues.has(court.venueId)) throw foreignKeyError(`venue ${court.venueId}`);
      if (numberTaken(court)) return "number-taken";
      // the picture stays as setImage left it
      const next: Court = { ...court, imageUrl: current.imageUrl, imageData: current.imageData, createdAt: current.createdAt };
      state.courts.set(court.id, next);
      return next;
    },
    async delete(id, keepIfPaidAfter) {
      if (!state.courts.has(id)) return false;
      if (keepIfPaidAfter && paidAheadOn(state, new Set([id]), keepIfPaidAfter)) return "paid-ahead";
      cascadeCourt(state, id);
      return true;
    },
    async setImage(id, image) {
      return setImageIn(state.courts, id, image);
    },
    async count() {
      return state.courts.size;
    },
    async countNotAvailable() {
      return [...state.courts.values()].filter((c) => c.status !== "available").length;
    },
  };
};
