import { DEFAULT_VENUE_RULES, isHoldOverdue, presentCourt, type CalendarEntryAnswer, type CatalogQueries, type CourtAnswer, type JsonBytes, type JsonText } from "@courts/core";
import { byKeys, type MemoryState } from "./state.js";

/** The catalogue read model over the in-memory state: the SQL one's answers, built in JavaScript. */
export const memoryCatalog = (state: MemoryState): CatalogQueries => {
  const active = () => [...state.bookings.values()].filter((b) => b.status !== "cancelled" && b.status !== "expired");
  return {
    async courtDay(courtId, date, now) {
      if (!state.courts.has(courtId)) return undefined;
      const bookedSlots = active()
        .filter((b) => b.courtId === courtId && b.date === date && !(now && isHoldOverdue(b, now)))
        .map((b) => b.timeSlot)
        .sort();
      return { date, bookedSlots };
    },
    async courtAvailability(courtId, date, now) {
      const court = state.courts.get(courtId);
      if (!court) return undefined;
      const bookedSlots = active()
        .filter((b) => b.courtId === courtId && b.date === date && !isHoldOverdue(b, now))
        .map((b) => b.timeSlot)
        .sort();
      const blocks = [...state.blocks.values()]
        .filter((b) => (b.courtId === courtId || (b.courtId === null && b.venueId === court.venueId)) && b.startDate <= date && b.endDate >= date)
        .sort(byKeys((b) => [b.createdAt.getTime()]));
      return { date, bookedSlots, venueId: court.venueId, blocks };
    },
    async venueDay(venueId, date, now) {
      if (!state.venues.has(venueId)) return undefined;
      const taken = active().filter((b) => b.date === date && !isHoldOverdue(b, now));
      const courts = [...state.courts.values()]
        .filter((c) => c.venueId === venueId)
        .sort(byKeys((c) => [c.courtNumber]))
        .map((c) => ({
          id: c.id,
          name: c.name,
          courtNumber: c.courtNumber,
          status: c.status,
          prices: c.prices,
          bookedSlots: taken.filter((b) => b.courtId === c.id).map((b) => b.timeSlot).sort(),
        }));
      const blocks = [...state.blocks.values()]
        .filter((b) => b.venueId === venueId && b.startDate <= date && b.endDate >= date)
        .sort(byKeys((b) => [b.createdAt.getTime()]));
      const { windowDays, releaseTime } = state.venueRules.get(venueId) ?? DEFAULT_VENUE_RULES;
      return { venueId, date, courts, blocks, rules: { windowDays, releaseTime } };
    },
    async venueCourts(venueId) {
      if (!state.venues.has(venueId)) return undefined;
      const courts = [...state.courts.values()].filter((c) => c.venueId === venueId).sort(byKeys((c) => [c.courtNumber]));
      return JSON.stringify(courts.map(presentCourt)) as JsonText<readonly CourtAnswer[]>;
    },
    async venueMonth(venueId, from, to) {
      if (!state.venues.has(venueId)) return undefined;
      const entries: CalendarEntryAnswer[] = active()
        .flatMap((b) => {
          const court = state.courts.get(b.courtId);
          return court && court.venueId === venueId && b.date >= from && b.date <= to ? [{ b, court }] : [];
        })
        .sort(byKeys(({ b, court }) => [b.date, b.timeSlot, court.courtNumber]))
        .map(({ b, court }) => ({
          id: b.id,
          bookingDate: `${b.date}T00:00:00`,
          date: b.date,
          timeSlot: b.timeSlot,
          gameType: b.gameType,
          court: { id: court.id, courtNumber: court.courtNumber, name: court.name },
        }));
      const bytes: Uint8Array = new TextEncoder().encode(JSON.stringify(entries));
      return bytes as JsonBytes<readonly CalendarEntryAnswer[]>;
    },
  };
};
