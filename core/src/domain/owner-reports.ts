import { SLOTS, type TimeSlot } from "./slots.js";
import { addDays, type LocalDate } from "./time.js";

/**
 * The owner's reports (DESIGN.md section 18): a period of game dates, both ends included, of at
 * most three years; an occupancy cell per weekday and hour; money rows whose net is gross minus
 * discounts, card fees and refunds, the revenue summary's definitions.
 */

/** The longest period a report reads: three years (a longer one is refused, not cut). */
export const MAX_REPORT_YEARS = 3;

/** Days a report covers when it names none: the 30 days ending today. */
export const DEFAULT_REPORT_DAYS = 30;

const partsOf = (date: LocalDate) => date.split("-").map(Number) as [number, number, number];

/** ISO weekday of a date: 1 Monday ... 7 Sunday */
export const isoWeekdayOf = (date: LocalDate): number => {
  const [y, m, d] = partsOf(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The first date past a period that starts on `from` and lasts `years` years (29 February goes to 1 March). */
const yearsAfter = (from: LocalDate, years: number): LocalDate => {
  const [y, m, d] = partsOf(from);
  const t = new Date(Date.UTC(y + years, m - 1, d));
  return `${String(t.getUTCFullYear()).padStart(4, "0")}-${String(t.getUTCMonth() + 1).padStart(2, "0")}-${String(t.getUTCDate()).padStart(2, "0")}`;
};

/** What is wrong with a period, in Spanish, or null: `from` after `to`, or longer than three years. */
export const periodProblem = (from: LocalDate, to: LocalDate): string | null => {
  if (from > to) return "La fecha 'from' debe ser anterior o igual a 'to'";
  if (to >= yearsAfter(from, MAX_REPORT_YEARS)) return `El período no puede pasar de ${MAX_REPORT_YEARS} años`;
  return null;
};

/** How many dates of the period fall on each ISO weekday (index 1..7; index 0 unused). */
export const weekdayCounts = (from: LocalDate, to: LocalDate): readonly number[] => {
  const counts = [0, 0, 0, 0, 0, 0, 0, 0];
  const [fy, fm, fd] = partsOf(from);
  const [ty, tm, td] = partsOf(to);
  const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000) + 1;
  if (days <= 0) return counts;
  const whole = Math.floor(days / 7);
  for (let w = 1; w <= 7; w++) counts[w] = whole;
  const first = isoWeekdayOf(from);
  for (let i = 0; i < days % 7; i++) counts[((first - 1 + i) % 7) + 1]! += 1;
  return counts;
};

export interface OccupancyCell {
  /** ISO: 1 Monday ... 7 Sunday */
  readonly weekday: number;
  readonly timeSlot: TimeSlot;
  readonly booked: number;
  /** courts x the period's dates on that weekday */
  readonly capacity: number;
  /** booked / capacity as a whole percentage, at most 100; 0 without capacity */
  readonly rate: number;
}

/** Every weekday x hour of the period (7 x 16 cells, Monday 06:00 first), from the live bookings counted per cell. */
export const occupancyCells = (
  booked: readonly { readonly weekday: number; readonly timeSlot: string; readonly booked: number }[],
  courts: number,
  from: LocalDate,
  to: LocalDate,
): OccupancyCell[] => {
  const counted = new Map(booked.map((b) => [`${b.weekday} ${b.timeSlot}`, b.booked]));
  const dates = weekdayCounts(from, to);
  const cells: OccupancyCell[] = [];
  for (let weekday = 1; weekday <= 7; weekday++)
    for (const timeSlot of SLOTS) {
      const n = counted.get(`${weekday} ${timeSlot}`) ?? 0;
      const capacity = courts * (dates[weekday] ?? 0);
      cells.push({ weekday, timeSlot, booked: n, capacity, rate: capacity <= 0 ? 0 : Math.min(100, Math.round((n * 100) / capacity)) });
    }
  return cells;
};

/** Money of a group of settled payments, in cents, and the live bookings of the same games. */
export interface RevenueFigures {
  readonly gross: number;
  readonly discounts: number;
  readonly fees: number;
  readonly refunds: number;
  readonly bookings: number;
}

export const netOfFigures = (f: RevenueFigures): number => f.gross - f.discounts - f.fees - f.refunds;

export const sumFigures = (rows: readonly RevenueFigures[]): RevenueFigures =>
  rows.reduce(
    (acc, r) => ({
      gross: acc.gross + r.gross,
      discounts: acc.discounts + r.discounts,
      fees: acc.fees + r.fees,
      refunds: acc.refunds + r.refunds,
      bookings: acc.bookings + r.bookings,
    }),
    { gross: 0, discounts: 0, fees: 0, refunds: 0, bookings: 0 },
  );

/** The default period of a report ending `today`. */
export const defaultPeriod = (today: LocalDate): { readonly from: LocalDate; readonly to: LocalDate } => ({
  from: addDays(today, -(DEFAULT_REPORT_DAYS - 1)),
  to: today,
});
