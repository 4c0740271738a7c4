import { useMemo } from "react";
import { Link } from "react-router-dom";
import {
  CalendarClock,
  Coffee,
  Lightbulb,
  CircleParking,
  ShieldCheck,
  ShowerHead,
  Trophy,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { Button } from "../../components/ui/button";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { useAdminCheck } from "../../features/auth/api/get-admin-check";
import { useMe } from "../../features/auth/api/get-me";
import { useCourts } from "../../features/venues/api/get-courts";
import { lowestPrice, offeredPrices } from "../../features/venues/prices";
import { useVenues } from "../../features/venues/api/get-venues";
import { VenueCard } from "../../features/venues/components/venue-card";
import { isPending } from "../../lib/swr";
import { useTitle } from "../../lib/use-title";
import type { Court } from "../../types/api";

const promises: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: CalendarClock, title: "Reserva 24/7", text: "Reserva tu cancha a cualquier hora, desde cualquier lugar." },
  { icon: ShieldCheck, title: "Pagos Seguros", text: "Paga con tarjeta de forma segura y recibe tu factura en PDF." },
  { icon: Users, title: "Pago Grupal", text: "Divide el costo: comparte un link y cada jugador paga su parte." },
  { icon: Zap, title: "Reserva Rápida", text: "Elige fecha, hora y modalidad en menos de un minuto." },
];

const facilities: Array<{ icon: LucideIcon; title: string; text: string; tone: string }> = [
  { icon: Trophy, title: "Canchas profesionales", text: "Superficies de arcilla y cemento mantenidas a diario.", tone: "from-clay-600 to-clay-800" },
  { icon: Lightbulb, title: "Iluminación nocturna", text: "Turnos de 18:00 a 21:00 con iluminación LED.", tone: "from-indigo-700 to-court-900" },
  { icon: ShowerHead, title: "Vestuarios y duchas", text: "Espacios limpios y cómodos antes y después del partido.", tone: "from-court-700 to-court-900" },
  { icon: Coffee, title: "Cafetería y terraza", text: "Hidrátate y descansa con vista a las canchas.", tone: "from-amber-700 to-clay-800" },
  { icon: CircleParking, title: "Estacionamiento", text: "Parqueo gratuito para todos los jugadores.", tone: "from-stone-600 to-stone-800" },
  { icon: Users, title: "Comunidad", text: "Torneos, clases y compañeros de juego de tu nivel.", tone: "from-court-800 to-court-950" },
];

function CourtLines() {
  return (
    <svg aria-hidden="true" viewBox="0 0 600 300" className="absolute -right-24 top-1/2 hidden w-[44rem] -translate-y-1/2 rotate-[-12deg] opacity-25 lg:block">
      <g fill="none" stroke="white" strokeWidth="4">
        <rect x="10" y="10" width="580" height="280" />
        <path d="M10 45h580M10 255h580M150 45v210M450 45v210M150 150h300M300 0v300" />
      </g>
    </svg>
  );
}

