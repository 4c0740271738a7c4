import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { bandOf, isAvailable, lastShownDate, memberPrices } from "@courts/core";
import { ArrowLeft, BadgeCheck, CalendarDays, Clock, LandPlot, MapPin, Sparkles } from "lucide-react";
import fallbackImage from "../../assets/court-fallback.svg";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Page } from "../../components/ui/page";
import { SmartImage } from "../../components/ui/smart-image";
import { Spinner } from "../../components/ui/spinner";
import { useMe } from "../../features/auth/api/get-me";
import { withReturn } from "../../features/auth/return-to";
import { useConfig } from "../../features/config/api/get-config";
import { useMemberPrices } from "../../features/memberships/api/get-member-prices";
import { useMembershipPlans } from "../../features/memberships/api/get-membership-plans";
import { MembershipSection, type PayByCard } from "../../features/memberships/components/membership-section";
import { bestDiscount, memberPricesByCourt, percentWords } from "../../features/memberships/member-prices";
import { CardPayment } from "../../features/payments/components/card-payment";
import { useCourtDay } from "../../features/venues/api/get-court-day";
import { useVenueCourts } from "../../features/venues/api/get-venue-courts";
import { offeredPrices } from "../../features/venues/prices";
import { courtToday, courtTodayText } from "../../features/bookings/court-today";
import { useVenue } from "../../features/venues/api/get-venue";
import { CourtCard } from "../../features/venues/components/court-card";
import { TariffTable } from "../../features/venues/components/tariff-table";
import { GridPlaceholder, VenueDay } from "../../features/venues/components/venue-day";
import { VenueNotFound } from "../../features/venues/components/venue-not-found";
import { isStatus } from "../../lib/api-client";
import { imageSrc } from "../../lib/image-src";
import { pageDate } from "../../lib/page-date";
import { isPending } from "../../lib/swr";
import { useTitle } from "../../lib/use-title";
import type { Court, Venue } from "../../types/api";

/**
 * A court card that also reads the court's day (the same answer the booking screen uses). Each
 * court's answer renders its own card, and the screen's count of courts free now; memo keeps the
 * other cards, the picture and the tariffs as they were (on a phone each render of the whole screen
 * was a long task of its own).
 */
const CourtWithToday = memo(function CourtWithToday({
  court,
  today,
  timeZone,
  onFreeNow,
  href,
}: {
  court: Court;
  today: string;
  timeZone: string;
  onFreeNow: (courtId: string, free: boolean) => void;
  href: string;
}) {
  const available = isAvailable(court);
  const day = useCourtDay(available ? court.id : undefined, today);
  const state = day.data ? courtToday({ today, bookedSlots: day.data.bookedSlots, blockedSlots: day.data.blockedSlots, now: new Date(), timeZone }) : undefined;
  const freeNow = state?.freeNow;
  useEffect(() => {
    if (freeNow !== undefined) onFreeNow(court.id, freeNow);
  }, [court.id, freeNow, onFreeNow]);
  return <CourtCard court={court} href={href} today={state && { text: courtTodayText(state), free: state.nextFree !== null }} />;
});

