import { Link } from "react-router-dom";
import { CalendarDays, Clock, MapPin, UsersRound } from "lucide-react";
import { formatLevel } from "@courts/core";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { capitalize, formatDay, money } from "../../../lib/format";
import type { OpenMatch } from "../api/open-matches";

export const levelRange = (m: Pick<OpenMatch, "levelMin" | "levelMax">): string =>
  m.levelMin === m.levelMax ? `Nivel ${formatLevel(m.levelMin)}` : `Nivel ${formatLevel(m.levelMin)} a ${formatLevel(m.levelMax)}`;

export const spotsText = (spots: number): string => (spots === 0 ? "Completo" : spots === 1 ? "Queda 1 lugar" : `Quedan ${spots} lugares`);

export const gameTypeText = (gameType: OpenMatch["gameType"]): string => (gameType === "doubles" ? "Dobles" : "Singles");

/** Who plays, as a stranger may see them: first names and levels, and the free places. */
export function MatchPlayers({ match }: { match: OpenMatch }) {
  const free = Math.max(0, match.totalPlayers - match.players.length);
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Jugadores">
      {match.players.map((p, i) => (
        <li key={`${p.firstName}-${i}`} className="inline-flex items-center gap-1.5 rounded-full bg-court-50 px-3 py-1 text-sm font-medium text-court-900 ring-1 ring-inset ring-court-600/20">
          {p.firstName}
          {p.level !== null && <span className="text-xs font-semibold text-court-700">{formatLevel(p.level)}</span>}
        </li>
      ))}
      {Array.from({ length: free }, (_, i) => (
        <li key={`free-${i}`} className="inline-flex items-center rounded-full border border-dashed border-stone-300 px-3 py-1 text-sm text-stone-500">
          Lugar libre
        </li>
      ))}
    </ul>
  );
}

/** One match of the list: where and when, the level, who plays, what a place costs. */
export function MatchCard({ match }: { match: OpenMatch }) {
  return (
    <Card className="p-4 transition hover:shadow-md sm:p-5">
      <Link to={`/partidos/${match.id}`} className="block space-y-3 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="break-words text-lg font-bold text-stone-900">{match.venue.name}</p>
            <p className="flex items-center gap-1.5 text-sm text-stone-600">
              <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
              {match.court.name} · Cancha {match.court.courtNumber}
            </p>
          </div>
          <Badge tone="ball">{levelRange(match)}</Badge>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
          <span className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            {capitalize(formatDay(match.date, "EEEE d 'de' MMMM"))}
          </span>
          <span className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="h-4 w-4" />
            {match.timeSlot}
          </span>
          <span className="flex items-center gap-1.5">
            <UsersRound aria-hidden="true" className="h-4 w-4" />
            {gameTypeText(match.gameType)}
          </span>
        </div>
        <MatchPlayers match={match} />
        <div className="flex items-center justify-between gap-2 border-t border-stone-100 pt-3">
          <span className="text-sm font-semibold text-court-800">{spotsText(match.spotsLeft)}</span>
          <span className="text-sm text-stone-700">
            <span className="text-lg font-extrabold text-stone-900">{money(match.pricePerPlayer)}</span> por jugador
          </span>
        </div>
      </Link>
    </Card>
  );
}
