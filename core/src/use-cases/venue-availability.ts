import type { VenueAvailabilityAnswer } from "../contract/catalog.js";
import type { VenueDay } from "../domain/day-grid.js";
import { dayGrid } from "../domain/day-grid.js";
import { InvalidInput } from "../domain/errors.js";
import { formatMoney } from "../domain/money.js";
import { localDateOf, type LocalDate } from "../domain/time.js";
import type { Ports } from "../ports/index.js";
import type { DateQuery } from "../schemas/requests.js";
import { MAX_WINDOW_DAYS } from "../domain/venue-rules.js";
import { lastBookableDate } from "./bookings.js";
import { venueNotFound } from "./lookups.js";

/**
 * GET /api/venues/{id}/availability: a venue's day for everyone, guests included (DESIGN.md
 * section 14). As courtDayWithBlocks, no Effect and no promise when the read model holds the day;
 * a failure (VenueNotFound, InvalidInput) is thrown, as `run` throws a use case's failure.
 *
 * A date past the booking horizon is refused as booking it is: nothing there can be booked, and
 * an unbounded date would let one client fill the read model with days nobody books.
 */
export const venueAvailability = (
  ports: Pick<Ports, "catalog" | "clock">,
  venueId: string,
  query: DateQuery,
): VenueAvailabilityAnswer | Promise<VenueAvailabilityAnswer> => {
  const now = ports.clock.now();
  const kept = ports.catalog.keptVenueDay?.(venueId, query.date, now);
  if (kept !== undefined) return gridAnswer(kept, now, ports.clock.timeZone);
  return readVenueDay(ports, venueId, query.date, now);
};

const readVenueDay = async (ports: Pick<Ports, "catalog" | "clock">, venueId: string, date: LocalDate, now: Date) => {
  // as far as any venue's window may reach: a date beyond this venue's reads closed, with when it opens
  if (date > lastBookableDate(localDateOf(now, ports.clock.timeZone), MAX_WINDOW_DAYS))
    throw new InvalidInput({ field: "date", message: `Solo se puede consultar la disponibilidad con hasta ${MAX_WINDOW_DAYS} días de anticipación` });
  const day = await ports.catalog.venueDay(venueId, date, now);
  if (day === undefined) throw venueNotFound();
  return gridAnswer(day, now, ports.clock.timeZone);
};

interface KeptAnswer {
  readonly answer: VenueAvailabilityAnswer;
  /** the grid holds from the instant it was built until the next slot starts */
  readonly from: number;
  readonly until: number;
}

/**
 * A day the read model keeps is the same object on each hit: its answer is built once per hour
 * of the day (when a slot turns past) and stays the same object, so the route may keep its text.
 */
const answers = new WeakMap<VenueDay, KeptAnswer>();
const gridAnswer = (day: VenueDay, now: Date, timeZone: string): VenueAvailabilityAnswer => {
  const at = now.getTime();
  const kept = answers.get(day);
  if (kept !== undefined && kept.from <= at && at < kept.until) return kept.answer;
  const grid = dayGrid(day, now, timeZone);
  const answer: VenueAvailabilityAnswer = {
    date: day.date,
    ...(grid.opensAt === undefined ? {} : { opensAt: grid.opensAt.toISOString() }),
    courts: grid.courts.map(({ court, slots }) => ({
      courtId: court.id,
      name: court.name,
      courtNumber: court.courtNumber,
      slots: slots.map((s) =>
        s.reason === undefined
          ? { timeSlot: s.timeSlot, state: s.state, price: formatMoney(s.price) }
          : { timeSlot: s.timeSlot, state: s.state, price: formatMoney(s.price), reason: s.reason },
      ),
    })),
  };
  answers.set(day, { answer, from: at, until: grid.until });
  return answer;
};
