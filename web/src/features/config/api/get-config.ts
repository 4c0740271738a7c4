import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { AppConfig } from "../../../types/api";

/** GET /api/config: the club's time zone, "today" there, and the card provider. */
export const configKey = keyFor(["config"], () => "/api/config");

export const fetchConfig = (key: string) => api<AppConfig>(key);

export const useConfig = () => useSWR<AppConfig>(configKey(), fetchConfig);
