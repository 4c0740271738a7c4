import type { Block } from "./blocks.js";
import { blockCovers } from "./blocks.js";
import type { CourtStatus } from "./entities.js";
import { courtStatusText, isAvailable } from "./entities.js";
import type { Cents } from "./money.js";
import type { CourtPrices } from "./pricing.js";
import { priceForSlot } from "./pricing.js";
import type { TimeSlot } from "./slots.js";
import { SLOTS } from "./slots.js";
import { addDays, instantOf, type LocalDate } from "./time.js";
import { opensAtOf, openingWords, type VenueRules } from "./venue-rules.js";

/**
 * What a guest sees of a venue's day (DESIGN.md section 14, 'Guests see what is free'): each
 * court's 16 hours, free with their price, taken, closed with the reason, or past. Never who
 * booked: the day holds the booked slots only.
 */
export type SlotState = "free" | "taken" | "closed" | "past";

export interface DayCourt {
  readonly id: string;
  readonly name: string;
  readonly courtNumber: number;
  readonly status: CourtStatus;
  readonly prices: CourtPrices;
  /** the slots its bookings and live holds take on the date, in order */
  readonly bookedSlots: readonly TimeSlot[];
}

/** A venue's courts on a local date, as the read model gives them. */
export interface VenueDay {
  readonly venueId: string;
  readonly date: LocalDate;
  /** by court number */
  readonly courts: readonly DayCourt[];
  /** the venue's blocks, of one court or all, that span the date (weekdays and slots not yet applied) */
  readonly blocks: readonly Block[];
  /** when the venue opens a date to its players (DESIGN.md section 15) */
  readonly rules: Pick<VenueRules, "windowDays" | "releaseTime">;
}

export interface GridSlot {
  readonly timeSlot: TimeSlot;
  readonly state: SlotState;
  /** the singles price of the slot's band: what a player pays for the court (a game of two) */
  readonly price: Cents;
  /** closed: the reason shown to players */
  readonly reason?: string;
}

export interface GridCourt {
  readonly court: DayCourt;
  readonly slots: readonly GridSlot[];
}

export interface DayGrid {
  readonly courts: readonly GridCourt[];
  /** the instant the venue opens the date to its players, while it has not yet */
  readonly opensAt?: Date;
  /** the instant this grid stops being true with no write (the next slot starts): Infinity if never */
  readonly until: number;
}

/**
 * The grid of a venue's day at `now`. A slot whose start has come is past, whatever else it is
 * (a player cannot book it any more); then a closed court or a block closes it; then a booking
 * takes it; an hour left free on a date the venue has not opened yet is closed until it opens, the
 * reason saying when. A block and a booking never meet (the database refuses it), but a closure
 * reads first.
 */
export const dayGrid = (day: VenueDay, now: Date, timeZone: string): DayGrid => {
  const at = now.getTime();
  const starts = SLOTS.map((slot) => instantOf(day.date, slot, timeZone).getTime());
  const opening = opensAtOf(day.date, day.rules, timeZone);
  const notOpen = opening.getTime() > at ? openingWords(addDays(day.date, -day.rules.windowDays), day.rules.releaseTime ?? "00:00") : null;
  const next = Math.min(starts.find((start) => start > at) ?? Infinity, notOpen === null ? Infinity : opening.getTime());
  const courts = day.courts.map((court): GridCourt => {
    const closedCourt = isAvailable(court) ? null : courtStatusText(court);
    const place = { id: court.id, venueId: day.venueId };
    const slots = SLOTS.map((timeSlot, i): GridSlot => {
      const price = priceForSlot(court.prices, timeSlot, "singles");
      if (starts[i]! <= at) return { timeSlot, state: "past", price };
      if (closedCourt !== null) return { timeSlot, state: "closed", price, reason: closedCourt };
      const block = day.blocks.length === 0 ? undefined : day.blocks.find((b) => blockCovers(b, place, day.date, timeSlot));
      if (block !== undefined) return { timeSlot, state: "closed", price, reason: block.reason };
      if (court.bookedSlots.includes(timeSlot)) return { timeSlot, state: "taken", price };
      if (notOpen !== null) return { timeSlot, state: "closed", price, reason: notOpen };
      return { timeSlot, state: "free", price };
    });
    return { court, slots };
  });
  return notOpen === null ? { courts, until: next } : { courts, until: next, opensAt: opening };
};
