import { DayPicker } from "react-day-picker";
import { es } from "react-day-picker/locale";
import { startOfMonth } from "date-fns";
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
 * Month view in Spanish, Monday first; days before the club's today are disabled and the
 * months before the current one cannot be reached.
 */
export function BookingDatePicker({
  today,
  selected,
  onSelect,
}: {
  today: Date;
  selected: Date;
  onSelect: (day: Date) => void;
}) {
  return (
    <DayPicker
      className="booking-calendar mx-auto"
      mode="single"
      required
      locale={es}
      weekStartsOn={1}
      today={today}
      selected={selected}
      onSelect={(day) => day && onSelect(day)}
      disabled={{ before: today }}
      startMonth={sameMonthStart(today)}
      defaultMonth={selected}
      dateLib={DATE_LIB}
      showOutsideDays
    />
  );
}
