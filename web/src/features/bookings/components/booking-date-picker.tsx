import { memo, useMemo } from "react";
import { DayPicker } from "react-day-picker";
import { es } from "react-day-picker/locale";
import { format, parseISO, startOfMonth } from "date-fns";
import { lastBookableDate } from "@courts/core";
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
/** A constant: DayPicker rebuilds its date library whenever this prop changes. */
const DATE_LIB = { startOfMonth: sameMonthStart };

/**
 * Month view in Spanish, Monday first; days before the club's today and after the booking
 * horizon (lastBookableDate, as the server checks) are disabled, and months outside them
 * cannot be reached. Days come and go as `yyyy-MM-dd`: the same
 * strings on each render of the booking screen, so the month grid (42 days) is rendered again
 * only when a day or today changes, not each time an answer of the screen arrives.
 */
export const BookingDatePicker = memo(function BookingDatePicker({
  today,
  selected,
  onSelect,
}: {
  today: string;
  selected: string;
  onSelect: (day: string) => void;
}) {
  const todayDate = useMemo(() => parseISO(today), [today]);
  const lastDate = useMemo(() => parseISO(lastBookableDate(today)), [today]);
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
      showOutsideDays
    />
  );
});
