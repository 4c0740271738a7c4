import { memo, useMemo } from "react";
import { DayPicker, type DayPickerProps } from "react-day-picker";
import { es } from "react-day-picker/locale";
import { format, parseISO, startOfMonth, type Day, type Month } from "date-fns";
import { HOUR_MS, lastShownDate } from "@courts/core";
import "react-day-picker/style.css";

/**
 * The first day of each month as one Date object per month. react-day-picker sets the month it
 * shows once more in an effect after mounting, to a new Date of the same month: React rendered the
 * whole month grid a second time (about 20 ms of a phone's main thread at Lighthouse's 4x, inside
 * the task that commits the booking screen). With the same object React skips that render.
 */
const monthStarts = new Map<number, Date>();
const sameMonthStart = (date: Date): Date => {
  const key = date.getFullYear() * 12 + date.getMonth();
  let start = monthStarts.get(key);
  if (start === undefined) {
    start = startOfMonth(date);
    monthStarts.set(key, start);
  }
  return start;
};
const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** A calendar day as a count of days since 1970-01-01, the same whatever summer time does to its hours. */
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month, day) / (24 * HOUR_MS);
const dayNumber = (date: Date) => dayOf(date.getFullYear(), date.getMonth(), date.getDate());

/**
 * react-day-picker asks its date library, for each of the 42 days of a month grid, three formatted
 * texts ("yyyy-MM-dd", "yyyy-MM" twice), a week number and a distance in days to each disabled
 * bound; date-fns answers each by parsing its pattern or walking back to the start of the week
 * year, which made the grid's first render one long task on a phone (docs/PERFORMANCE.md,
 * 30 November). These answer the same from the day's fields; any other pattern goes to date-fns.
 * A constant: DayPicker rebuilds its date library whenever this prop changes.
 */
export const DATE_LIB: NonNullable<DayPickerProps["dateLib"]> = {
  startOfMonth: sameMonthStart,
  format: (date, pattern, options) =>
    pattern === "yyyy-MM-dd"
      ? `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
      : pattern === "yyyy-MM"
        ? `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}`
        : format(date, pattern, options),
  /** date-fns' week number: weeks from options' first day, week 1 the one holding January's firstWeekContainsDate. */
  getWeek: (date, options) => {
    const weekStartsOn = options?.weekStartsOn ?? options?.locale?.options?.weekStartsOn ?? 0;
    const firstWeekContainsDate = options?.firstWeekContainsDate ?? options?.locale?.options?.firstWeekContainsDate ?? 1;
    // 1970-01-01 (day 0) was a Thursday
    const weekStart = (day: number) => day - ((((day + 4 - weekStartsOn) % 7) + 7) % 7);
    const firstWeek = (year: number) => weekStart(dayOf(year, 0, firstWeekContainsDate));
    const day = dayNumber(date);
    const year = date.getFullYear();
    const weekYear = day >= firstWeek(year + 1) ? year + 1 : day >= firstWeek(year) ? year : year - 1;
    return (weekStart(day) - firstWeek(weekYear)) / 7 + 1;
  },
  differenceInCalendarDays: (later, earlier) => dayNumber(later) - dayNumber(earlier),
};

/**
 * "domingo, 29 de noviembre de 2026": react-day-picker's Spanish label of a day (date-fns'
 * "PPPP" in Spanish), from the locale's own day and month names. date-fns' format parses its
 * pattern again on each call, and the 42 labels of a month were most of the grid's first render on
 * a phone; the browser's Intl.DateTimeFormat would cost more still, 36-78 ms to make the first one
 * in a page (docs/PERFORMANCE.md, 30 November).
 */
const fullDate = (date: Date): string =>
  `${es.localize.day(date.getDay() as Day, { width: "wide" })}, ${date.getDate()} de ${es.localize.month(date.getMonth() as Month, { width: "wide" })} de ${date.getFullYear()}`;

/** The day buttons' names and numbers, as react-day-picker's Spanish locale words them. */
export const DAY_LABELS: NonNullable<DayPickerProps["labels"]> = {
  labelDayButton: (date, modifiers) => {
    const label = fullDate(date);
    const today = modifiers.today ? `Hoy, ${label}` : label;
    return modifiers.selected ? `${today}, seleccionado` : today;
  },
};
export const DAY_FORMATTERS: NonNullable<DayPickerProps["formatters"]> = {
  formatDay: (date) => String(date.getDate()),
};

/**
 * Month view in Spanish, Monday first; days before the club's today and after the venue's last
 * shown date (lastShownDate: its window, at least 180 days) are disabled, and months outside them
 * cannot be reached. Days come and go as `yyyy-MM-dd`: the same
 * strings on each render of the booking screen, so the month grid (42 days) is rendered again
 * only when a day or today changes, not each time an answer of the screen arrives.
 */
export const BookingDatePicker = memo(function BookingDatePicker({
  today,
  selected,
  windowDays,
  onSelect,
}: {
  today: string;
  selected: string;
  /** the venue's booking window (its rules): its last day, or 180 days when shorter (a day not open yet shows when it opens) */
  windowDays?: number | undefined;
  onSelect: (day: string) => void;
}) {
  const todayDate = useMemo(() => parseISO(today), [today]);
  const lastDate = useMemo(() => parseISO(lastShownDate(today, windowDays)), [today, windowDays]);
  const selectedDate = useMemo(() => parseISO(selected), [selected]);
  return (
    <DayPicker
      className="booking-calendar mx-auto"
      mode="single"
      required
      locale={es}
      weekStartsOn={1}
      today={todayDate}
      selected={selectedDate}
      onSelect={(day) => day && onSelect(format(day, "yyyy-MM-dd"))}
      disabled={[{ before: todayDate }, { after: lastDate }]}
      startMonth={sameMonthStart(todayDate)}
      endMonth={sameMonthStart(lastDate)}
      defaultMonth={selectedDate}
      dateLib={DATE_LIB}
      labels={DAY_LABELS}
      formatters={DAY_FORMATTERS}
      showOutsideDays
    />
  );
});
