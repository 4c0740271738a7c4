import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { WaitlistEntry } from "./types";

/** GET /api/waitlist: the hours the player waits for. */
export const waitlistKey = keyFor(["waitlist"], () => "/api/waitlist");

export const fetchWaitlist = (key: string) => api<WaitlistEntry[]>(key);

export const useWaitlist = (enabled = true) => useSWR<WaitlistEntry[]>(enabled ? waitlistKey() : null, fetchWaitlist);
