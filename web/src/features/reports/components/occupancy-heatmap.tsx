import { cn } from "../../../lib/cn";
import { HEAT_SHADES, heatShade, WEEKDAYS, type HeatRow } from "../report-tables";

/**
 * Occupancy by weekday and hour as a table whose cells are shaded from empty to full: a heatmap
 * that is its own table for screen readers (each cell says its percentage and its hours) and
 * fits a phone's width (seven narrow columns and the hour).
 */
export function OccupancyHeatmap({ rows, caption }: { rows: readonly HeatRow[]; caption: string }) {
  return (
    <div className="space-y-3">
      <table data-testid="occupancy-heatmap" className="w-full table-fixed border-separate border-spacing-0.5 text-center text-[11px] sm:border-spacing-1 sm:text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="w-11 pb-1 text-left font-semibold text-stone-600 sm:w-14">
              Hora
            </th>
            {WEEKDAYS.map((day) => (
              <th key={day.day} scope="col" className="pb-1 font-semibold text-stone-700">
                <abbr title={day.name} className="no-underline">
                  {day.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.timeSlot}>
              <th scope="row" className="pr-1 text-left font-medium tabular-nums text-stone-700">
                {row.timeSlot}
              </th>
              {row.cells.map((cell) => {
                const name = WEEKDAYS.find((w) => w.day === cell.weekday)?.name ?? "";
                const detail = cell.percent === null ? "sin canchas abiertas" : `${cell.booked} de ${cell.capacity} reservadas`;
                return (
                  <td
                    key={cell.weekday}
                    data-testid={`heat-${cell.weekday}-${row.timeSlot}`}
                    title={`${name} ${row.timeSlot}: ${cell.percent === null ? "" : `${cell.percent}%, `}${detail}`}
                    className={cn("rounded-md py-1.5 font-semibold tabular-nums sm:py-2", heatShade(cell.percent))}
                  >
                    {/* an empty hour stays blank to the eye, so that the booked ones stand out; the shade and the legend say 0% */}
                    <span aria-hidden="true">{cell.percent === null ? "—" : cell.percent === 0 ? "\u00a0" : `${cell.percent}%`}</span>
                    <span className="sr-only">{cell.percent === null ? detail : `${cell.percent}%, ${detail}`}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="Escala de ocupación" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-600">
        {HEAT_SHADES.map((shade) => (
          <li key={shade.label} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("inline-block h-3 w-3 rounded-sm ring-1 ring-stone-300", shade.className)} />
            {shade.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
