import type { ReportFilters } from "./api/types";

/**
 * The period the reports read, kept in the address (?from=&to=&venueId=) so that a report can be
 * reloaded, bookmarked and sent as it is. Without one, the club's current month. The server
 * decides what a bad period is (after 'Hasta', longer than 3 years, a date that does not exist)
 * and says so in Spanish; the screen shows its words rather than a second copy of the rule.
 */

const pad = (n: number) => String(n).padStart(2, "0");

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last day of the month `offset` months from `today`'s (club-local YYYY-MM-DD). */
const monthRange = (today: string, offset: number): { from: string; to: string } => {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const index = year * 12 + (month - 1) + offset;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(daysInMonth(y, m))}` };
};

export interface PeriodPreset {
  readonly id: string;
  readonly label: string;
  readonly from: string;
  readonly to: string;
}

/** Quick periods an owner asks for most: this month, last month, the last three months, this year. */
export const periodPresets = (today: string): readonly PeriodPreset[] => {
  const year = today.slice(0, 4);
  return [
    { id: "this-month", label: "Este mes", ...monthRange(today, 0) },
    { id: "last-month", label: "Mes pasado", ...monthRange(today, -1) },
    { id: "three-months", label: "Últimos 3 meses", from: monthRange(today, -2).from, to: monthRange(today, 0).to },
    { id: "this-year", label: "Este año", from: `${year}-01-01`, to: `${year}-12-31` },
  ];
};

/** What the admin chose (in the address, or since): any of the period's ends and the venue. */
export type ChosenFilters = Partial<ReportFilters>;

export const chosenFromSearch = (search: URLSearchParams): ChosenFilters => {
  const chosen: { from?: string; to?: string; venueId?: string } = {};
  for (const field of ["from", "to", "venueId"] as const) {
    const value = search.get(field);
    if (value) chosen[field] = value;
  }
  return chosen;
};

/** The chosen period, the club's current month for what it leaves out (or was emptied). */
export const withDefaults = (chosen: ChosenFilters, today: string): ReportFilters => {
  const month = monthRange(today, 0);
  return { from: chosen.from || month.from, to: chosen.to || month.to, venueId: chosen.venueId || undefined };
};

/** The period of the address, or the club's current month for what it leaves out. */
export const filtersFromSearch = (search: URLSearchParams, today: string): ReportFilters => withDefaults(chosenFromSearch(search), today);

export const searchOfFilters = (filters: ReportFilters): URLSearchParams => {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.venueId) params.set("venueId", filters.venueId);
  return params;
};

/** The preset the period is, if any (its button shows pressed). */
export const presetOf = (filters: ReportFilters, today: string): PeriodPreset | undefined =>
  periodPresets(today).find((preset) => preset.from === filters.from && preset.to === filters.to);

/** "informe-ingresos-por-mes-2026-12-01-a-2026-12-31.csv" */
export const csvFileName = (report: string, filters: ReportFilters) => `informe-${report}-${filters.from}-a-${filters.to}.csv`;
