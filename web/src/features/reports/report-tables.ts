import { SLOTS } from "@courts/core";
import { csvMoney, type CsvValue } from "../../lib/csv";
import { toCents } from "../../lib/format";
import type { OccupancyCell, ReportSummary, RevenueAmounts, RevenueRow } from "./api/types";

/**
 * What the report screen shows and exports, worked out from the API's answers: the same numbers
 * go into the chart, the table beside it and its CSV.
 */

export const WEEKDAYS: ReadonlyArray<{ readonly day: number; readonly short: string; readonly name: string }> = [
  { day: 1, short: "Lun", name: "lunes" },
  { day: 2, short: "Mar", name: "martes" },
  { day: 3, short: "Mié", name: "miércoles" },
  { day: 4, short: "Jue", name: "jueves" },
  { day: 5, short: "Vie", name: "viernes" },
  { day: 6, short: "Sáb", name: "sábado" },
  { day: 7, short: "Dom", name: "domingo" },
];

const weekdayName = (day: number) => WEEKDAYS.find((w) => w.day === day)?.name ?? String(day);

/** booked / capacity as a whole percentage; null when nothing could be booked (no court open). */
export const occupancyPercent = (booked: number, capacity: number): number | null =>
  capacity > 0 ? Math.min(100, Math.round((booked * 100) / capacity)) : null;

export interface HeatCell {
  readonly weekday: number;
  readonly booked: number;
  readonly capacity: number;
  readonly percent: number | null;
}

export interface HeatRow {
  readonly timeSlot: string;
  readonly cells: readonly HeatCell[];
}

/** One row per hour (the product's hours and any other the answer has), one cell per weekday Monday..Sunday. */
export const heatmapRows = (cells: readonly OccupancyCell[]): HeatRow[] => {
  const byKey = new Map(cells.map((cell) => [`${cell.weekday} ${cell.timeSlot}`, cell]));
  const slots = [...new Set([...SLOTS, ...cells.map((cell) => cell.timeSlot)])].sort();
  return slots.map((timeSlot) => ({
    timeSlot,
    cells: WEEKDAYS.map(({ day }) => {
      const cell = byKey.get(`${day} ${timeSlot}`);
      const booked = cell?.booked ?? 0;
      const capacity = cell?.capacity ?? 0;
      return { weekday: day, booked, capacity, percent: occupancyPercent(booked, capacity) };
    }),
  }));
};

/**
 * Five shades from 'empty' to 'full', each with a text colour that keeps 4.5:1 on it: the shade
 * is a help to the eye, the number in the cell says it all.
 */
export const HEAT_SHADES = [
  { upTo: 0, label: "0%", className: "bg-stone-100 text-stone-700" },
  { upTo: 24, label: "1-24%", className: "bg-court-100 text-court-900" },
  { upTo: 49, label: "25-49%", className: "bg-court-200 text-court-950" },
  { upTo: 74, label: "50-74%", className: "bg-court-400 text-court-950" },
  { upTo: 100, label: "75-100%", className: "bg-court-700 text-white" },
] as const;

export const heatShade = (percent: number | null): string =>
  percent === null ? "bg-white text-stone-600" : (HEAT_SHADES.find((shade) => percent <= shade.upTo) ?? HEAT_SHADES[4]).className;

export interface OccupancySummary {
  readonly booked: number;
  readonly capacity: number;
  readonly percent: number | null;
  /** the fullest hour of the week (the first of equals, Monday morning first) */
  readonly busiest: { readonly weekday: string; readonly timeSlot: string; readonly percent: number } | null;
}

export const occupancySummary = (rows: readonly HeatRow[]): OccupancySummary => {
  let booked = 0;
  let capacity = 0;
  let busiest: OccupancySummary["busiest"] = null;
  for (const weekday of WEEKDAYS) {
    for (const row of rows) {
      const cell = row.cells.find((c) => c.weekday === weekday.day);
      if (!cell) continue;
      booked += cell.booked;
      capacity += cell.capacity;
      if (cell.percent !== null && cell.percent > 0 && (busiest === null || cell.percent > busiest.percent)) {
        busiest = { weekday: weekday.name, timeSlot: row.timeSlot, percent: cell.percent };
      }
    }
  }
  return { booked, capacity, percent: occupancyPercent(booked, capacity), busiest };
};

export const OCCUPANCY_CSV_HEADERS = ["Día", "Hora", "Reservadas", "Capacidad", "Ocupación (%)"] as const;

