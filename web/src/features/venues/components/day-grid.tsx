import { memo, useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Moon } from "lucide-react";
import { bandOf, displayMoney, SLOTS, type Cents } from "@courts/core";
import { cn } from "../../../lib/cn";
import { money } from "../../../lib/format";
import type { GridSlotAnswer, VenueAvailability } from "../api/get-venue-availability";

/** Where a free cell leads: the booking screen on that court, date and hour (a guest logs in first). */
export type FreeCellHref = (courtId: string, date: string, timeSlot: string) => string;

/** A member's price of a free hour ('Precio socio', DESIGN.md section 16), shown instead of the court's; undefined for everyone else. */
export type MemberPriceOf = (courtId: string, timeSlot: string) => Cents | undefined;

/** 'Cancha 1, 18:00, libre, $16.50': what a screen reader says of a cell, whatever it shows. */
export const cellName = (courtName: string, slot: GridSlotAnswer, memberPrice?: Cents): string => {
  const at = `${courtName}, ${slot.timeSlot}`;
  switch (slot.state) {
    case "free":
      return memberPrice === undefined ? `${at}, libre, ${money(slot.price)}` : `${at}, libre, Precio socio ${displayMoney(memberPrice)}`;
    case "taken":
      return `${at}, ocupada`;
    case "closed":
      return `${at}, cerrada${slot.reason ? `: ${slot.reason}` : ""}`;
    case "past":
      return `${at}, ya pasó`;
  }
};

const CELL = "flex h-11 w-full items-center justify-center rounded-lg px-1 text-xs font-semibold leading-tight";

function Cell({
  courtId,
  courtName,
  date,
  slot,
  hrefOf,
  notOpen,
  memberPrice,
}: {
  courtId: string;
  courtName: string;
  date: string;
  slot: GridSlotAnswer;
  hrefOf: FreeCellHref;
  memberPrice: Cents | undefined;
  /** the venue has not opened the day yet: one notice says when, the cells only that they are closed */
  notOpen: boolean;
}) {
  const night = bandOf(slot.timeSlot) === "night";
  if (slot.state === "free") {
    return (
      // a plain link: the table follows it inside the app (one handler, not one router link per hour)
      <a
        href={hrefOf(courtId, date, slot.timeSlot)}
        aria-label={cellName(courtName, slot, memberPrice)}
        data-state="free"
        className={cn(
          CELL,
          "border transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-1",
          night
            ? "border-indigo-200 bg-indigo-50 text-indigo-950 hover:border-indigo-500 hover:bg-indigo-100"
            : "border-court-200 bg-court-50 text-court-900 hover:border-court-500 hover:bg-court-100",
        )}
      >
        {memberPrice === undefined ? money(slot.price) : displayMoney(memberPrice)}
      </a>
    );
  }
  // not a control: the hour cannot be chosen; its whole name for a screen reader, a short word on screen
  const look =
    slot.state === "taken"
      ? { text: "Ocupada", className: "bg-red-50 text-red-800 line-through decoration-1" }
      : slot.state === "closed"
        ? { text: notOpen ? "Cerrada" : (slot.reason ?? "Cerrada"), className: "bg-amber-50 text-amber-900 ring-1 ring-inset ring-amber-200" }
        : { text: "—", className: "bg-stone-100 text-stone-600" };
  return (
    <span data-state={slot.state} title={slot.state === "closed" ? `Cerrada: ${slot.reason ?? ""}` : undefined} className={cn(CELL, look.className)}>
      <span className="sr-only">{cellName(courtName, slot)}</span>
      <span aria-hidden="true" className="block max-w-full truncate">
        {look.text}
      </span>
    </span>
  );
}

/**
 * A venue's day as a table: an hour per row (the hour column stays in view while a phone scrolls
 * sideways through more courts than fit), a court per column. Free cells are links showing the
 * price; taken, closed and past ones are text. Never who booked: the answer does not know.
 */
export const DayGrid = memo(function DayGrid({
  day,
  hrefOf,
  caption,
  memberPriceOf,
}: {
  day: VenueAvailability;
  hrefOf: FreeCellHref;
  caption: string;
  memberPriceOf?: MemberPriceOf | undefined;
}) {
  const courts = day.courts;
  const navigate = useNavigate();
  // a click on a free hour moves within the app; a modified click (new tab) is left to the browser
  const follow = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as Element).closest("a");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(link.getAttribute("href") ?? "/");
    },
    [navigate],
  );
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400">
      {/* equal columns (fixed layout): four courts fit a 390 px phone; more scroll sideways in this box, the hours staying in view */}
      <table onClick={follow} className="w-full table-fixed border-separate border-spacing-[3px] text-sm" style={{ minWidth: `${3.5 + courts.length * 4.25}rem` }}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-14 bg-white px-1 py-2 text-left text-xs font-semibold text-stone-600">
              Hora
            </th>
            {courts.map((court) => (
              <th key={court.courtId} scope="col" className="px-0.5 py-2 text-center align-bottom text-[11px] font-semibold leading-tight text-stone-900 sm:text-xs">
                <span title={court.name} className="line-clamp-2 break-words">
                  {court.name}
                </span>
                <span className="block text-[11px] font-medium text-stone-600">#{court.courtNumber}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SLOTS.map((timeSlot, row) => (
            <tr key={timeSlot}>
              <th scope="row" className="sticky left-0 z-10 bg-white px-0.5 text-left text-xs font-semibold tabular-nums text-stone-700">
                <span className="flex items-center gap-0.5">
                  {timeSlot}
                  {bandOf(timeSlot) === "night" && (
                    <>
                      <Moon aria-hidden="true" className="h-3 w-3 text-indigo-600" />
                      <span className="sr-only">, nocturno</span>
                    </>
                  )}
                </span>
              </th>
              {courts.map((court) => {
                const slot = court.slots[row];
                return (
                  <td key={court.courtId} className="p-0">
                    {slot && (
                      <Cell
                        courtId={court.courtId}
                        courtName={court.name}
                        date={day.date}
                        slot={slot}
                        hrefOf={hrefOf}
                        notOpen={day.opensAt !== undefined}
                        memberPrice={slot.state === "free" ? memberPriceOf?.(court.courtId, slot.timeSlot) : undefined}
                      />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** What the colours of the grid mean; for a member, that the free hours show their 'Precio socio'. */
export function DayGridLegend({ member = false }: { member?: boolean }) {
  const items = [
    { label: member ? "Libre (Precio socio por hora)" : "Libre (precio por hora)", swatch: "border border-court-300 bg-court-50" },
    { label: "Ocupada", swatch: "bg-red-50 ring-1 ring-inset ring-red-300" },
    { label: "Cerrada por el club", swatch: "bg-amber-50 ring-1 ring-inset ring-amber-300" },
    { label: "Ya pasó", swatch: "bg-stone-100 ring-1 ring-inset ring-stone-300" },
  ];
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-stone-600">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn("inline-block h-3 w-3 rounded", item.swatch)} />
          {item.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <Moon aria-hidden="true" className="h-3 w-3 text-indigo-600" /> Tarifa nocturna
      </li>
    </ul>
  );
}
