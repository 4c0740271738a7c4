import { useSyncExternalStore } from "react";
import { DEFAULT_CLUB_NAME } from "@courts/core";

/**
 * The club's name (CLUB_NAME) as the server wrote it into the page (`<meta name="club-name">`,
 * adapters/src/http/plugins/web.ts), so the first paint already shows it; the default without it
 * (the Vite dev server). GET /api/config carries the same name (useClubName).
 */
export const pageClubName = (): string => {
  const content = typeof document === "undefined" ? null : document.querySelector('meta[name="club-name"]')?.getAttribute("content");
  return content?.trim() || DEFAULT_CLUB_NAME;
};

/**
 * The name the page titles use: the page's until the config's is known (useClubName publishes it
 * here), so shared hooks (useTitle) read it without depending on a feature.
 */
let known: string | undefined;
const listeners = new Set<() => void>();
const currentClubName = () => known ?? pageClubName();
export const publishClubName = (name: string) => {
  if (name === known) return;
  known = name;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const useCurrentClubName = (): string => useSyncExternalStore(subscribe, currentClubName, currentClubName);

export const pageTitle = (screen: string | undefined, clubName: string) =>
  screen ? `${screen} · ${clubName}` : `${clubName} · Reserva tu cancha de tenis`;
