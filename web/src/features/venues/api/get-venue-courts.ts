import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Court } from "../../../types/api";

/** GET /api/venues/{id}/courts: a venue's courts. */
export const venueCourtsKey = keyFor(["courts"], (venueId: string) => `/api/venues/${encodeURIComponent(venueId)}/courts`);

export const fetchVenueCourts = (key: string) => api<Court[]>(key);

export const useVenueCourts = (venueId: string | undefined) => useSWR<Court[]>(venueId ? venueCourtsKey(venueId) : null, fetchVenueCourts);
