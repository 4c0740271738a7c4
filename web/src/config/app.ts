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

export const pageTitle = (screen: string | undefined, clubName: string) =>
  screen ? `${screen} · ${clubName}` : `${clubName} · Reserva tu cancha de tenis`;
