import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { ArrowLeft, CalendarDays, CalendarX, Clock, Moon, Sun, Timer, Users, type LucideIcon } from "lucide-react";
import {
  addDays,
  bandOf,
  BOOKING_HORIZON_DAYS,
  displayMoney,
  GAME_TYPE_LABEL,
  isAvailable,
  isSlot,
  lastBookableDate,
  localDateOf,
  opensAtOf,
  opensMessage,
  priceFor,
  type GameType,
} from "@courts/core";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader, Row } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { toastError } from "../../components/ui/toast";
import { RequireUser } from "../../features/auth/components/require-user";
import { useCreateBooking } from "../../features/bookings/api/create-booking";
import { isBallot } from "../../features/bookings/api/get-ballot";
import { BallotNotice } from "../../features/bookings/components/ballot-notice";
import { useNextFreeDate } from "../../features/bookings/api/get-next-free-date";
import { useBalancesDue, useOwnSlots } from "../../features/bookings/api/get-user-bookings";
import { BookingDatePicker } from "../../features/bookings/components/booking-date-picker";
import { GameTypePicker } from "../../features/bookings/components/game-type-picker";
import { SlotPicker } from "../../features/bookings/components/slot-picker";
import { balanceDueOf } from "../../features/bookings/booking-texts";
import { canSplitNow, slotStates } from "../../features/bookings/slot-rules";
import { useConfig } from "../../features/config/api/get-config";
import { useMemberPrices } from "../../features/memberships/api/get-member-prices";
import { useMembershipPlans } from "../../features/memberships/api/get-membership-plans";
import { MemberHint, MemberPrice } from "../../features/memberships/components/member-price";
import { bestDiscount, memberPricesByCourt, percentWords } from "../../features/memberships/member-prices";
import { WaitlistPanel } from "../../features/notifications/components/waitlist-panel";
import { useCourt } from "../../features/venues/api/get-court";
import { useCourtDay } from "../../features/venues/api/get-court-day";
import { useVenue } from "../../features/venues/api/get-venue";
import { courtPrices } from "../../features/venues/prices";
import { ApiError, describeError, isStatus } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { capitalize, formatDay } from "../../lib/format";
import { pageDate } from "../../lib/page-date";
import { isPending } from "../../lib/swr";
import { useTitle } from "../../lib/use-title";
import type { Ballot, User } from "../../types/api";

/** "2 h", "90 min": SHARE_DEADLINE_HOURS as a player reads it. */
const hoursWords = (hours: number): string => (Number.isInteger(hours) ? `${hours} h` : `${Math.round(hours * 60)} min`);

