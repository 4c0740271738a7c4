import type { GameType } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Booking } from "../../../types/api";
import { CLUB_CHANGES } from "./types";

/** POST /api/bookings with the player's id: the admin books an hour for someone. */
export const bookForPlayer = (input: { courtId: string; date: string; timeSlot: string; gameType: GameType; userId: string }) =>
  api<Booking>("/api/bookings", {
    method: "POST",
    json: { courtId: input.courtId, bookingDate: `${input.date}T00:00:00`, timeSlot: input.timeSlot, gameType: input.gameType, userId: input.userId },
  });

export const useBookForPlayer = () => useWrite("book-for-player", bookForPlayer, CLUB_CHANGES);
