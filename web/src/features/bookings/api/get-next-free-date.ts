import useSWR from "swr";
import { addDays, lastBookableDate } from "@courts/core";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { CourtDayBookings } from "../../../types/api";
import { slotStates } from "../slot-rules";

// the same cache key as the venues feature's useCourtDay (features do not import each other)
const courtDayPath = (courtId: string, date: string) => `/api/courts/${encodeURIComponent(courtId)}/bookings?date=${date}`;

/** How far ahead a full day looks for the next day with a free hour. */
export const LOOK_AHEAD_DAYS = 30;

/**
 * The first date after `date` with a slot that can still be booked, reading the same day answers
 * the booking screen reads (GET /api/courts/{id}/bookings?date=), a week at a time: a booked or
 * club-blocked hour is not free. Null when none within LOOK_AHEAD_DAYS nor before the booking
 * venue's window (lastBookableDate with its windowDays, the last day the server books).
 */
export const findNextFreeDate = async (
  courtId: string,
  date: string,
  today: string,
  timeZone: string,
  now = new Date(),
  windowDays?: number,
): Promise<string | null> => {
  const last = lastBookableDate(today, windowDays);
  for (let start = 1; start <= LOOK_AHEAD_DAYS; start += 7) {
    const days = Array.from({ length: Math.min(7, LOOK_AHEAD_DAYS - start + 1) }, (_, i) => addDays(date, start + i)).filter((d) => d <= last);
    if (days.length === 0) return null;
    const answers = await Promise.all(days.map((d) => api<CourtDayBookings>(courtDayPath(courtId, d))));
    const found = days.find((d, i) =>
      slotStates({ date: d, bookedSlots: answers[i]?.bookedSlots ?? [], blockedSlots: answers[i]?.blockedSlots ?? [], now, timeZone }).some((s) => !s.disabled),
    );
    if (found) return found;
  }
  return null;
};

/** Not a path: the answer is built from several day answers, and moves with them. */
export const nextFreeDateKey = keyFor(
  ["availability"],
  (courtId: string, date: string, today: string, timeZone: string, windowDays?: number) =>
    `next-free-date ${courtId} ${date} ${today} ${timeZone} ${windowDays ?? ""}`,
);

/** Asked only when the shown day is full. */
export const useNextFreeDate = (courtId: string, date: string, today: string, timeZone: string, enabled: boolean, windowDays?: number) =>
  useSWR<string | null>(enabled ? nextFreeDateKey(courtId, date, today, timeZone, windowDays) : null, () =>
    findNextFreeDate(courtId, date, today, timeZone, new Date(), windowDays),
  );
