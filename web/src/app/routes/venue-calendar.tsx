import { useMemo, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { format } from "date-fns";
import { ArrowLeft, Ban, CalendarX, ChevronLeft, ChevronRight, Clock } from "lucide-react";
import { GAME_TYPE_LABEL } from "@courts/core";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { useConfig } from "../../features/config/api/get-config";
import { blockDaysIn, blockLabel } from "../../features/club/block-days";
import { useVenueBlocks } from "../../features/club/api/get-venue-blocks";
import { useVenueCourts } from "../../features/venues/api/get-venue-courts";
import { useVenueCalendar } from "../../features/venues/api/get-venue-calendar";
import { useVenue } from "../../features/venues/api/get-venue";
import { MonthCalendar } from "../../features/venues/components/month-calendar";
import { VenueNotFound } from "../../features/venues/components/venue-not-found";
import { isStatus } from "../../lib/api-client";
import { capitalize, es, formatDay } from "../../lib/format";
import { isPending } from "../../lib/swr";
import { useTitle } from "../../lib/use-title";

const browserToday = () => format(new Date(), "yyyy-MM-dd");

export default function VenueCalendarScreen() {
  const { venueId } = useParams();
  const venue = useVenue(venueId);
  const { data: config } = useConfig();
  const today = config?.today ?? browserToday();
  const [shown, setShown] = useState<{ year: number; month: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  useTitle(`Calendario${venue.data ? ` · ${venue.data.name}` : ""}`);

  const year = shown?.year ?? Number(today.slice(0, 4));
  const month = shown?.month ?? Number(today.slice(5, 7));
  // read once the venue is known: an unknown id is asked for once, not four times (from the venue
  // screen it is already cached, so nothing waits)
  const knownVenueId = venue.data ? venueId : undefined;
  const bookings = useVenueCalendar(knownVenueId, year, month);
  const blocks = useVenueBlocks(knownVenueId, year, month);
  const courts = useVenueCourts(knownVenueId);
  // the club's closures of the month, each with the days of the month it closes
  const closures = useMemo(
    () =>
      (blocks.data ?? [])
        .map((block) => ({ block, days: blockDaysIn(block, year, month) }))
        .filter(({ days }) => days.length > 0 && (!selected || days.includes(selected))),
    [blocks.data, year, month, selected],
  );

  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const b of bookings.data ?? []) {
      const day = (b.date || b.bookingDate).slice(0, 10);
      map.set(day, (map.get(day) ?? 0) + 1);
    }
    return map;
  }, [bookings.data]);

  const list = useMemo(
    () =>
      (bookings.data ?? [])
        .filter((b) => !selected || (b.date || b.bookingDate).slice(0, 10) === selected)
        .sort((a, b) => `${a.date}${a.timeSlot}`.localeCompare(`${b.date}${b.timeSlot}`)),
    [bookings.data, selected],
  );

  // Changing month clears the day filter (SPEC.md section 2).
  const goTo = (y: number, m: number) => {
    setSelected(null);
    setShown({ year: y, month: m });
  };
  const step = (delta: number) => {
    const d = new Date(year, month - 1 + delta, 1);
    goTo(d.getFullYear(), d.getMonth() + 1);
  };
  const monthTitle = capitalize(format(new Date(year, month - 1, 1), "MMMM yyyy", { locale: es }));
  // a venue that does not exist has no calendar: the venue's own not-found, not a failed fetch
  if (isStatus(venue.error, 404, 400)) return <VenueNotFound />;
  if (venue.error)
    return (
      <Page narrow>
        <ErrorNotice>No se pudo cargar el complejo. Intenta de nuevo más tarde.</ErrorNotice>
      </Page>
    );

  return (
    <Page>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-4">
        <Link to={`/venue/${venueId ?? ""}`}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver al complejo
        </Link>
      </Button>
      <PageHeader
        title="Calendario de Reservas"
        description={venue.data ? venue.data.name : undefined}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-3 sm:p-5">
          <div className="mb-3 flex items-center justify-between gap-2">
            <Button variant="outline" size="icon" aria-label="Mes anterior" onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            </Button>
            <h2 aria-live="polite" className="text-lg font-bold text-stone-900 sm:text-xl">
              {monthTitle}
            </h2>
            <Button variant="outline" size="icon" aria-label="Mes siguiente" onClick={() => step(1)}>
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            </Button>
          </div>
          <div className="mb-2 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => goTo(Number(today.slice(0, 4)), Number(today.slice(5, 7)))}
            >
              Ir a Hoy
            </Button>
          </div>
          {bookings.error ? (
            <ErrorNotice>No se pudieron cargar las reservas ({bookings.error.message}).</ErrorNotice>
          ) : (
            <MonthCalendar
              year={year}
              month={month}
              counts={counts}
              selected={selected}
              today={today}
              onSelect={(day) => setSelected((current) => (current === day ? null : day))}
            />
          )}
        </Card>

        <section aria-labelledby="lista-reservas">
          {closures.length > 0 && (
            <div className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-3" data-testid="calendar-closures">
              <h2 className="mb-2 flex items-center gap-2 text-sm font-bold text-amber-900">
                <Ban aria-hidden="true" className="h-4 w-4" /> Cierres del club
              </h2>
              <ul className="space-y-1 text-sm text-amber-950">
                {closures.map(({ block }) => (
                  <li key={block.id}>{blockLabel(block, courts.data ?? [])}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id="lista-reservas" className="text-lg font-bold text-stone-900">
              {selected ? capitalize(formatDay(selected, "EEEE d 'de' MMMM")) : `Reservas de ${monthTitle}`}
            </h2>
            {selected && (
              <Button variant="outline" size="sm" onClick={() => setSelected(null)}>
                Ver todas
              </Button>
            )}
          </div>
          {/* the reads wait for the venue; without a venue id they have no key and never answer: that is no loading */}
          {venueId !== undefined && (isPending(venue) || isPending(bookings)) ? (
            <Spinner label="Cargando reservas..." />
          ) : list.length === 0 ? (
            <EmptyState
              icon={<CalendarX aria-hidden="true" className="h-6 w-6" />}
              title={selected ? "No hay reservas para este día" : "No hay reservas para este mes"}
            />
          ) : (
            <ul className="space-y-2">
              {list.map((b) => (
                <li key={b.id}>
                  <Card className="flex items-center gap-3 p-3">
                    <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-clay-600 text-lg font-black text-white">
                      {b.court?.courtNumber ?? "?"}
                    </div>
                    <div className="min-w-0 flex-1">
                      <p className="break-words font-semibold text-stone-900">
                        {b.court?.name || `Cancha ${b.court?.courtNumber ?? ""}`}
                      </p>
                      <p className="text-sm text-stone-600">{capitalize(formatDay(b.date || b.bookingDate, "EEEE d 'de' MMMM"))}</p>
                    </div>
                    <div className="flex flex-col items-end gap-1">
                      <span className="inline-flex items-center gap-1 text-sm font-semibold text-stone-900">
                        <Clock aria-hidden="true" className="h-3.5 w-3.5 text-stone-500" /> {b.timeSlot}
                      </span>
                      <Badge tone={b.gameType === "doubles" ? "clay" : "green"}>
                        {GAME_TYPE_LABEL[b.gameType] ?? b.gameType}
                      </Badge>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Page>
  );
}
