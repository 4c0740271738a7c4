import type { PunchCardAnswer } from "@courts/core";
import { Ticket } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { formatInstant } from "../../../lib/format";
import { hoursLeftText, isExpired, scopeText } from "../punch-card-texts";

/** How a card stands: 'Vigente' pays, 'Caducado' is past its date, 'Sin horas' is spent. */
export const cardState = (card: PunchCardAnswer, now: Date): { label: string; tone: "green" | "red" | "gray" } => {
  if (isExpired(card, now)) return { label: "Caducado", tone: "red" };
  if (!card.usable || card.hoursLeft <= 0) return { label: "Sin horas", tone: "gray" };
  return { label: "Vigente", tone: "green" };
};

/** The player's cards, the ones that still pay first: name, hours left of total, where and when, expiry. */
export function PunchCardList({
  cards,
  venueName,
  timeZone,
  now = new Date(),
}: {
  cards: readonly PunchCardAnswer[];
  venueName: (id: string) => string | undefined;
  timeZone?: string | undefined;
  now?: Date;
}) {
  const rank = (card: PunchCardAnswer) => (cardState(card, now).tone === "green" ? 0 : 1);
  const sorted = [...cards].sort((a, b) => rank(a) - rank(b) || a.expiresAt.localeCompare(b.expiresAt));
  return (
    <ul className="space-y-3" aria-label="Mis bonos">
      {sorted.map((card) => {
        const state = cardState(card, now);
        const usable = state.tone === "green";
        const date = formatInstant(card.expiresAt, "d 'de' MMMM 'de' yyyy", timeZone);
        return (
          <li key={card.id} className={`rounded-2xl border p-4 ${usable ? "border-stone-200 bg-white" : "border-stone-200 bg-stone-50"}`}>
            <div className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${usable ? "bg-court-50 text-court-700" : "bg-stone-100 text-stone-500"}`}
              >
                <Ticket className="h-5 w-5" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <p className={`break-words font-semibold ${usable ? "text-stone-900" : "text-stone-600"}`}>{card.name}</p>
                  <Badge tone={state.tone}>{state.label}</Badge>
                </div>
                <p className="mt-1 text-sm font-medium text-stone-800">{hoursLeftText(card)}</p>
                <div
                  className="mt-2 h-2 overflow-hidden rounded-full bg-stone-100"
                  role="presentation"
                >
                  <div className={`h-full rounded-full ${usable ? "bg-court-600" : "bg-stone-300"}`} style={{ width: `${Math.round((card.hoursLeft / Math.max(1, card.hours)) * 100)}%` }} />
                </div>
                <p className="mt-2 text-sm text-stone-600">{scopeText(card, venueName)}</p>
                <p className={`text-sm ${state.label === "Caducado" ? "text-red-700" : "text-stone-600"}`}>
                  {state.label === "Caducado" ? `Caducó el ${date}: ya no paga reservas` : `Vence el ${date}`}
                </p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
