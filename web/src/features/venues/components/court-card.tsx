import { Link } from "react-router-dom";
import { isAvailable } from "@courts/core";
import { Badge } from "../../../components/ui/badge";
import { SmartImage } from "../../../components/ui/smart-image";
import { cn } from "../../../lib/cn";
import { imageSrc } from "../../../lib/image-src";
import type { Court } from "../../../types/api";

/**
 * A court in the venue grid: only an available court is a link to /booking/{id} (or `href`: to
 * login first, for a guest). Under its status, what today still offers ('Libre desde 19:00', 'Completa hoy'), once known.
 */
export function CourtCard({ court, today, href }: { court: Court; today?: { text: string; free: boolean } | undefined; href?: string }) {
  const available = isAvailable(court);
  const maintenance = court.status === "maintenance";
  const todayText = available && today ? today.text : null;
  const body = (
    <>
      <div className="relative aspect-square overflow-hidden bg-gradient-to-br from-clay-500 to-clay-700">
        <SmartImage
          src={imageSrc(court)}
          alt=""
          className="h-full w-full object-cover"
          fallback={
            <div className="flex h-full w-full items-center justify-center">
              <span aria-hidden="true" className="text-5xl font-black text-white/90 drop-shadow">
                {court.courtNumber}
              </span>
            </div>
          }
        />
        <Badge tone="gray" className="absolute left-2 top-2 bg-white/95">
          #{court.courtNumber}
        </Badge>
      </div>
      <div className="flex flex-col gap-1.5 p-3">
        <p className="truncate text-sm font-semibold text-stone-900">{court.name}</p>
        <Badge tone={available ? "green" : "red"} className="self-start">
          <span aria-hidden="true" className={cn("h-1.5 w-1.5 rounded-full", available ? "bg-court-600" : "bg-red-600")} />
          {available ? "Disponible" : "Ocupada"}
        </Badge>
        {/* 'Ocupada' (SPEC.md) for every closed court; a player is told when it is maintenance, not a game */}
        {!available && (
          <p data-testid={maintenance ? "court-closed" : undefined} className="min-h-4 text-xs font-medium text-stone-700">
            {maintenance ? "En mantenimiento" : "\u00a0"}
          </p>
        )}
        {/* the line is there before the day's answer, so the card does not grow when it comes */}
        {available && (
          <p data-testid={todayText ? "court-today" : undefined} className={cn("min-h-4 text-xs font-medium", today?.free ? "text-court-800" : "text-red-800")}>
            {todayText ?? "\u00a0"}
          </p>
        )}
      </div>
    </>
  );
  const base = "flex h-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm";
  if (!available) {
    return (
      <div aria-disabled="true" className={cn(base, "border-stone-200 opacity-60 grayscale-[40%]")}>
        {body}
      </div>
    );
  }
  return (
    <Link
      to={href ?? `/booking/${court.id}`}
      aria-label={`Reservar ${court.name}, cancha número ${court.courtNumber}, disponible${todayText ? `. ${todayText}` : ""}`}
      className={cn(
        base,
        "border-stone-200 transition hover:-translate-y-0.5 hover:border-court-400 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-2",
      )}
    >
      {body}
    </Link>
  );
}
