import type { DayStatsAnswer } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

/** GET /api/payments/day-stats?date= (admin): a day's bookings, revenue, courts and occupancy. */
export const dayStatsKey = keyFor(["payments", "bookings"], (date: string) => `/api/payments/day-stats?date=${date}`);

export const fetchDayStats = (key: string) => api<DayStatsAnswer>(key);

export const useDayStats = (date: string | undefined) => useSWR<DayStatsAnswer>(date ? dayStatsKey(date) : null, fetchDayStats);

/**
 * '+12% vs ayer' from two days' figures, as SPEC.md's dashboard words it, read from the data: the
 * same figure both days says so, and a day after one with nothing says what yesterday had.
 */
export const trendVsYesterday = (today: number, yesterday: number, noneYesterday: string): string => {
  if (yesterday === 0) return today === 0 ? "Igual que ayer" : noneYesterday;
  const percent = Math.round(((today - yesterday) * 100) / yesterday);
  return percent === 0 ? "Igual que ayer" : `${percent > 0 ? "+" : ""}${percent}% vs ayer`;
};
