import { DayPicker } from "react-day-picker";
import { es } from "react-day-picker/locale";
import { startOfMonth } from "date-fns";
import "react-day-picker/style.css";

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
      startMonth={startOfMonth(today)}
      defaultMonth={selected}
      showOutsideDays
    />
  );
}
