import type { GameType } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Ballot, Booking } from "../../../types/api";

export interface NewBooking {
  courtId: string;
  /** club-local date YYYY-MM-DD */
  date: string;
  timeSlot: string;
  gameType: GameType;
  /** the player (the admin books for someone else with their id) */
  userId: string;
}

/**
 * POST /api/bookings; SPEC.md section 7: the date goes as a local date-time without zone. A date
 * opened less than the venue's ballotSeconds ago answers 202 with a ballot entry (DESIGN.md section 15).
 */
export const createBooking = ({ courtId, date, timeSlot, gameType, userId }: NewBooking) =>
  api<Booking | Ballot>("/api/bookings", {
    method: "POST",
    json: { courtId, bookingDate: `${date}T00:00:00`, timeSlot, gameType, userId },
  });

/** The slot is taken: the player's lists, the court's day, the venue's month and the admin's schedule change. */
export const useCreateBooking = () => useWrite("create-booking", createBooking, ["bookings", "availability", "schedule"]);
