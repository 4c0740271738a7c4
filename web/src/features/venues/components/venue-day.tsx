import { memo, useDeferredValue, useMemo } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { addDays, lastShownDate } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { cn } from "../../../lib/cn";
import { capitalize, formatDay, formatInstant } from "../../../lib/format";
import { useVenueAvailability } from "../api/get-venue-availability";
import { DayGrid, DayGridLegend, type FreeCellHref, type MemberPriceOf } from "./day-grid";

/** Days shown at once in the strip: a week, which fits a 390 px phone as seven narrow buttons. */
const STRIP_DAYS = 7;

/** The first day of the strip that shows `date`: weeks counted from today, so today opens the first. */
export const stripStart = (today: string, date: string): string => {
  let start = today;
  while (addDays(start, STRIP_DAYS) <= date) start = addDays(start, STRIP_DAYS);
  return start;
};

/** 'Hoy', else the weekday in three letters: seven of them fit a 390 px phone ('Mañana' did not). */
const dayWord = (today: string, date: string): string => (date === today ? "Hoy" : capitalize(formatDay(date, "EEE").replace(".", "")));

/** A week of days to choose from, with the weeks before and after, up to the booking horizon. */
const DayStrip = memo(function DayStrip({
  today,
  date,
  windowDays,
  onChoose,
}: {
  today: string;
  date: string;
  windowDays: number | undefined;
  onChoose: (date: string) => void;
}) {
  const last = lastShownDate(today, windowDays);
  const start = stripStart(today, date);
  const days = Array.from({ length: STRIP_DAYS }, (_, i) => addDays(start, i)).filter((d) => d <= last);
  const previous = start > today ? addDays(start, -STRIP_DAYS) : null;
  const next = addDays(start, STRIP_DAYS) <= last ? addDays(start, STRIP_DAYS) : null;
  return (
    <div className="flex max-w-2xl items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Semana anterior"
        disabled={previous === null}
        onClick={() => previous && onChoose(previous)}
        className="shrink-0"
      >
        <ChevronLeft aria-hidden="true" className="h-5 w-5" />
      </Button>
      <ul className="grid flex-1 grid-cols-7 gap-1">
        {days.map((d) => {
          const chosen = d === date;
          return (
            <li key={d}>
              <button
                type="button"
                aria-pressed={chosen}
                aria-label={capitalize(formatDay(d, "EEEE d 'de' MMMM"))}
                onClick={() => onChoose(d)}
                className={cn(
                  "flex h-14 w-full flex-col items-center justify-center rounded-xl border text-center transition",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-1",
                  chosen ? "border-court-700 bg-court-700 text-white shadow-sm" : "border-stone-200 bg-white text-stone-800 hover:border-court-400",
                )}
              >
                <span className="max-w-full truncate text-[11px] font-semibold leading-tight">{dayWord(today, d)}</span>
                <span className={cn("text-sm font-bold leading-tight", chosen ? "text-white" : "text-stone-900")}>{formatDay(d, "d")}</span>
                <span className={cn("text-[10px] leading-tight", chosen ? "text-court-100" : "text-stone-600")}>{formatDay(d, "MMM").replace(".", "")}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="icon" aria-label="Semana siguiente" disabled={next === null} onClick={() => next && onChoose(next)} className="shrink-0">
        <ChevronRight aria-hidden="true" className="h-5 w-5" />
      </Button>
    </div>
  );
});

/**
 * The grid's own height while its first answer comes: a header row and 16 rows of 47 px, so the page
 * does not jump. One quiet block, not a hundred pulsing cells (each its own layer to paint on a phone).
 */
export function GridPlaceholder() {
  return (
    <div role="status" aria-label="Cargando disponibilidad..." className="h-[calc(3.25rem+16*47px+0.5rem)] rounded-2xl border border-stone-200 bg-stone-50 shadow-sm" />
  );
}

/**
 * The venue's day for everyone (DESIGN.md section 14): a strip of days and the courts x 16 hours
 * of the chosen one. Where a free hour leads (the booking screen, or login first for a guest) is
 * the screen's to say: this feature does not know who is signed in.
 */
export function VenueDay({
  venueId,
  today,
  date,
  windowDays,
  timeZone,
  onChoose,
  hrefOf,
  memberPriceOf,
}: {
  venueId: string;
  today: string;
  date: string;
  /** the venue's booking window (its rules): the strip reaches its last day, or 180 days when shorter */
  windowDays?: number | undefined;
  /** the club's, in which a date not open yet says when it opens */
  timeZone?: string | undefined;
  onChoose: (date: string) => void;
  hrefOf: FreeCellHref;
  /** a member's 'Precio socio' of each free hour (the screen knows who is signed in) */
  memberPriceOf?: MemberPriceOf | undefined;
}) {
  const grid = useVenueAvailability(venueId, date);
  // the grid's hundred cells are drawn in a deferred render, which React splits into short slices:
  // the page stays responsive while it draws (a phone's main thread, Lighthouse's TBT)
  const shown = useDeferredValue(grid.data);

  // a day being fetched while the previous one is shown: dimmed, so nobody picks an hour of the wrong day
  const stale = shown !== undefined && shown.date !== date;
  // the day the grid shows, which is the day chosen once its answer came
  const shownDate = shown?.date ?? date;
  const caption = useMemo(() => `Disponibilidad del ${formatDay(shownDate, "EEEE d 'de' MMMM")}: canchas por hora`, [shownDate]);
  return (
    <div className="space-y-3">
      <DayStrip today={today} date={date} windowDays={windowDays} onChoose={onChoose} />
      <p className="text-sm font-semibold text-stone-800" aria-live="polite">
        {capitalize(formatDay(date, "EEEE d 'de' MMMM"))}
      </p>
      {shown?.opensAt && !stale && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Este día se abre el {formatInstant(shown.opensAt, "EEEE d 'de' MMMM 'a las' HH:mm", timeZone)}: hasta entonces sus horas no se pueden reservar.
        </p>
      )}
      {shown ? (
        <div className={cn("transition-opacity", stale && "pointer-events-none opacity-50")} aria-busy={stale}>
          <DayGrid day={shown} hrefOf={hrefOf} caption={caption} memberPriceOf={memberPriceOf} />
        </div>
      ) : grid.error ? (
        <ErrorNotice>No se pudo consultar la disponibilidad de este día.</ErrorNotice>
      ) : (
        <GridPlaceholder />
      )}
      <DayGridLegend member={memberPriceOf !== undefined} />
    </div>
  );
}
