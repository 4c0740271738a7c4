import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Venue } from "../../../types/api";

/** GET /api/venues: every venue with its court count. */
export const venuesKey = keyFor(["venues"], () => "/api/venues");

export const fetchVenues = (key: string) => api<Venue[]>(key);

export const useVenues = () => useSWR<Venue[]>(venuesKey(), fetchVenues);
