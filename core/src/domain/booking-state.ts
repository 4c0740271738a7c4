import type { Booking, BookingStatus } from "./booking.js";
import { asSeenAt } from "./hold.js";
import { localDateOf, wallClockAt, type LocalDate } from "./time.js";

/**
 * What a player's lists show of a booking at a moment (DESIGN.md section 14): its stored status,
 * read as the hold rule reads it (an overdue hold is expired), and 'played' once a live game has
 * started. Derived on the server's clock when the list is read, never stored.
 */
export type BookingState = BookingStatus | "played";

export const BOOKING_STATE_TEXT: Readonly<Record<BookingState, string>> = {
  active: "Activa",
  confirmed: "Confirmada",
  cancelled: "Cancelada",
  expired: "Expirada",
  played: "Jugada",
};

/** The club's clock at one instant: its date and HH:MM, as bookings store their start. */
export interface ClubMoment {
  readonly at: Date;
  readonly date: LocalDate;
  readonly time: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

export const clubMomentOf = (at: Date, timeZone: string): ClubMoment => {
  const wall = wallClockAt(at, timeZone);
  return { at, date: localDateOf(at, timeZone), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
};

/** A game starts at its slot on the club's clock; from then on it cannot be cancelled by its player. */
export const hasStarted = (booking: Pick<Booking, "date" | "timeSlot">, now: ClubMoment): boolean =>
  booking.date < now.date || (booking.date === now.date && booking.timeSlot <= now.time);

/** Still to be played or being played: neither cancelled nor expired (an overdue hold is expired). */
const isLive = (status: BookingStatus) => status === "active" || status === "confirmed";

/** The booking with its state at `now`: the hold rule first (asSeenAt), then 'played' for a live game that started. */
export const withStateAt = <B extends Booking>(booking: B, now: ClubMoment): B & { readonly state: BookingState } => {
  const seen = asSeenAt(booking, now.at);
  // Object.assign, not a spread plus a key: each object would get a V8 map of its own (docs/PERFORMANCE.md)
  return Object.assign(seen, { state: isLive(seen.status) && hasStarted(seen, now) ? ("played" as const) : seen.status });
};

/**
 * Which of a player's two lists a booking sits in at `now`: 'upcoming' while it is live and has
 * not started (soonest first), 'past' once it started, was cancelled or expired (newest first).
 * The repositories' pageByUser split the same way in their queries, so pages stay whole.
 */
export const listOf = (booking: Booking, now: ClubMoment): "upcoming" | "past" =>
  isLive(asSeenAt(booking, now.at).status) && !hasStarted(booking, now) ? "upcoming" : "past";

