import { useMemo, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { format, parseISO } from "date-fns";
import { ArrowLeft, CalendarDays, Clock, Moon, Sun, Users } from "lucide-react";
import { bandOf, displayMoney, GAME_TYPE_LABEL, priceFor, type GameType } from "@courts/core";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader, Row } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { toastError } from "../../components/ui/toast";
import { RequireUser } from "../../features/auth/components/require-user";
import { createBooking } from "../../features/bookings/api/bookings";
import { BookingDatePicker } from "../../features/bookings/components/booking-date-picker";
import { GameTypePicker } from "../../features/bookings/components/game-type-picker";
import { SlotPicker } from "../../features/bookings/components/slot-picker";
import { slotStates } from "../../features/bookings/slot-rules";
import { useConfig } from "../../features/config/api/config";
import { WaitlistPanel } from "../../features/notifications/components/waitlist-panel";
import { courtPrices, refreshCourtDay, useCourt, useCourtDay } from "../../features/venues/api/courts";
import { describeError, isStatus } from "../../lib/api-client";
import { capitalize, formatDay } from "../../lib/format";
import { useTitle } from "../../lib/use-title";
import type { User } from "../../types/api";

function BookingForm({ user, courtId }: { user: User; courtId: string }) {
  const navigate = useNavigate();
  const { data: config, error: configError } = useConfig();
  const court = useCourt(courtId);
  // the link of a 'Se liberó el horario' mail opens this screen on that date and slot
  const [search] = useSearchParams();
  const [chosenDate, setChosenDate] = useState<string | null>(() => (/^\d{4}-\d{2}-\d{2}$/.test(search.get("date") ?? "") ? search.get("date") : null));
  const [slot, setSlot] = useState<string | null>(() => (/^\d{2}:00$/.test(search.get("slot") ?? "") ? search.get("slot") : null));
  const [gameType, setGameType] = useState<GameType>("singles");
  const [pending, setPending] = useState(false);
  useTitle(court.data ? `Reservar ${court.data.name}` : "Reservar");

  const today = config?.today;
  const date = chosenDate ?? today;
  const day = useCourtDay(courtId, date);
  const slots = useMemo(
    () =>
      date && config
        ? slotStates({ date, bookedSlots: day.data?.bookedSlots ?? [], now: new Date(), timeZone: config.timeZone })
        : [],
    [date, config, day.data],
  );

  if (court.isLoading || (!config && !configError)) return <Spinner label="Cargando cancha..." />;
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

  const prices = courtPrices(court.data);
  const band = bandOf(slot ?? "06:00");
  const priceOf = (g: GameType) => priceFor(prices, band, g);
  const total = priceOf(gameType);

  const submit = async () => {
    if (!slot) {
      toastError("Selecciona una hora", "Por favor selecciona un horario disponible");
      return;
    }
    setPending(true);
    try {
      const booking = await createBooking({ courtId, date, timeSlot: slot, gameType, userId: user.id });
      navigate(`/checkout/${booking.id}`);
    } catch (error) {
      toastError("Error al crear reserva", describeError(error, "No se pudo crear la reserva"));
      if (isStatus(error, 409)) {
        setSlot(null);
        await refreshCourtDay(courtId);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link to={`/venue/${court.data.venueId}`}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver al complejo
        </Link>
      </Button>
      <PageHeader
        title={`Reservar ${court.data.name}`}
        description={`Cancha #${court.data.courtNumber} · Elige fecha, hora y modalidad`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="h-5 w-5 text-court-700" /> 1. Fecha
              </CardTitle>
            </CardHeader>
            <CardContent>
              <BookingDatePicker
                today={parseISO(today)}
                selected={parseISO(date)}
                onSelect={(d) => {
                  setChosenDate(format(d, "yyyy-MM-dd"));
                  setSlot(null);
                }}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock aria-hidden="true" className="h-5 w-5 text-court-700" /> 2. Hora
              </CardTitle>
              <p className="text-sm text-stone-600">{capitalize(formatDay(date))}</p>
            </CardHeader>
            <CardContent>
              {day.isLoading ? (
                <Spinner label="Consultando disponibilidad..." />
              ) : day.error ? (
                <ErrorNotice>No se pudo consultar la disponibilidad de este día.</ErrorNotice>
              ) : (
                <>
                  <SlotPicker slots={slots} selected={slot} onSelect={setSlot} />
                  <WaitlistPanel courtId={courtId} date={date} takenSlots={slots.filter((s) => s.booked && !s.past).map((s) => s.slot)} />
                </>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Users aria-hidden="true" className="h-5 w-5 text-court-700" /> 3. Modalidad
              </CardTitle>
              <p className="text-sm text-stone-600">
                Precio por hora con tarifa {band === "night" ? "nocturna (incluye iluminación)" : "diurna"}.
              </p>
            </CardHeader>
            <CardContent>
              <GameTypePicker value={gameType} onChange={setGameType} priceOf={priceOf} />
            </CardContent>
          </Card>
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
                <Row label="Total" value={<span data-testid="booking-total">{displayMoney(total)}</span>} strong />
              </dl>
              <Button className="mt-5 w-full" size="lg" onClick={() => void submit()} disabled={pending} aria-busy={pending}>
                {pending ? "Procesando..." : "Continuar al Pago →"}
              </Button>
              <p className="mt-3 text-center text-xs text-stone-500">Podrás pagar el total o solo tu parte.</p>
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
    <RequireUser guestToast={{ title: "Inicia sesión", description: "Debes iniciar sesión para hacer una reserva", variant: "destructive" }}>
      {(user) => <BookingForm user={user} courtId={courtId ?? ""} />}
    </RequireUser>
  );
}
