import { useState } from "react";
import { isAvailable } from "@courts/core";
import { Ban, Repeat } from "lucide-react";
import { cn } from "../../../lib/cn";
import { money } from "../../../lib/format";
import type { ScheduleCell, ScheduleCourt } from "../api/types";

export interface PickedCell {
  court: ScheduleCourt;
  cell: ScheduleCell;
}

const paidText = (cell: ScheduleCell) => {
  const b = cell.booking;
  if (!b) return "";
  if (b.paymentStatus === "completed") return "Pagado";
  if (b.paymentStatus === "partial") return `Parcial (${money(b.paidAmount)})`;
  return "Pendiente";
};

/** No one can book a court the club took out of use (maintenance): its free hours are not 'Libre'. */
const OUT_OF_USE = "Cancha fuera de servicio";

/** What a cell says, for its button's label too: 'Libre', the player (their full name when known) and paid state, the block's reason, or that the court is out of use. */
export const cellSummary = (cell: ScheduleCell, court?: Pick<ScheduleCourt, "status">): string =>
  cell.booking
    ? `${cell.booking.playerName ?? "Jugador"} · ${paidText(cell)}`
    : cell.block
      ? `Cerrado: ${cell.block.reason}`
      : court && !isAvailable(court)
        ? OUT_OF_USE
        : "Libre";

function CellButton({ court, cell, past, onPick }: { court: ScheduleCourt; cell: ScheduleCell; past: boolean; onPick: (picked: PickedCell) => void }) {
  const { booking, block } = cell;
  return (
    <button
      type="button"
      onClick={() => onPick({ court, cell })}
      aria-label={`${court.name} ${cell.timeSlot}: ${cellSummary(cell, court)}`}
      data-testid={`cell-${court.courtNumber}-${cell.timeSlot}`}
      className={cn(
        "flex h-full min-h-14 w-full flex-col items-start justify-center rounded-lg border px-2 py-1.5 text-left text-xs transition",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400",
        booking
          ? booking.paymentStatus === "completed"
            ? "border-court-300 bg-court-50 text-court-900 hover:border-court-500"
            : "border-clay-300 bg-clay-50 text-clay-900 hover:border-clay-500"
          : block
            ? "border-amber-300 bg-amber-50 text-amber-900 hover:border-amber-500"
            : past
              ? "border-stone-100 bg-stone-50 text-stone-400"
              : !isAvailable(court)
                ? "border-stone-200 bg-stone-100 text-stone-700"
              : "border-dashed border-stone-300 bg-white text-stone-500 hover:border-court-400 hover:bg-court-50/50",
      )}
    >
      {booking ? (
        <>
          <span className="flex w-full items-center gap-1 truncate font-semibold">
            {booking.seriesId && <Repeat aria-hidden="true" className="h-3 w-3 shrink-0" />}
            <span className="truncate">{booking.playerName ?? "Jugador"}</span>
          </span>
          <span>{paidText(cell)}</span>
        </>
      ) : block ? (
        <span className="flex items-center gap-1 font-semibold">
          <Ban aria-hidden="true" className="h-3 w-3 shrink-0" /> {block.reason}
        </span>
      ) : (
        <span>{past ? "—" : isAvailable(court) ? "Libre" : "Fuera de servicio"}</span>
      )}
    </button>
  );
}

/**
 * Courts x 16 slots. A tablet or a wider screen sees the table (slots down, courts across, the
 * slot column sticky); a phone sees one court at a time, chosen above its column of slots.
 */
export function ScheduleGrid({
  courts,
  isPast,
  onPick,
}: {
  courts: readonly ScheduleCourt[];
  isPast: (slot: string) => boolean;
  onPick: (picked: PickedCell) => void;
}) {
  const [phoneCourt, setPhoneCourt] = useState(0);
  const slots = courts[0]?.cells.map((c) => c.timeSlot) ?? [];
  const shown = courts[Math.min(phoneCourt, courts.length - 1)];
  return (
    <>
      <div className="sm:hidden" data-testid="schedule-phone">
        <div role="tablist" aria-label="Cancha" className="mb-3 flex gap-2 overflow-x-auto pb-1">
          {courts.map((court, i) => (
            <button
              key={court.id}
              type="button"
              role="tab"
              aria-selected={i === phoneCourt}
              onClick={() => setPhoneCourt(i)}
              className={cn(
                "shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold",
                i === phoneCourt ? "border-court-700 bg-court-700 text-white" : "border-stone-300 bg-white text-stone-700",
              )}
            >
              {court.name}
            </button>
          ))}
        </div>
        {shown && (
          <ul className="space-y-1.5">
            {shown.cells.map((cell) => (
              <li key={cell.timeSlot} className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-stretch gap-2">
                <span className="self-center text-sm font-semibold text-stone-700">{cell.timeSlot}</span>
                <CellButton court={shown} cell={cell} past={isPast(cell.timeSlot)} onPick={onPick} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white sm:block" data-testid="schedule-table">
        <table className="w-full border-separate border-spacing-1 text-sm">
          <caption className="sr-only">Horario del día por cancha</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky left-0 z-10 w-16 bg-white px-2 py-2 text-left text-xs font-semibold text-stone-500">
                Hora
              </th>
              {courts.map((court) => (
                <th key={court.id} scope="col" className="min-w-28 px-1 py-2 text-left text-xs font-semibold text-stone-700">
                  <span className="block truncate">{court.name}</span>
                  <span className="font-normal text-stone-500">#{court.courtNumber}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slots.map((slot, row) => (
              <tr key={slot}>
                <th scope="row" className="sticky left-0 z-10 bg-white px-2 text-left text-xs font-semibold text-stone-700">
                  {slot}
                </th>
                {courts.map((court) => (
                  <td key={court.id} className="h-14 p-0">
                    <CellButton court={court} cell={court.cells[row]!} past={isPast(slot)} onPick={onPick} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
