import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { GAME_TYPE_LABEL, type GameType } from "@courts/core";
import { capitalize, formatDay } from "../../../lib/format";

export interface BookingFactsProps {
  readonly court: { readonly name: string; readonly courtNumber?: number; readonly venueName?: string | null } | null;
  /** local date, YYYY-MM-DD or YYYY-MM-DDT00:00:00 */
  readonly date: string;
  readonly timeSlot: string;
  /** shown beside the slot when given */
  readonly tariffType?: "day" | "night";
  readonly gameType: GameType;
}

/** Court, day, slot and game type of a booking: what checkout and the shared payment both summarise. */
export function BookingFacts({ court, date, timeSlot, tariffType, gameType }: BookingFactsProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
      <li className="flex items-center gap-2">
        <MapPin aria-hidden="true" className="h-4 w-4 text-clay-600" />
        <span>
          <span className="font-semibold">{court?.name ?? "Cancha"}</span>
          {court?.courtNumber !== undefined && <> · #{court.courtNumber}</>}
          {court?.venueName && <span className="text-stone-600"> · {court.venueName}</span>}
        </span>
      </li>
      <li className="flex items-center gap-2">
        <CalendarDays aria-hidden="true" className="h-4 w-4 text-clay-600" />
        {capitalize(formatDay(date))}
      </li>
      <li className="flex items-center gap-2">
        <Clock aria-hidden="true" className="h-4 w-4 text-clay-600" />
        {timeSlot}
        {tariffType && <> · {tariffType === "night" ? "Tarifa nocturna" : "Tarifa diurna"}</>}
      </li>
      <li className="flex items-center gap-2">
        <Users aria-hidden="true" className="h-4 w-4 text-clay-600" />
        {GAME_TYPE_LABEL[gameType]}
      </li>
    </ul>
  );
}
