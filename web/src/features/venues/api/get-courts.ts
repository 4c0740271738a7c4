import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Court } from "../../../types/api";

/** GET /api/courts: every court. */
export const courtsKey = keyFor(["courts"], () => "/api/courts");

export const fetchCourts = (key: string) => api<Court[]>(key);

export const useCourts = () => useSWR<Court[]>(courtsKey(), fetchCourts);
