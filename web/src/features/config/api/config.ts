import useSWR from "swr";
import type { AppConfig } from "../../../types/api";

/** GET /api/config: the club's time zone, "today" there, and the card provider. */
export const configKey = "/api/config";

export const useConfig = () => useSWR<AppConfig>(configKey);
