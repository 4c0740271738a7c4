import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { CalendarEntry } from "../../../types/api";

/** GET /api/venues/{id}/bookings?year=&month= (month 1..12): the venue's bookings, no user data. */
export const venueCalendarKey = keyFor(
  ["availability"],
  (venueId: string, year: number, month: number) => `/api/venues/${encodeURIComponent(venueId)}/bookings?year=${year}&month=${month}`,
);

/** SPEC.md section 8: a failed calendar fetch raises 'Failed to fetch bookings'. */
export const fetchVenueCalendar = async (key: string): Promise<CalendarEntry[]> => {
  try {
    return await api<CalendarEntry[]>(key);
  } catch (cause) {
    console.error(cause);
    throw new Error("Failed to fetch bookings");
  }
};

export const useVenueCalendar = (venueId: string | undefined, year: number, month: number) =>
  useSWR<CalendarEntry[]>(venueId ? venueCalendarKey(venueId, year, month) : null, fetchVenueCalendar);
