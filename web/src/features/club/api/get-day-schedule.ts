import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { DaySchedule } from "./types";

/** GET /api/admin/schedule?date=&venueId=: every court's hours that day, booked, blocked or free. */
export const dayScheduleKey = keyFor(
  ["schedule"],
  (date: string, venueId: string) => `/api/admin/schedule?date=${date}&venueId=${encodeURIComponent(venueId)}`,
);

export const fetchDaySchedule = (key: string) => api<DaySchedule>(key);

export const useDaySchedule = (date: string, venueId: string | undefined) =>
  useSWR<DaySchedule>(venueId ? dayScheduleKey(date, venueId) : null, fetchDaySchedule);
