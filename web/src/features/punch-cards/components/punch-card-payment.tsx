import { useState } from "react";
import { displayMoney, type PunchCardAnswer } from "@courts/core";
import { Ticket } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { ChoiceCards } from "../../../components/ui/choice-cards";
import { Row } from "../../../components/ui/page";
import { formatInstant } from "../../../lib/format";
import { hoursLeftText, hoursText } from "../punch-card-texts";

/** "Vence el 8 de enero de 2027", in the club's time zone. */
export const expiresText = (card: Pick<PunchCardAnswer, "expiresAt">, timeZone?: string): string =>
  `Vence el ${formatInstant(card.expiresAt, "d 'de' MMMM 'de' yyyy", timeZone)}`;

/** The 'Bono' payment choice's second line: the hours of the cards that can pay this booking. */
export function PunchCardChoiceLine({ cards }: { cards: readonly PunchCardAnswer[] }) {
  const hours = cards.reduce((sum, card) => sum + card.hoursLeft, 0);
  return <span className="text-sm text-stone-600">{cards.length === 1 ? `${hoursText(hours)} en tu bono` : `${hoursText(hours)} en tus bonos`}</span>;
}

/**
 * Checkout's 'Pagar con el bono': which card (when there are several), what it covers (the whole
 * booking for one hour, no card fee) and the server's own words when it refuses.
 */
export function PunchCardPayButton({
  cards,
  remaining,
  busy,
  refusal,
  timeZone,
  onPay,
}: {
  cards: readonly PunchCardAnswer[];
  /** cents the booking still owes: what one hour pays */
  remaining: number;
  busy: boolean;
  /** the server's message when it refused the last try */
  refusal: string | null;
  timeZone?: string | undefined;
  onPay: (punchCardId: string) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const card = cards.find((c) => c.id === picked) ?? cards[0];
  if (!card) return null;
  return (
    <div className="space-y-4">
      {cards.length > 1 ? (
        <ChoiceCards
          label="Bono a usar"
          align="start"
          columns={1}
          value={card.id}
          onChange={setPicked}
          choices={cards.map((c) => ({
            value: c.id,
            children: (
              <span className="flex min-w-0 flex-col">
                <span className="break-words font-medium text-stone-900">{c.name}</span>
                <span className="text-sm text-stone-600">{hoursLeftText(c)}</span>
                <span className="text-sm text-stone-600">{expiresText(c, timeZone)}</span>
              </span>
            ),
          }))}
        />
      ) : (
        <div className="flex items-start gap-3 rounded-2xl bg-stone-50 p-4 ring-1 ring-inset ring-stone-200">
          <Ticket aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-court-700" />
          <div className="min-w-0">
            <p className="break-words font-medium text-stone-900">{card.name}</p>
            <p className="text-sm text-stone-600">{hoursLeftText(card)}</p>
            <p className="text-sm text-stone-600">{expiresText(card, timeZone)}</p>
          </div>
        </div>
      )}
      <dl className="divide-y divide-stone-100 text-sm">
        <Row label="Lo que falta por pagar" value={displayMoney(remaining)} />
        <Row label="Con el bono" value={<span className="text-court-700">1 hora</span>} />
        <Row label="Total a pagar" value={<span data-testid="charge-total">{displayMoney(0)}</span>} strong />
      </dl>
      {refusal && (
        <p id="bono-motivo" role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-inset ring-amber-600/20">
          {refusal}
        </p>
      )}
      <Button className="h-auto min-h-12 w-full py-2.5" size="lg" disabled={busy} aria-describedby={refusal ? "bono-motivo" : undefined} onClick={() => onPay(card.id)}>
        <Ticket aria-hidden="true" className="h-4 w-4" />
        {busy ? "Procesando..." : "Pagar con el bono"}
      </Button>
      <p className="text-xs text-stone-600">
        Una hora del bono paga la reserva completa, sin comisión. Te {card.hoursLeft - 1 === 1 ? "quedará" : "quedarán"} {hoursText(card.hoursLeft - 1)} en este bono.
      </p>
    </div>
  );
}
