import { useState } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { CalendarDays, CircleCheck, Clock, Hourglass, MapPin, UsersRound } from "lucide-react";
import { DEFAULT_TIME_ZONE, inLevelRange, parseMoney } from "@courts/core";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { toast, toastError } from "../../components/ui/toast";
import { useMe } from "../../features/auth/api/get-me";
import { withReturn } from "../../features/auth/return-to";
import { useConfig } from "../../features/config/api/get-config";
import { joinMatch, useLeaveMatch, useOpenMatch } from "../../features/matches/api/open-matches";
import { gameTypeText, levelRange, MatchPlayers, spotsText } from "../../features/matches/components/match-card";
import { useRecordPayment } from "../../features/payments/api/record-payment";
import { CardPayment } from "../../features/payments/components/card-payment";
import { linkTime } from "../../features/sharing/components/link-lifetime";
import { describeError, isStatus } from "../../lib/api-client";
import { capitalize, formatDay, money } from "../../lib/format";
import { useTitle } from "../../lib/use-title";

/** /partidos/{id}: who plays, what a place costs, and the join flow (one share, paid with the card form of shares). */
export default function MatchScreen() {
  const { matchId = "" } = useParams();
  const location = useLocation();
  const match = useOpenMatch(matchId);
  const { user } = useMe();
  const { data: config } = useConfig();
  const { trigger: recordPayment } = useRecordPayment();
  const { trigger: leave, isMutating: leaving } = useLeaveMatch();
  const [joined, setJoined] = useState(false);
  useTitle("Partido");

  if (isStatus(match.error, 404, 400))
    return (
      <Page narrow>
        <EmptyState icon={<UsersRound aria-hidden="true" className="h-6 w-6" />} title="Partido no encontrado">
          <Button asChild variant="outline">
            <Link to="/partidos">Ver partidos</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  if (match.error)
    return (
      <Page narrow>
        <ErrorNotice>No se pudo cargar el partido. Intenta de nuevo más tarde.</ErrorNotice>
      </Page>
    );
  if (!match.data || !config) return <Spinner label="Cargando partido..." />;

  const m = match.data;
  const timeZone = config.timeZone ?? DEFAULT_TIME_ZONE;
  const past = new Date(m.deadline).getTime() <= Date.now();
  const youPlay = joined || m.youPlay === true;
  const here = `${location.pathname}${location.search}`;

  const onPaid = async (paymentIntentId: string) => {
    try {
      await recordPayment({ bookingId: m.bookingId, stripePaymentIntentId: paymentIntentId });
      setJoined(true);
      await match.mutate();
      toast({ title: "¡Te uniste al partido!", description: "Tu lugar está pagado. Tu recibo está en Historial de Pagos." });
      window.scrollTo({ top: 0 });
    } catch (error) {
      toastError("Error en el pago", describeError(error, "No se pudo registrar el pago"));
    }
  };
  const onLeave = async () => {
    try {
      const answer = await leave(m.id);
      setJoined(false);
      await match.mutate();
      toast({ title: "Dejaste el partido", description: `Te devolvemos ${money(answer.refundAmount)} a tu tarjeta.` });
    } catch (error) {
      toastError("No se pudo dejar el partido", describeError(error, "Intenta de nuevo"));
    }
  };

  const joinPanel = () => {
    if (youPlay)
      return (
        <div className="space-y-3" data-testid="you-play">
          <p className="flex items-start gap-2 font-semibold text-court-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" /> Ya tienes tu lugar en este partido.
          </p>
          {!past && (
            <>
              <p className="text-sm text-stone-600">Puedes dejarlo hasta el {linkTime(m.deadline, timeZone)} y te devolvemos tu parte completa.</p>
              <Button variant="outline" onClick={() => void onLeave()} disabled={leaving} aria-busy={leaving}>
                {leaving ? "Saliendo..." : "Dejar el partido"}
              </Button>
            </>
          )}
        </div>
      );
    if (m.status !== "open") return <p className="text-sm text-stone-700">El organizador cerró este partido a nuevos jugadores.</p>;
    if (past) return <p className="text-sm text-stone-700">Terminó el plazo para unirse a este partido.</p>;
    if (m.spotsLeft === 0) return <p className="text-sm text-stone-700">Este partido ya está completo.</p>;
    if (!user)
      return (
        <div className="space-y-3">
          <p className="text-sm text-stone-700">Inicia sesión para unirte: tu nivel debe estar entre {levelRange(m).replace("Nivel ", "")}.</p>
          <Button asChild className="w-full">
            <Link to={withReturn("/login", here)}>Iniciar sesión para unirme</Link>
          </Button>
        </div>
      );
    if (user.level == null)
      return (
        <div className="space-y-3">
          <p className="text-sm text-stone-700">Indica tu nivel en tu perfil para unirte a un partido.</p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/settings">Indicar mi nivel</Link>
          </Button>
        </div>
      );
    if (!inLevelRange(user.level, m))
      return <p className="text-sm text-stone-700">Este partido es para {levelRange(m).toLowerCase()} y tu nivel es {user.level.toFixed(1)}.</p>;
    return (
      <CardPayment
        payments={config.payments}
        amount={parseMoney(m.pricePerPlayer) ?? 0}
        submitLabel={`Unirme y pagar ${money(m.pricePerPlayer)}`}
        returnPath={`/partidos/${m.id}`}
        createIntent={() =>
          joinMatch(m.id)
            .then((a) => ({ clientSecret: a.clientSecret, paymentIntentId: a.paymentIntentId, amount: a.amount, discount: "0.00", totalPaid: a.totalPaid, stripeFee: a.stripeFee, discountCode: null }))
            .catch((error: unknown) => {
              // taken meanwhile, closed or past its deadline: the page shows why
              if (isStatus(error, 409)) void match.mutate();
              throw error;
            })
        }
        onPaid={onPaid}
      />
    );
  };

  return (
    <Page>
      <PageHeader
        title={`Partido en ${m.venue.name}`}
        description={`${levelRange(m)} · ${gameTypeText(m.gameType)}`}
        icon={<UsersRound aria-hidden="true" className="h-6 w-6" />}
        actions={
          <Button asChild variant="outline">
            <Link to="/partidos">Todos los partidos</Link>
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Detalles</CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-stone-800">
              <p className="flex items-center gap-2">
                <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-stone-500" />
                {m.venue.name} · {m.court.name} (Cancha {m.court.courtNumber})
              </p>
              <p className="flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0 text-stone-500" />
                {capitalize(formatDay(m.date))}
              </p>
              <p className="flex items-center gap-2">
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0 text-stone-500" />
                {m.timeSlot} · {gameTypeText(m.gameType)}
              </p>
              {m.note && <p className="rounded-xl bg-stone-50 p-3 text-sm text-stone-700">“{m.note}”</p>}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Quién juega</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <MatchPlayers match={m} />
              <p className="text-sm font-semibold text-court-800">{spotsText(m.spotsLeft)}</p>
              <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
                <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  Se puede unir y dejar el partido hasta el {linkTime(m.deadline, timeZone)}. Quien lo deja antes recibe su parte completa de vuelta.
                </span>
              </p>
            </CardContent>
          </Card>
        </div>
        <aside aria-labelledby="tu-lugar" className="lg:sticky lg:top-24 lg:self-start">
          <Card>
            <CardHeader>
              <CardTitle id="tu-lugar">Tu lugar</CardTitle>
              <p className="text-3xl font-extrabold text-court-800">
                {money(m.pricePerPlayer)} <span className="text-base font-medium text-stone-600">por jugador</span>
              </p>
              <Badge tone="ball" className="w-fit">
                {levelRange(m)}
              </Badge>
            </CardHeader>
            <CardContent>{joinPanel()}</CardContent>
          </Card>
        </aside>
      </div>
    </Page>
  );
}
