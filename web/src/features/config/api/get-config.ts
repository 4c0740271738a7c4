import { useEffect } from "react";
import useSWR from "swr";
import { learnOffsets } from "@courts/core";
import { pageClubName, publishClubName } from "../../../config/app";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { AppConfig } from "../../../types/api";

/** GET /api/config: the club's time zone, "today" there, and the card provider. */
export const configKey = keyFor(["config"], () => "/api/config");

/** The config, with the club zone's offsets learned: the screens then show its wall clock without Intl. */
export const fetchConfig = async (key: string) => {
  const config = await api<AppConfig>(key);
  learnOffsets(config.timeZone, config.offsets, config.offsetsUntil);
  return config;
};

export const useConfig = () => useSWR<AppConfig>(configKey(), fetchConfig);

/**
 * The club's name (CLUB_NAME) for the top bar and the footer: the config's, the page's until it
 * arrives; published for the page titles (useTitle) as it becomes known.
 */
export const useClubName = (): string => {
  const name = useConfig().data?.clubName ?? pageClubName();
  useEffect(() => publishClubName(name), [name]);
  return name;
};
