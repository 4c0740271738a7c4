import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Ballot } from "../../../types/api";

/** GET /api/ballots/{id}: the player's entry in a release ballot. */
export const ballotKey = keyFor(["bookings"], (id: string) => `/api/ballots/${encodeURIComponent(id)}`);

/** How often a pending entry is asked again: the draw runs at decidesAt, with the sweep. */
export const BALLOT_POLL_MS = 2_000;

export const isBallot = (answer: object): answer is Ballot => "ballotId" in answer;

/** The entry, asked again every few seconds while pending; once decided, no more. */
export const useBallot = (id: string | null, pollMs = BALLOT_POLL_MS) =>
  useSWR<Ballot>(id ? ballotKey(id) : null, (key: string) => api<Ballot>(key), {
    refreshInterval: (latest) => (latest && latest.state !== "pending" ? 0 : pollMs),
    // the app's answers are kept a day (lib/swr.ts): this one is asked again at each interval
    dedupingInterval: pollMs / 2,
  });
