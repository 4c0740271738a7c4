import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { CourtDayBookings } from "../../../types/api";

/** GET /api/courts/{id}/bookings?date=YYYY-MM-DD: the slots that cannot be booked that day. */
export const courtDayKey = keyFor(
  ["availability"],
  (courtId: string, date: string) => `/api/courts/${encodeURIComponent(courtId)}/bookings?date=${date}`,
);

export const fetchCourtDay = (key: string) => api<CourtDayBookings>(key);

export const useCourtDay = (courtId: string | undefined, date: string | undefined) =>
  useSWR<CourtDayBookings>(courtId && date ? courtDayKey(courtId, date) : null, fetchCourtDay);
