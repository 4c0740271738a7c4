import type { VenueAvailabilityAnswer } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

export type VenueAvailability = VenueAvailabilityAnswer;
export type GridSlotAnswer = VenueAvailability["courts"][number]["slots"][number];

/** GET /api/venues/{id}/availability?date=: every court's 16 hours of a day, for everyone. */
export const venueAvailabilityKey = keyFor(
  ["availability"],
  (venueId: string, date: string) => `/api/venues/${encodeURIComponent(venueId)}/availability?date=${date}`,
);

export const fetchVenueAvailability = (key: string) => api<VenueAvailability>(key);

/** How often an open grid asks again: other players book meanwhile, and the hours turn past. */
export const GRID_REFRESH_MS = 60_000;

/**
 * The day grid is the one screen a guest watches to find a free hour, so unlike the app's
 * defaults (SPEC.md section 7: never stale, no focus refetch, no polling) it is read again on
 * each visit, when the tab comes back into view and each minute while it is shown. The previous
 * day stays on screen while another loads, so the page does not jump. A booking, a cancellation
 * or a block made here revalidates it at once (topic "availability").
 */
export const useVenueAvailability = (venueId: string | undefined, date: string | undefined) =>
  useSWR<VenueAvailability>(venueId && date ? venueAvailabilityKey(venueId, date) : null, fetchVenueAvailability, {
    dedupingInterval: 2_000,
    revalidateOnFocus: true,
    focusThrottleInterval: 15_000,
    refreshInterval: GRID_REFRESH_MS,
    keepPreviousData: true,
  });