/** The venue's picture, name, address and hours: rendered again only when the venue or its count of courts changes. */
const VenueHero = memo(function VenueHero({ venue: v, courtCount }: { venue: Venue; courtCount: number }) {
  return (
    <section className="relative isolate overflow-hidden bg-court-950 text-white">
      <SmartImage
        src={imageSrc(v)}
        alt=""
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
        priority
        fallback={<img src={fallbackImage} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60" />}
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-t from-court-950 via-court-950/70 to-court-950/20" />
      <div className="mx-auto max-w-7xl px-4 pb-10 pt-8 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-court-100 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Volver
        </Link>
        <div className="mt-20 flex flex-col gap-4 sm:mt-28 lg:flex-row lg:items-end lg:justify-between">
          <div className="max-w-3xl">
            <Badge tone="ball">
              <Sparkles aria-hidden="true" className="h-3.5 w-3.5" /> Complejo Premium
            </Badge>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">{v.name}</h1>
            <p className="mt-3 text-lg text-court-100">{v.description || "Complejo Deportivo de Tenis"}</p>
            <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-court-100">
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="h-4 w-4 text-ball-300" /> {v.location}
              </li>
              <li className="flex items-center gap-1.5">
                <LandPlot aria-hidden="true" className="h-4 w-4 text-ball-300" /> {courtCount}{" "}
                {courtCount === 1 ? "cancha" : "canchas"}
              </li>
              <li className="flex items-center gap-1.5">
                <Clock aria-hidden="true" className="h-4 w-4 text-ball-300" /> Horario: 6:00 - 21:00
              </li>
            </ul>
          </div>
          <Button asChild variant="light" size="lg">
            <Link to={`/venue/${v.id}/calendar`}>
              <CalendarDays aria-hidden="true" className="h-5 w-5" /> Ver Calendario
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
});

export default function VenueScreen() {
  const { venueId } = useParams();
  const venue = useVenue(venueId);
  const courts = useVenueCourts(venueId);
  const { data: config } = useConfig();
  const [freeNow, setFreeNow] = useState<Readonly<Record<string, boolean>>>({});
  const onFreeNow = useCallback((courtId: string, free: boolean) => setFreeNow((known) => (known[courtId] === free ? known : { ...known, [courtId]: free })), []);
  const prices = useMemo(() => offeredPrices(courts.data ?? []), [courts.data]);
  const { user, isLoading: sessionLoading } = useMe();
  // 'Precio socio' (DESIGN.md section 16): a member's own prices from the server; for everyone
  // else, what the venue's best plan would take off
  const plans = useMembershipPlans(venueId);
  const memberAnswer = useMemberPrices(venueId, user !== null);
  const memberByCourt = useMemo(() => memberPricesByCourt(memberAnswer.data), [memberAnswer.data]);
  const memberDiscount = memberAnswer.data?.member ? (memberAnswer.data.discountPercent ?? 0) : null;
  const hintDiscount = bestDiscount(plans.data);
  const memberTariff = useMemo(() => {
    if (memberDiscount !== null) return { prices: prices.map((p) => memberPrices(p, memberDiscount)), mine: true };
    if (hintDiscount !== null) return { prices: prices.map((p) => memberPrices(p, hintDiscount)), mine: false };
    return undefined;
  }, [prices, memberDiscount, hintDiscount]);
  // the grid shows each free hour's singles price of its band: a member's, as the server charges it
  const memberPriceOf = useMemo(
    () =>
      memberByCourt
        ? (courtId: string, timeSlot: string) => {
            const own = memberByCourt.get(courtId);
            return own ? (bandOf(timeSlot) === "night" ? own.nightSingles : own.daySingles) : undefined;
          }
        : undefined,
    [memberByCourt],
  );
  const payments = config?.payments;
  const payByCard = useCallback<PayByCard>(
    (card) => (payments ? <CardPayment payments={payments} returnPath={`/venue/${venueId ?? ""}`} {...card} /> : <Spinner label="Cargando..." className="py-6" />),
    [payments, venueId],
  );
  // a guest goes to login first and comes back to the booking screen on the hour chosen: no
  // detour through a screen that would only send them away (and no red toast on the way)
  const guest = !sessionLoading && !user;
  const bookingHref = useCallback((path: string) => (guest ? withReturn("/login", path) : path), [guest]);
  const hrefOf = useCallback(
    (courtId: string, date: string, timeSlot: string) => bookingHref(`/booking/${courtId}?date=${date}&slot=${timeSlot}`),
    [bookingHref],
  );
  // the day shown is in the address (?date=), so a reload or a shared link opens on it
  const [search, setSearch] = useSearchParams();
  const today = config?.today;
  const asked = pageDate(search);
  const date = today && asked && asked >= today && asked <= lastShownDate(today, venue.data?.rules?.windowDays) ? asked : today;
  const chooseDate = useCallback(
    (d: string) =>
      setSearch(
        (params) => {
          const next = new URLSearchParams(params);
          next.set("date", d);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  useTitle(venue.data?.name ?? "Complejo");

  if (isPending(venue)) return <Spinner label="Cargando complejo..." />;
  if (isStatus(venue.error, 404, 400) || (!venue.data && !venue.error)) return <VenueNotFound />;
  if (venue.error || !venue.data) {
    return (
      <Page narrow>
        <ErrorNotice>No se pudo cargar el complejo. Intenta de nuevo más tarde.</ErrorNotice>
      </Page>
    );
  }

  const v = venue.data;
  const list = courts.data ?? [];
  // 'disponibles ahora': open for booking and nobody playing this hour; shown once every court answered
  const bookable = list.filter((c) => isAvailable(c));
  const nowKnown = bookable.every((c) => freeNow[c.id] !== undefined);
  const availableNow = bookable.filter((c) => freeNow[c.id]).length;
  const courtCount = courts.data ? list.length : (v.courtCount ?? 0);

  return (
    <>
      <VenueHero venue={v} courtCount={courtCount} />

      <Page>
        <section aria-labelledby="disponibilidad" className="mb-14">
          <div className="mb-4">
            <h2 id="disponibilidad" className="text-2xl font-extrabold tracking-tight text-stone-900">
              Disponibilidad
            </h2>
            <p className="text-stone-600">Elige un día y toca una hora libre para reservarla.</p>
            {memberDiscount !== null && (
              <Badge tone="green" className="mt-2 whitespace-normal px-3 py-1 text-sm">
                <BadgeCheck aria-hidden="true" className="h-4 w-4" /> Eres socio: ves tu Precio socio (−{percentWords(memberDiscount)})
              </Badge>
            )}
          </div>
          {today && date ? (
            <VenueDay
              venueId={v.id}
              today={today}
              date={date}
              windowDays={v.rules?.windowDays}
              timeZone={config?.timeZone}
              onChoose={chooseDate}
              hrefOf={hrefOf}
              memberPriceOf={memberPriceOf}
            />
          ) : (
            // the strip's and the day line's room, then the grid's: nothing moves when the day comes
            <div className="space-y-3">
              <div className="h-14" />
              <div className="h-5" />
              <GridPlaceholder />
            </div>
          )}
        </section>

        {/* below the day grid on a phone: laid out and painted (the courts' pictures) once scrolled near */}
        <section aria-labelledby="canchas" className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="canchas" className="text-2xl font-extrabold tracking-tight text-stone-900">
                Canchas
              </h2>
              <p className="text-stone-600">Elige una cancha disponible para reservar.</p>
            </div>
            {courts.data && config && nowKnown && (
              <Badge tone="green" className="px-3 py-1 text-sm">
                {availableNow} {availableNow === 1 ? "disponible" : "disponibles"} ahora
              </Badge>
            )}
          </div>
          {isPending(courts) ? (
            // the grid's own size while loading (the venue says how many courts): the tariffs below do not jump
            <ul role="status" aria-label="Cargando canchas..." className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
              {Array.from({ length: Math.max(1, v.courtCount ?? 4) }, (_, i) => (
                <li key={i} aria-hidden="true" className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
                  <div className="aspect-square animate-pulse bg-stone-200" />
                  <div className="h-[5.25rem]" />
                </li>
              ))}
            </ul>
          ) : courts.error ? (
            <ErrorNotice>No se pudieron cargar las canchas.</ErrorNotice>
          ) : list.length === 0 ? (
            <EmptyState title="Este complejo aún no tiene canchas" />
          ) : (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
              {list.map((court) => (
                <li key={court.id}>
                  {config ? (
                    <CourtWithToday court={court} today={config.today} timeZone={config.timeZone} onFreeNow={onFreeNow} href={bookingHref(`/booking/${court.id}`)} />
                  ) : (
                    <CourtCard court={court} href={bookingHref(`/booking/${court.id}`)} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="tarifas" className="mt-14">
          <h2 id="tarifas" className="mb-4 text-2xl font-extrabold tracking-tight text-stone-900">
            Tarifas
          </h2>
          <TariffTable prices={prices} member={memberTariff} />
        </section>

        <MembershipSection
          venueId={v.id}
          venueName={v.name}
          plans={plans.data}
          signedIn={sessionLoading ? undefined : user !== null}
          loginHref={withReturn("/login", `/venue/${v.id}#socios`)}
          timeZone={config?.timeZone}
          example={prices.length > 0 ? Math.min(...prices.map((p) => p.daySingles)) : null}
          payByCard={payByCard}
        />
      </Page>
    </>
  );
}
