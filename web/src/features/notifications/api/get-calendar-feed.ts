import type { CalendarFeedAnswer } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

/** GET /api/user/calendar-feed: the player's private calendar address. */
export const calendarFeedKey = keyFor(["calendar-feed"], () => "/api/user/calendar-feed");

export const fetchCalendarFeed = (key: string) => api<CalendarFeedAnswer>(key);

export const useCalendarFeed = () => useSWR<{ url: string }>(calendarFeedKey(), fetchCalendarFeed);
