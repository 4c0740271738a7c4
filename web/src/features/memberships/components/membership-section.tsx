import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { displayMoney, memberPrice, parseMoney, type Cents } from "@courts/core";
import { BadgeCheck, CalendarClock, Download, Percent, Star } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatInstant } from "../../../lib/format";
import { createMembershipPurchase, downloadMembershipReceipt, useRecordMembershipPurchase } from "../api/buy-membership";
import type { MembershipPlan } from "../api/get-membership-plans";
import { useMyMemberships, type Membership } from "../api/get-my-memberships";
import { monthsWords, percentWords } from "../member-prices";

/** 'Eres socio hasta el 8 de marzo de 2027': the membership's last day in the club's time zone. */
export const untilWords = (endsAt: string, timeZone: string | undefined): string => formatInstant(endsAt, "d 'de' MMMM 'de' yyyy", timeZone);

/**
 * The player's membership of the venue in force, and how far it reaches: a plan bought while one
 * runs starts when it ends, so the last end among the venue's current and coming memberships.
 */
export const currentMembership = (memberships: readonly Membership[] | undefined, venueId: string, now: number): { membership: Membership; until: string } | null => {
  const here = (memberships ?? []).filter((m) => m.venueId === venueId && Date.parse(m.endsAt) > now);
  const active = here.find((m) => m.active);
  if (!active) return null;
  const until = here.reduce((last, m) => (m.endsAt > last ? m.endsAt : last), active.endsAt);
  return { membership: active, until };
};

/** The card form is the screen's: the membership feature does not know the payment provider's. */
export type PayByCard = (props: {
  amount: Cents;
  submitLabel: string;
  createIntent: () => ReturnType<typeof createMembershipPurchase>;
  onPaid: (paymentIntentId: string) => Promise<void>;
}) => ReactNode;

function PlanCard({ plan, example, chosen, onChoose }: { plan: MembershipPlan; example: Cents | null; chosen: boolean; onChoose: () => void }) {
  const price = parseMoney(plan.price) ?? 0;
  return (
    <li>
      <Card className={cn("flex h-full flex-col p-5", chosen && "border-court-600 ring-2 ring-court-600")}>
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-bold tracking-tight text-stone-900">{plan.name}</h3>
          {plan.discountPercent > 0 && (
            <Badge tone="ball" className="shrink-0">
              −{percentWords(plan.discountPercent)}
            </Badge>
          )}
        </div>
        <p className="mt-2 text-stone-900">
          <span className="text-3xl font-extrabold tabular-nums">{displayMoney(price)}</span>{" "}
          <span className="text-sm text-stone-600">por {monthsWords(plan.months)}</span>
        </p>
        <ul className="mt-4 flex-1 space-y-2 text-sm text-stone-700">
          <li className="flex items-start gap-2">
            <Percent aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-court-700" />
            <span>
              {percentWords(plan.discountPercent)} de descuento en cada reserva
              {example !== null && plan.discountPercent > 0 && (
                <span className="block text-stone-600">
                  Precio socio: {displayMoney(memberPrice(example, plan.discountPercent))} en vez de {displayMoney(example)} la hora
                </span>
              )}
            </span>
          </li>
          {plan.windowDays !== null && (
            <li className="flex items-start gap-2">
              <CalendarClock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-court-700" />
              <span>Reserva con hasta {plan.windowDays} días de anticipación</span>
            </li>
          )}
          <li className="flex items-start gap-2">
            <Star aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-court-700" />
            <span>Pago único, sin renovación automática</span>
          </li>
        </ul>
        <Button className="mt-5 w-full" variant={chosen ? "primary" : "outline"} aria-pressed={chosen} onClick={onChoose}>
          {chosen ? "Plan elegido" : "Elegir este plan"}
        </Button>
      </Card>
    </li>
  );
}

