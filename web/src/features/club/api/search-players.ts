import type { PlayerSearchAnswer } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

/** The fewest characters the desk's search asks the server with: one letter matches half the club. */
export const PLAYER_SEARCH_MIN = 2;

/** GET /api/admin/users?q=: players by name, username, email or phone (at most 20). */
export const playersKey = keyFor(["players"], (q: string) => `/api/admin/users?q=${encodeURIComponent(q)}`);

export const fetchPlayers = (key: string) => api<PlayerSearchAnswer>(key);

/**
 * The players matching `q` (already debounced by the caller); nothing is asked under
 * PLAYER_SEARCH_MIN characters. The last list stays while the next one loads, so the rows do not
 * blink at each key; a text searched again shows its answer at once and is asked again (someone
 * may have registered since), unlike the app's other reads.
 */
export const usePlayerSearch = (q: string) => {
  const text = q.trim();
  const read = useSWR(text.length >= PLAYER_SEARCH_MIN ? playersKey(text) : null, fetchPlayers, { keepPreviousData: true, dedupingInterval: 2000 });
  return { players: read.data?.items, error: read.error as unknown, isSearching: read.isValidating };
};
