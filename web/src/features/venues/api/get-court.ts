import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Court } from "../../../types/api";

/** GET /api/courts/{id}. */
export const courtKey = keyFor(["courts"], (id: string) => `/api/courts/${encodeURIComponent(id)}`);

export const fetchCourt = (key: string) => api<Court>(key);

export const useCourt = (id: string | undefined) => useSWR<Court>(id ? courtKey(id) : null, fetchCourt);
