import { eachDayOfInterval, endOfMonth, endOfWeek, format, isSameMonth, startOfMonth, startOfWeek } from "date-fns";
import { es } from "date-fns/locale/es";
import { cn } from "../../../lib/cn";

const WEEK = { weekStartsOn: 1 as const, locale: es };

export const localDateKey = (day: Date) => format(day, "yyyy-MM-dd");

/**
 * A month in Spanish, Monday first (SPEC.md section 9). Days with bookings show their count and
 * are buttons; the rest are plain cells.
 */
export function MonthCalendar({
  year,
  month,
  counts,
  selected,
  today,
  onSelect,
}: {
  year: number;
  /** 1..12 */
  month: number;
  counts: ReadonlyMap<string, number>;
  selected: string | null;
  today: string;
  onSelect: (date: string) => void;
}) {
  const first = new Date(year, month - 1, 1);
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(first), WEEK), end: endOfWeek(endOfMonth(first), WEEK) });
  const weekdays = days.slice(0, 7);
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  return (
    <table className="w-full table-fixed border-separate border-spacing-1 sm:border-spacing-2">
      <caption className="sr-only">{format(first, "MMMM 'de' yyyy", { locale: es })}</caption>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d.toISOString()} scope="col" className="pb-1 text-xs font-semibold uppercase text-stone-500">
              <abbr title={format(d, "EEEE", { locale: es })} className="no-underline">
                {format(d, "EEEEEE", { locale: es })}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.toISOString()}>
            {week.map((day) => {
              const key = localDateKey(day);
              const inMonth = isSameMonth(day, first);
              const count = inMonth ? (counts.get(key) ?? 0) : 0;
              const isToday = key === today;
              const isSelected = key === selected;
              const number = (
                <span className={cn("text-sm font-semibold", isToday && !isSelected && "text-clay-700")}>{format(day, "d")}</span>
              );
              return (
                <td key={key} className="p-0 align-top">
                  {!inMonth ? (
                    <div aria-hidden="true" className="h-14 rounded-xl sm:h-20" />
                  ) : count > 0 ? (
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      aria-label={`${format(day, "EEEE d 'de' MMMM", { locale: es })}: ${count} ${count === 1 ? "reserva" : "reservas"}`}
                      onClick={() => onSelect(key)}
                      className={cn(
                        "flex h-14 w-full cursor-pointer flex-col items-center justify-between rounded-xl border p-1.5 transition sm:h-20 sm:items-start sm:p-2",
                        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400",
                        isSelected
                          ? "border-court-700 bg-court-700 text-white"
                          : "border-court-200 bg-court-50 text-stone-900 hover:border-court-400",
                      )}
                    >
                      {number}
                      <span
                        className={cn(
                          "rounded-full px-1.5 text-[11px] font-bold sm:px-2 sm:text-xs",
                          isSelected ? "bg-white text-court-800" : "bg-court-700 text-white",
                        )}
                      >
                        {count}
                      </span>
                    </button>
                  ) : (
                    <div
                      className={cn(
                        "flex h-14 flex-col items-center rounded-xl border border-stone-100 bg-white p-1.5 text-stone-700 sm:h-20 sm:items-start sm:p-2",
                        isToday && "border-clay-300",
                      )}
                    >
                      {number}
                    </div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
