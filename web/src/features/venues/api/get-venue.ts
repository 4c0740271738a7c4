import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Venue } from "../../../types/api";

/** GET /api/venues/{id}. */
export const venueKey = keyFor(["venues"], (id: string) => `/api/venues/${encodeURIComponent(id)}`);

export const fetchVenue = (key: string) => api<Venue>(key);

export const useVenue = (id: string | undefined) => useSWR<Venue>(id ? venueKey(id) : null, fetchVenue);