/** One line per weekday and hour, Monday first. */
export const occupancyCsvRows = (rows: readonly HeatRow[]): CsvValue[][] =>
  WEEKDAYS.flatMap(({ day }) =>
    rows.map((row) => {
      const cell = row.cells.find((c) => c.weekday === day)!;
      return [weekdayName(day), row.timeSlot, cell.booked, cell.capacity, cell.percent ?? ""];
    }),
  );

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
const MONTH_NAMES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

/** A month's key ("2026-12") in words: "dic 2026" (short, for a chart's axis) or "diciembre 2026". */
export const monthWords = (key: string, short = false): string | undefined => {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return undefined;
  return `${(short ? MONTHS : MONTH_NAMES)[month - 1]} ${match[1]}`;
};

/** A row's name as people read it: the server's label, a month's key in words ("dic 2026" on a chart's axis). */
export const rowLabel = (row: Pick<RevenueRow, "key" | "label">, short = false): string =>
  (short ? monthWords(row.key, true) : undefined) ?? monthWords(row.label) ?? row.label;

/**
 * A court's row, "Venue · Court" in the answer: the court's name alone when the report is of one
 * venue; on a chart's axis the court above its venue (two short lines fit a phone, one long does not).
 */
export const courtLabel = (label: string, oneVenue: boolean): string => {
  const at = label.indexOf(" · ");
  return oneVenue && at >= 0 ? label.slice(at + 3) : label;
};

export const courtAxisLabel = (label: string, oneVenue: boolean): string | string[] => {
  const at = label.indexOf(" · ");
  if (at < 0) return label;
  return oneVenue ? label.slice(at + 3) : [label.slice(at + 3), label.slice(0, at)];
};

/**
 * The parts a bar of gross revenue splits into, bottom to top: what the club kept, then what went
 * out of it (gross = net + card fees + discounts + refunds, the revenue summary's definition).
 */
export const REVENUE_PARTS = [
  { field: "net", label: "Neto", color: "#1c7b4b" },
  { field: "fees", label: "Comisiones de tarjeta", color: "#a9c91f" },
  { field: "discounts", label: "Descuentos", color: "#eca67f" },
  { field: "refunds", label: "Reembolsos", color: "#b91c1c" },
] as const satisfies ReadonlyArray<{ field: keyof RevenueAmounts; label: string; color: string }>;

export const REVENUE_CSV_HEADERS = ["Reservas", "Bruto", "Descuentos", "Comisiones de tarjeta", "Reembolsos", "Neto"] as const;

const amountsCsv = (row: RevenueAmounts): CsvValue[] => [
  row.bookings,
  csvMoney(row.gross),
  csvMoney(row.discounts),
  csvMoney(row.fees),
  csvMoney(row.refunds),
  csvMoney(row.net),
];

/** One line per row, then 'Total'. */
export const revenueCsvRows = (rows: readonly RevenueRow[], total: RevenueAmounts, name: (row: RevenueRow) => string = (row) => rowLabel(row)): CsvValue[][] => [
  ...rows.map((row) => [name(row), ...amountsCsv(row)]),
  ["Total", ...amountsCsv(total)],
];

/** Money as the chart draws it: dollars as a number (the chart's scale), from the API's decimal string. */
export const chartAmount = (value: string): number => toCents(value) / 100;

export const PLAYERS_CSV_HEADERS = ["Jugador", "Reservas", "Pagado"] as const;

export const playersCsvRows = (players: ReportSummary["topPlayers"]): CsvValue[][] =>
  players.map((player) => [player.name, player.bookings, csvMoney(player.spent)]);

export const OUTSTANDING_CSV_HEADERS = ["Jugador", "Reservas", "Saldo pendiente"] as const;

export const outstandingCsvRows = (rows: ReportSummary["outstanding"]): CsvValue[][] => [
  ...rows.map((row) => [row.name, row.bookings, csvMoney(row.amount)]),
  ["Total", rows.reduce((sum, row) => sum + row.bookings, 0), csvMoney((rows.reduce((sum, row) => sum + toCents(row.amount), 0) / 100).toFixed(2))],
];

export const CANCELLATIONS_CSV_HEADERS = ["Reservas canceladas", "Reembolsado"] as const;

export const cancellationsCsvRows = (cancellations: ReportSummary["cancellations"]): CsvValue[][] => [
  [cancellations.count, csvMoney(cancellations.refunded)],
];