/** One step of the form: a card titled by its number and icon, with a line about it. */
function Step({ icon: Icon, title, note, children }: { icon: LucideIcon; title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="h-5 w-5 text-court-700" /> {title}
        </CardTitle>
        {note && <p className="text-sm text-stone-600">{note}</p>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Why the chosen day offers no hour, and what the player can do instead. */
function DayNotice({ message, className, children }: { message: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" className={cn("flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950", className)}>
      <p className="flex items-center gap-2 font-semibold">
        <CalendarX aria-hidden="true" className="h-5 w-5 shrink-0" /> {message}
      </p>
      {children}
    </div>
  );
}

function BookingForm({ user, courtId }: { user: User; courtId: string }) {
  const navigate = useNavigate();
  const { data: config, error: configError } = useConfig();
  const court = useCourt(courtId);
  // the link of a 'Se liberó el horario' mail opens this screen on that date and slot
  const [search, setSearch] = useSearchParams();
  // a date or hour that cannot exist (2026-13-45, 99:00) is no choice: today, no hour
  const [chosenDate, setChosenDate] = useState<string | null>(() => pageDate(search));
  const [slot, setSlot] = useState<string | null>(() => {
    const asked = search.get("slot") ?? "";
    return isSlot(asked) ? asked : null;
  });
  const [gameType, setGameType] = useState<GameType>("singles");
  const [pending, setPending] = useState(false);
  // a request for a date that just opened entered its ballot (DESIGN.md section 15): said until the player moves on
  const [ballot, setBallot] = useState<Ballot | null>(null);
  const ballotRef = useRef<HTMLDivElement>(null);
  // told where the player is: on a phone the button is at the bottom, the notice at the top
  useEffect(() => ballotRef.current?.scrollIntoView?.({ block: "nearest" }), [ballot?.ballotId]);
  // one function per address: the month grid is not rendered again with each answer
  const chooseDate = useCallback(
    (d: string) => {
      setChosenDate(d);
      setSlot(null);
      // the address keeps the day (not the hour): a reload, or the link sent to a friend, opens on it
      setSearch(
        (params) => {
          const next = new URLSearchParams(params);
          next.set("date", d);
          next.delete("slot");
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  const { trigger: createBooking } = useCreateBooking();
  // a booking whose remainder the card refused: no new booking until it is paid (the server answers 409)
  const owed = useBalancesDue().data?.items[0];
  const owedAmount = owed ? balanceDueOf(owed) : 0;
  useTitle(court.data ? `Reservar ${court.data.name}` : "Reservar");

  const today = config?.today;
  const date = chosenDate ?? today;
  // the hour asked is in the ballot: asking it again would be the same entry, the notice says what comes
  const inBallot = ballot !== null && ballot.date === date && ballot.timeSlot === slot;
  // the venue's window (DESIGN.md section 15), as the server decides it: a date opens windowDays
  // before it, at the release time; before that no hour is offered, and the notice says when
  const venueRules = useVenue(court.data?.venueId).data?.rules;
  // a member books at 'Precio socio' and, when the plan has one, with its own window (DESIGN.md section 16), as the server does
  const member = useMemberPrices(court.data?.venueId, true).data;
  const plans = useMembershipPlans(court.data?.venueId).data;
  const rules = venueRules && member?.member && member.windowDays !== null ? { ...venueRules, windowDays: member.windowDays } : venueRules;
  // the day from the club's `today` (as slots do), the release minute of the farthest day from the clock
  const opensAt = rules && date && config ? opensAtOf(date, rules, config.timeZone) : null;
  const farthest = rules && today ? addDays(today, rules.windowDays) : null;
  const notOpenYet =
    opensAt !== null && !!date && farthest !== null && (date > farthest || (date === farthest && rules?.releaseTime != null && opensAt.getTime() > Date.now()));
  const beyondHorizon = !rules && !!date && !!today && date > lastBookableDate(today);
  // a link's ?date= before today: every hour is gone, not taken
  const pastDay = !!date && !!today && date < today;
  const day = useCourtDay(courtId, date);
  // asked only when some hour of the day is taken: which of them are the player's own
  const ownSlots = useOwnSlots(courtId, date ?? "", (day.data?.bookedSlots.length ?? 0) > 0);
  const slots = useMemo(
    () =>
      date && config
        ? slotStates({
            date,
            bookedSlots: day.data?.bookedSlots ?? [],
            blockedSlots: day.data?.blockedSlots ?? [],
            ownSlots,
            now: new Date(),
            timeZone: config.timeZone,
          })
        : [],
    [date, config, day.data, ownSlots],
  );
  // every hour of the shown day is taken or gone: say so, and offer the next day with a free hour
  const dayFull = day.data !== undefined && slots.length > 0 && slots.every((s) => s.disabled);
  const searchesNextFree = dayFull && !!date && !!config && !!today;
  const nextFree = useNextFreeDate(courtId, date ?? "", today ?? "", config?.timeZone ?? "", searchesNextFree, rules?.windowDays);

  if (isPending(court) || (!config && !configError)) return <Spinner label="Cargando cancha..." />;
  if (court.error || !court.data || !config || !today || !date) {
    return (
      <Page narrow>
        <ErrorNotice>
          {isStatus(court.error, 404) ? "Cancha no encontrada." : "No se pudo cargar la cancha. Intenta de nuevo más tarde."}
        </ErrorNotice>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/">Volver al inicio</Link>
        </Button>
      </Page>
    );
  }

  // a court the club took out of use (maintenance): a bookmarked or shared link offers no hour
  const closed = !isAvailable(court.data);
  const normalPrices = courtPrices(court.data);
  const memberOwn = memberPricesByCourt(member)?.get(courtId);
  const prices = memberOwn ?? normalPrices;
  const band = bandOf(slot ?? "06:00");
  const priceOf = (g: GameType) => priceFor(prices, band, g);
  const total = priceOf(gameType);
  const normalTotal = priceFor(normalPrices, band, gameType);
  const hintDiscount = memberOwn ? null : bestDiscount(plans);
  const slotPrice = (s: string) => priceFor(prices, bandOf(s), gameType);

  const submit = async () => {
    if (!slot) {
      toastError("Selecciona una hora", "Por favor selecciona un horario disponible");
      return;
    }
    setPending(true);
    try {
      const answer = await createBooking({ courtId, date, timeSlot: slot, gameType, userId: user.id });
      if (isBallot(answer)) {
        setBallot(answer);
        return;
      }
      navigate(`/checkout/${answer.id}`);
    } catch (error) {
      toastError("Error al crear reserva", describeError(error, "No se pudo crear la reserva"));
      // someone else took the hour, or the club closed it: useWrite has already read the day's availability
      // again. Other refusals (too many unpaid bookings, a balance due) keep the choice for after.
      if (error instanceof ApiError && (error.code === "SLOT_TAKEN" || error.code === "SLOT_BLOCKED" || error.code === "ALREADY_BOOKED")) setSlot(null);
    } finally {
      setPending(false);
    }
  };

  return (
    <Page className="pb-28 lg:pb-10">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link to={`/venue/${court.data.venueId}`}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver al complejo
        </Link>
      </Button>
      <PageHeader
        title={`Reservar ${court.data.name}`}
        description={`Cancha #${court.data.courtNumber} · Elige fecha, hora y modalidad`}
      />
      {owed && owedAmount > 0 && (
        <div role="alert" className="mb-6 flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <strong>Saldo pendiente {displayMoney(owedAmount)}</strong> de tu reserva del {formatDay(owed.date, "EEEE d 'de' MMMM")} a las{" "}
            {owed.timeSlot}: tu tarjeta no pudo pagar lo que faltaba al cierre del plazo. Paga el saldo para poder hacer nuevas reservas.
          </p>
          <Button asChild size="sm" variant="outline" className="shrink-0">
            <Link to={`/checkout/${owed.id}`}>Completar Pago</Link>
          </Button>
        </div>
      )}
      {ballot && (
        <div ref={ballotRef} className="mb-6">
          <BallotNotice
            entry={ballot}
            timeZone={config.timeZone}
            onOtherHour={() => {
              setBallot(null);
              setSlot(null);
            }}
          />
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Step icon={CalendarDays} title="1. Fecha">
            <BookingDatePicker today={today} selected={date} windowDays={rules?.windowDays} onSelect={chooseDate} />
          </Step>
          <Step icon={Clock} title="2. Hora" note={capitalize(formatDay(date))}>
            {closed ? (
              <DayNotice message="La cancha no está disponible para reservas en este momento.">
                <div>
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/venue/${court.data.venueId}`}>Ver otras canchas</Link>
                  </Button>
                </div>
              </DayNotice>
            ) : pastDay || beyondHorizon || notOpenYet ? (
              // a link's ?date= before today or a day the venue does not open yet: the server would refuse it, so no hour is offered
              <DayNotice
                message={
                  pastDay
                    ? "Ese día ya pasó."
                    : opensAt && notOpenYet && rules
                      ? `${opensMessage(localDateOf(opensAt, config.timeZone), rules.releaseTime ?? "00:00")}.`
                      : `Solo se puede reservar con hasta ${BOOKING_HORIZON_DAYS} días de anticipación.`
                }
              >
                <div>
                  <Button size="sm" variant="outline" onClick={() => chooseDate(today)}>
                    Ver hoy
                  </Button>
                </div>
              </DayNotice>
            ) : isPending(day) ? (
              <Spinner label="Consultando disponibilidad..." />
            ) : day.error ? (
              <ErrorNotice>No se pudo consultar la disponibilidad de este día.</ErrorNotice>
            ) : (
              <>
                {dayFull && (
                  <DayNotice message="No quedan horarios libres este día." className="mb-5">
                    {searchesNextFree && isPending(nextFree) ? (
                      <p>Buscando el próximo día con horarios libres...</p>
                    ) : nextFree.data ? (
                      <div className="flex flex-wrap items-center gap-3">
                        <p>
                          Próximo día con horarios libres: <strong>{capitalize(formatDay(nextFree.data, "EEEE d 'de' MMMM"))}</strong>
                        </p>
                        <Button size="sm" variant="outline" onClick={() => chooseDate(nextFree.data!)}>
                          Ver ese día
                        </Button>
                      </div>
                    ) : (
                      <p>No hay horarios libres en los próximos 30 días. Prueba otra cancha.</p>
                    )}
                  </DayNotice>
                )}
                <SlotPicker slots={slots} selected={slot} onSelect={setSlot} priceOf={slotPrice} />
                {/* an hour the club closed is not freed by a cancellation: nobody waits for it */}
                <WaitlistPanel courtId={courtId} date={date} takenSlots={slots.filter((s) => s.booked && !s.blockedReason && !s.mine && !s.past).map((s) => s.slot)} />
              </>
            )}
          </Step>
          <Step
            icon={Users}
            title="3. Modalidad"
            note={`${memberOwn ? "Precio socio" : "Precio"} por hora con tarifa ${band === "night" ? "nocturna (incluye iluminación)" : "diurna"}.`}
          >
            <GameTypePicker value={gameType} onChange={setGameType} priceOf={priceOf} />
          </Step>
        </div>

        <aside aria-labelledby="resumen" className="lg:sticky lg:top-24 lg:self-start">
          <Card className="overflow-hidden">
            <div className="bg-gradient-to-br from-court-700 to-court-900 p-5 text-white">
              <h2 id="resumen" className="text-lg font-bold">
                Resumen de la reserva
              </h2>
              <p className="text-sm text-court-100">
                {court.data.name} · #{court.data.courtNumber}
              </p>
            </div>
            <CardContent className="pt-4 sm:pt-4">
              <dl className="divide-y divide-stone-100 text-sm">
                <Row label="Fecha" value={capitalize(formatDay(date, "EEE d 'de' MMM yyyy"))} />
                <Row label="Hora" value={slot ?? "—"} />
                <Row
                  label="Tarifa"
                  value={
                    <span className="inline-flex items-center gap-1">
                      {band === "night" ? (
                        <Moon aria-hidden="true" className="h-3.5 w-3.5 text-indigo-600" />
                      ) : (
                        <Sun aria-hidden="true" className="h-3.5 w-3.5 text-amber-500" />
                      )}
                      {band === "night" ? "Nocturna" : "Diurna"}
                    </span>
                  }
                />
                <Row label="Modalidad" value={GAME_TYPE_LABEL[gameType]} />
                <Row
                  label="Total"
                  value={memberOwn ? <MemberPrice normal={normalTotal} price={total} testId="booking-total" /> : <span data-testid="booking-total">{displayMoney(total)}</span>}
                  strong
                />
              </dl>
              {memberOwn && member?.discountPercent != null && (
                <p data-testid="member-note" className="mt-1 text-right text-xs font-medium text-court-800">
                  Precio socio: {percentWords(member.discountPercent)} de descuento ya aplicado.
                </p>
              )}
              {hintDiscount !== null && (
                <MemberHint
                  price={normalTotal}
                  discountPercent={hintDiscount}
                  several={(plans ?? []).filter((p) => p.active && p.discountPercent > 0).length > 1}
                  href={`/venue/${court.data.venueId}#socios`}
                  className="mt-1 text-right"
                />
              )}
              {/* a booking made after its split deadline is paid in full (DESIGN.md section 8): said on a phone too */}
              {owedAmount > 0 ? (
                // the button is disabled until the balance is paid: the summary says why, not how this booking could be paid
                <p data-testid="owed-note" className="mt-3 text-center text-xs font-semibold text-amber-900">
                  Paga el saldo pendiente de {displayMoney(owedAmount)} para poder continuar.
                </p>
              ) : slot && !canSplitNow(date, slot, new Date(), config.timeZone, config.holds.shareDeadlineHours) ? (
                <p data-testid="split-note" className="mt-3 text-center text-xs font-semibold text-amber-900">
                  Solo podrás pagar el total: el pago por partes cierra {hoursWords(config.holds.shareDeadlineHours)} antes del partido.
                </p>
              ) : (
                <p data-testid="split-note" className="mt-3 hidden text-center text-xs text-stone-500 lg:block">
                  Podrás pagar el total o solo tu parte.
                </p>
              )}
              {/* One button: a bar fixed above the phone's bottom navigation, in the summary on a wide screen. */}
              <div
                data-testid="booking-bar"
                className="fixed inset-x-0 bottom-16 z-30 flex items-center gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur md:bottom-0 lg:static lg:mt-5 lg:block lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none"
              >
                <p className="min-w-0 flex-1 lg:hidden">
                  <span className="block text-lg font-extrabold leading-tight text-stone-900">
                    {memberOwn ? <MemberPrice normal={normalTotal} price={total} start /> : displayMoney(total)}
                  </span>
                  {/* the hour first, and room to wrap: on a 390 px phone beside the button it is never cut */}
                  <span className="block text-xs leading-snug text-stone-600">
                    {memberOwn && <span className="font-semibold text-court-800">Precio socio · </span>}
                    {slot ? `${slot} · ${capitalize(formatDay(date, "EEE d MMM"))} · ${gameType === "singles" ? "Singles" : "Dobles"}` : "Elige una hora"}
                  </span>
                </p>
                <Button
                  className="shrink-0 lg:w-full"
                  size="lg"
                  onClick={() => void submit()}
                  disabled={pending || dayFull || closed || pastDay || notOpenYet || owedAmount > 0 || inBallot}
                  aria-busy={pending}
                >
                  {pending ? "Procesando..." : "Continuar al Pago →"}
                </Button>
              </div>
              {config?.holds && owedAmount === 0 && (
                <p className="mt-2 hidden items-center justify-center gap-1.5 text-center text-xs text-amber-900 lg:flex">
                  <Timer aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                  Al continuar, tu reserva se mantiene {config.holds.holdMinutes} minutos mientras pagas.
                </p>
              )}
            </CardContent>
          </Card>
        </aside>
      </div>
    </Page>
  );
}

export default function BookingScreen() {
  const { courtId } = useParams();
  return (
    // a guest is not at fault for following a link here: told calmly, not as an error
    <RequireUser guestToast={{ title: "Inicia sesión", description: "Debes iniciar sesión para hacer una reserva" }}>
      {(user) => <BookingForm user={user} courtId={courtId ?? ""} />}
    </RequireUser>
  );
}