function MemberCard({ membership, until, timeZone }: { membership: Membership; until: string; timeZone: string | undefined }) {
  const [downloading, setDownloading] = useState(false);
  const receipt = async (purchaseId: string) => {
    setDownloading(true);
    try {
      await downloadMembershipReceipt(purchaseId);
      toast({ title: "Recibo descargado", description: "El recibo se guardó en tu dispositivo" });
    } catch (error) {
      toastError("Error al descargar el recibo", describeError(error, "No se pudo descargar el recibo"));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card className="flex flex-col gap-4 border-court-200 bg-court-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-court-700 text-white">
          <BadgeCheck aria-hidden="true" className="h-6 w-6" />
        </span>
        <div>
          <p className="text-lg font-bold text-stone-900">Eres socio hasta el {untilWords(until, timeZone)}</p>
          <p className="text-sm text-stone-700">
            {membership.name} · {percentWords(membership.discountPercent)} de descuento: pagas el Precio socio en cada reserva
            {membership.windowDays !== null ? ` y reservas con hasta ${membership.windowDays} días de anticipación` : ""}.
          </p>
          <p className="mt-1 text-xs text-stone-600">No se renueva sola: te avisaremos por correo 7 días antes de que termine.</p>
        </div>
      </div>
      {membership.purchaseId && (
        <Button variant="outline" size="sm" className="shrink-0 self-start bg-white sm:self-center" disabled={downloading} onClick={() => void receipt(membership.purchaseId!)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {downloading ? "Descargando..." : "Descargar recibo"}
        </Button>
      )}
    </Card>
  );
}

/**
 * The venue page's 'Hazte socio' (DESIGN.md section 16): the venue's plans, each with what it takes
 * off an hour, bought by card as a wallet top-up is (the intent, the card, then the purchase
 * recorded: the server asks the provider and grants the membership). A member reads 'Eres socio
 * hasta el ...' instead; a guest is sent to log in first. Nothing when the venue sells no plan.
 */
export function MembershipSection({
  venueId,
  venueName,
  plans,
  signedIn,
  loginHref,
  timeZone,
  example,
  payByCard,
}: {
  venueId: string;
  venueName: string;
  plans: readonly MembershipPlan[] | undefined;
  /** undefined while the session is being read */
  signedIn: boolean | undefined;
  loginHref: string;
  timeZone: string | undefined;
  /** a court's hour (the cheapest singles by day) to show what a plan takes off */
  example: Cents | null;
  /** the screen's card form (the configured provider's) */
  payByCard: PayByCard;
}) {
  const mine = useMyMemberships(signedIn === true);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // a new card form after each purchase: the last card's numbers are not left on screen
  const [round, setRound] = useState(0);
  const payRef = useRef<HTMLDivElement>(null);
  const { trigger: record } = useRecordMembershipPurchase();
  useEffect(() => {
    if (chosenId) payRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [chosenId]);

  const onSale = (plans ?? []).filter((p) => p.active);
  const current = currentMembership(mine.data, venueId, Date.now());
  if (!current && onSale.length === 0) return null;
  const chosen = onSale.find((p) => p.id === chosenId) ?? null;

  const onPaid = (plan: MembershipPlan) => async (paymentIntentId: string) => {
    try {
      await record(paymentIntentId);
      toast({ title: "¡Ya eres socio!", description: `${plan.name}: desde ahora pagas el Precio socio en ${venueName}.` });
      setChosenId(null);
      setRound((n) => n + 1);
    } catch (error) {
      toastError("Error al hacerte socio", describeError(error, "No se pudo registrar tu membresía. Si se cobró, la registraremos en unos minutos."));
    }
  };

  let body: ReactNode;
  if (signedIn === true && !mine.data && !mine.error) body = <Spinner label="Cargando tu membresía..." className="py-6" />;
  else if (current) body = <MemberCard membership={current.membership} until={current.until} timeZone={timeZone} />;
  else {
    body = (
      <div className="space-y-6">
        {mine.error && <ErrorNotice>No se pudo consultar tu membresía. Intenta de nuevo más tarde.</ErrorNotice>}
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {onSale.map((plan) => (
            <PlanCard key={plan.id} plan={plan} example={example} chosen={plan.id === chosenId} onChoose={() => setChosenId(plan.id)} />
          ))}
        </ul>
        {signedIn === false && (
          <p className="rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700">
            <Link to={loginHref} className="font-semibold text-court-800 underline">
              Inicia sesión
            </Link>{" "}
            para hacerte socio.
          </p>
        )}
        {signedIn === true && chosen && (
          <div ref={payRef} className="max-w-md">
            <Card>
              <CardHeader>
                <CardTitle id="pagar-socio">Pagar {chosen.name}</CardTitle>
                <p className="text-sm text-stone-600">
                  {displayMoney(parseMoney(chosen.price) ?? 0)} por {monthsWords(chosen.months)} · se paga una vez, sin renovación automática.
                </p>
              </CardHeader>
              <CardContent>
                <div key={`${chosen.id}-${round}`}>
                  {payByCard({
                    amount: parseMoney(chosen.price) ?? 0,
                    submitLabel: `Pagar ${displayMoney(parseMoney(chosen.price) ?? 0)}`,
                    createIntent: () => createMembershipPurchase(chosen.id),
                    onPaid: onPaid(chosen),
                  })}
                </div>
              </CardContent>
            </Card>
          </div>
        )}
      </div>
    );
  }

  return (
    <section id="socios" aria-labelledby="socios-titulo" className="mt-14 scroll-mt-24">
      <div className="mb-4">
        <h2 id="socios-titulo" className="text-2xl font-extrabold tracking-tight text-stone-900">
          {current ? "Tu membresía" : "Hazte socio"}
        </h2>
        {!current && <p className="text-stone-600">Paga menos en cada reserva: el Precio socio se aplica solo al reservar.</p>}
      </div>
      {body}
    </section>
  );
}