function Hero() {
  const { user, isLoading } = useMe();
  const { isAdmin, isChecking } = useAdminCheck();
  const loading = isLoading || isChecking;
  const guest = !user && !isAdmin;
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-court-700 via-court-800 to-court-950 text-white">
      <CourtLines />
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-ball-300 ring-1 ring-white/20">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-ball-400" />
          Reserva en línea las 24 horas
        </p>
        <h1 className="mt-5 max-w-2xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
          Reserva tu cancha de tenis <span className="text-ball-400">en segundos</span>
        </h1>
        <p className="mt-5 max-w-xl text-lg text-court-100">
          Encuentra complejos cerca de ti, elige tu horario, paga en línea y divide el costo con tus compañeros de juego.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          {loading ? (
            <div aria-hidden="true" className="h-12" />
          ) : guest ? (
            <>
              <Button asChild variant="clay" size="lg">
                <Link to="/register">Comenzar Ahora</Link>
              </Button>
              <Button asChild variant="light" size="lg">
                <Link to="/login">Iniciar Sesión</Link>
              </Button>
            </>
          ) : (
            <Button asChild variant="clay" size="lg">
              <a href="#complejos">Ver complejos</a>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

function Promises() {
  return (
    <section aria-labelledby="promesas" className="mx-auto -mt-10 max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id="promesas" className="sr-only">
        Por qué reservar con nosotros
      </h2>
      <ul className="relative grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-md">
            <div className="mb-3 inline-flex rounded-xl bg-court-50 p-2.5 text-court-700">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </div>
            <h3 className="font-bold text-stone-900">{title}</h3>
            <p className="mt-1 text-sm text-stone-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeaturedVenues() {
  const read = useVenues();
  const { data: venues, error } = read;
  // one answer for every venue's 'Desde $X' (GET /api/courts), not one call per card
  const { data: courts } = useCourts();
  const fromPrice = useMemo(() => {
    if (!courts) return null;
    const byVenue = new Map<string, Court[]>();
    for (const court of courts) {
      const list = byVenue.get(court.venueId) ?? [];
      list.push(court);
      byVenue.set(court.venueId, list);
    }
    return new Map([...byVenue].map(([venueId, list]) => [venueId, lowestPrice(offeredPrices(list))]));
  }, [courts]);
  return (
    <section id="complejos" aria-labelledby="complejos-titulo" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">Complejos</p>
          <h2 id="complejos-titulo" className="text-3xl font-extrabold tracking-tight text-stone-900">
            Complejos Destacados
          </h2>
        </div>
        <p className="max-w-md text-stone-600">Elige un complejo para ver sus canchas, horarios y tarifas.</p>
      </div>
      {isPending(read) ? (
        // cards' own size while loading: the sections below do not jump when the list arrives
        <ul role="status" aria-label="Cargando complejos..." className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i} aria-hidden="true" className="h-full overflow-hidden rounded-3xl border border-stone-200 bg-white">
              <div className="aspect-[16/10] animate-pulse bg-stone-200" />
              <div className="h-48 p-5" />
            </li>
          ))}
        </ul>
      ) : error ? (
        <ErrorNotice>No se pudieron cargar los complejos. Intenta de nuevo más tarde.</ErrorNotice>
      ) : !venues || venues.length === 0 ? (
        <EmptyState icon={<Trophy aria-hidden="true" className="h-6 w-6" />} title="Próximamente más canchas" />
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {venues.map((venue) => (
            <li key={venue.id}>
              <VenueCard venue={venue} fromPrice={fromPrice?.get(venue.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Facilities() {
  return (
    <section aria-labelledby="instalaciones" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">Instalaciones</p>
        <h2 id="instalaciones" className="text-3xl font-extrabold tracking-tight text-stone-900">
          Nuestras Instalaciones
        </h2>
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {facilities.map(({ icon: Icon, title, text, tone }) => (
            <li key={title} className={`relative overflow-hidden rounded-3xl bg-gradient-to-br ${tone} p-6 text-white shadow-sm`}>
              <svg aria-hidden="true" viewBox="0 0 200 100" className="absolute -bottom-6 -right-6 w-48 opacity-20">
                <g fill="none" stroke="white" strokeWidth="3">
                  <rect x="5" y="5" width="190" height="90" />
                  <path d="M5 20h190M5 80h190M55 20v60M145 20v60M55 50h90M100 0v100" />
                </g>
              </svg>
              <Icon aria-hidden="true" className="h-8 w-8 text-ball-300" />
              <h3 className="mt-10 text-xl font-bold">{title}</h3>
              <p className="mt-1 text-sm text-white/85">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function HomeScreen() {
  useTitle();
  return (
    <>
      <Hero />
      <Promises />
      <FeaturedVenues />
      <Facilities />
    </>
  );
}
