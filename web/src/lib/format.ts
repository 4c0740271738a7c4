import { centsFromNumber, displayMoney, parseMoney, wallClockAt, type Cents } from "@courts/core";
import { format, parseISO } from "date-fns";
import { es } from "date-fns/locale/es";

/** API money ("14.50", or a number such as 5.5) to cents. */
export const toCents = (value: string | number | null | undefined): Cents => {
  if (value === null || value === undefined || value === "") return 0;
  if (typeof value === "number") return centsFromNumber(value) ?? Math.round(value * 100);
  return parseMoney(value) ?? Math.round(Number(value) * 100 || 0);
};

/** "14.5" -> "$14.50" */
export const money = (value: string | number | null | undefined): string => displayMoney(toCents(value));

/** A club-local date "2026-11-22" (or "2026-11-22T00:00:00") in Spanish. */
export const formatDay = (localDate: string, pattern = "EEEE d 'de' MMMM 'de' yyyy"): string => {
  const day = parseISO(localDate.slice(0, 10));
  return Number.isNaN(day.getTime()) ? localDate : format(day, pattern, { locale: es });
};

/**
 * An instant (ISO UTC) shown as the club's wall clock when its zone is known, else the
 * browser's: "every today and now is computed in one configured zone" (DESIGN.md).
 */
export const formatInstant = (iso: string, pattern: string, timeZone?: string): string => {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  if (!timeZone) return format(instant, pattern, { locale: es });
  const w = wallClockAt(instant, timeZone);
  return format(new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second), pattern, { locale: es });
};

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The last 8 hex digits of an id: ids are UUID version 7, whose first digits are the time they
 * were made, the same for every payment of the same minute; the last ones are random.
 */
export const shortId = (id: string): string => id.replace(/-/g, "").slice(-8).toUpperCase();

export { es };
