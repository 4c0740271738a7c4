import type { CalendarFeedAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

/** POST /api/user/calendar-feed: a new feed address; the old one stops working. */
export const regenerateCalendarFeed = () => api<CalendarFeedAnswer>("/api/user/calendar-feed", { method: "POST" });

export const useRegenerateCalendarFeed = () => useWrite("regenerate-calendar-feed", regenerateCalendarFeed, ["calendar-feed"]);
