import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Block } from "./types";

/** GET /api/venues/{id}/blocks?year=&month=: what the club closed that month (public). */
export const venueBlocksKey = keyFor(
  ["availability"],
  (venueId: string, year: number, month: number) => `/api/venues/${encodeURIComponent(venueId)}/blocks?year=${year}&month=${month}`,
);

export const fetchVenueBlocks = (key: string) => api<Block[]>(key);

export const useVenueBlocks = (venueId: string | undefined, year: number, month: number) =>
  useSWR<Block[]>(venueId ? venueBlocksKey(venueId, year, month) : null, fetchVenueBlocks);
