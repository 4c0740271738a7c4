import { lazy, useState, type ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router-dom";
import { isAvailable, isLocalDate } from "@courts/core";
import { mutate, preload } from "swr";
import { adminCheckKey } from "../features/auth/api/get-admin-check";
import { fetchMe, meKey } from "../features/auth/api/get-me";
import { useSessionEndingArrival } from "../features/auth/session-ending";
import { balancesDueKey, fetchUserBookings } from "../features/bookings/api/get-user-bookings";
import { configKey, fetchConfig } from "../features/config/api/get-config";
import { courtKey } from "../features/venues/api/get-court";
import { courtDayKey } from "../features/venues/api/get-court-day";
import { courtsKey } from "../features/venues/api/get-courts";
import { venueKey } from "../features/venues/api/get-venue";
import { venueCourtsKey } from "../features/venues/api/get-venue-courts";
import { pageDate } from "../lib/page-date";
import { venuesKey } from "../features/venues/api/get-venues";
import { fetcher } from "../lib/api-client";
import type { AppConfig, Court } from "../types/api";
import { AppLayout } from "./layout/app-layout";

type Module = { default: ComponentType };

/**
 * A screen in its own chunk: "/" downloads only the shell and the home screen. `load` fetches the
 * chunk once; a screen whose chunk has already arrived renders at once (no Suspense fallback), so
 * preloading the first screen before the first render (boot.tsx) means no spinner replaces the
 * server's first paint.
 */
const screen = (load: () => Promise<Module>) => {
  let loaded: ComponentType | undefined;
  let pending: Promise<Module> | undefined;
  const fetchChunk = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a failed download is tried again on the next visit
        throw error;
      },
    ));
  const Lazy = lazy(fetchChunk);
  function Screen() {
    // chosen once per mount: switching component types later would remount the screen
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Screen, { preload: fetchChunk });
};

/**
 * Starts a GET the screen will make, and puts its answer in the SWR cache, so the screen's first
 * render has it (no loading state, then a second render). The screen's hook finds the same
 * request under the same key and does not send it again. Errors are left to the screen's hook.
 */
const read = <T,>(key: string, fetch: (key: string) => Promise<T> = fetcher as (key: string) => Promise<T>): Promise<T | undefined> =>
  preload(key, fetch).then(
    async (data) => {
      await mutate(key, data, { revalidate: false });
      return data;
    },
    () => undefined,
  );


const today = (search: URLSearchParams, config: AppConfig | undefined) => pageDate(search) ?? config?.today;

/**
 * The club's date the server wrote into the page (`<meta name="club-today">`,
 * adapters/src/http/plugins/web.ts), read once: the first screen asks for a court's day with it
 * together with GET /api/config, not after it. The config's date still decides: when the two
 * differ (midnight between them), the screen reads the config's day.
 */
let pageDateRead = false;
const pageToday = (): string | undefined => {
  // a later screen (perhaps after midnight) asks the config
  if (pageDateRead) return undefined;
  pageDateRead = true;
  const meta = document.querySelector('meta[name="club-today"]');
  const content = meta?.getAttribute("content") ?? "";
  meta?.remove();
  return isLocalDate(content) ? content : undefined;
};

const NotFound = screen(() => import("./routes/not-found"));

type Params = Readonly<Record<string, string | undefined>>;

interface ScreenRoute {
  readonly path: string;
  readonly Screen: ReturnType<typeof screen>;
  /** the GET requests the screen makes first (the keys of its hooks), started with its chunk */
  readonly data?: (params: Params, search: URLSearchParams) => ReadonlyArray<Promise<unknown>>;
}

/** Reads each court's day: on the page's date at once, and on the config's date if it differs. */
const daysOf = (config: Promise<AppConfig | undefined>, early: string | undefined, courtIds: Promise<readonly string[]>, dateOf: (config: AppConfig | undefined) => string | undefined) => {
  const readAll = (date: string) => courtIds.then((ids) => Promise.all(ids.map((id) => read(courtDayKey(id, date)))));
  const first = early === undefined ? undefined : readAll(early);
  return config.then((answer) => {
    const date = dateOf(answer);
    if (date === undefined) return [];
    return date === early && first ? first : readAll(date);
  });
};

const venueData = ({ venueId = "" }: Params) => {
  const courts = read<Court[]>(venueCourtsKey(venueId));
  const config = read<AppConfig>(configKey(), fetchConfig);
  // each available court's day (its 'Libre desde' line)
  const available = courts.then((list) => (list ?? []).filter((court) => isAvailable(court)).map((court) => court.id));
  const days = daysOf(config, pageToday(), available, (answer) => answer?.today);
  return [read(venueKey(venueId)), courts, config, days];
};

const bookingData = ({ courtId = "" }: Params, search: URLSearchParams) => {
  const config = read<AppConfig>(configKey(), fetchConfig);
  const onPage = pageToday();
  const day = daysOf(config, today(search, undefined) ?? onPage, Promise.resolve([courtId]), (answer) => today(search, answer));
  // a balance due blocks new bookings: the screen says so in its first render, not after
  return [read(courtKey(courtId)), config, day, read(balancesDueKey(), fetchUserBookings)];
};

/**
 * Every screen's path and chunk. The build (web/vite.config.ts) reads each `path` and the import
 * beside it to list the chunks a path needs (dist/route-preloads.json), which the server names
 * as modulepreload links in that path's HTML: keep each entry's path, then its Screen and import.
 */
export const screens: readonly ScreenRoute[] = [
  { path: "/", Screen: screen(() => import("./routes/home")), data: () => [read(venuesKey()), read(courtsKey())] },
  { path: "/venue/:venueId", Screen: screen(() => import("./routes/venue")), data: venueData },
  { path: "/venue/:venueId/calendar", Screen: screen(() => import("./routes/venue-calendar")) },
  { path: "/booking/:courtId", Screen: screen(() => import("./routes/booking")), data: bookingData },
  { path: "/my-bookings", Screen: screen(() => import("./routes/my-bookings")) },
  { path: "/register", Screen: screen(() => import("./routes/register")) },
  { path: "/login", Screen: screen(() => import("./routes/login")) },
  { path: "/recuperar", Screen: screen(() => import("./routes/forgot-password")) },
  { path: "/restablecer/:token", Screen: screen(() => import("./routes/reset-password")) },
  { path: "/verificar/:token", Screen: screen(() => import("./routes/verify-email")) },
  { path: "/user-dashboard", Screen: screen(() => import("./routes/user-dashboard")) },
  { path: "/settings", Screen: screen(() => import("./routes/settings")) },
  { path: "/checkout/:bookingId", Screen: screen(() => import("./routes/checkout")) },
  { path: "/shared-payment/:shareToken", Screen: screen(() => import("./routes/shared-payment")) },
  { path: "/partidos", Screen: screen(() => import("./routes/matches")) },
  { path: "/partidos/:matchId", Screen: screen(() => import("./routes/match")) },
  { path: "/payment-success", Screen: screen(() => import("./routes/payment-success")) },
  { path: "/admin/login", Screen: screen(() => import("./routes/admin/login")) },
  { path: "/admin", Screen: screen(() => import("./routes/admin/dashboard")) },
  { path: "/admin/courts", Screen: screen(() => import("./routes/admin/courts")) },
  { path: "/admin/payments", Screen: screen(() => import("./routes/admin/payments")) },
  { path: "/admin/discounts", Screen: screen(() => import("./routes/admin/discounts")) },
  { path: "/admin/schedule", Screen: screen(() => import("./routes/admin/schedule")) },
  { path: "/admin/reports", Screen: screen(() => import("./routes/admin/reports")) },
  { path: "/admin/punch-cards", Screen: screen(() => import("./routes/admin/punch-cards")) },
  { path: "/admin/memberships", Screen: screen(() => import("./routes/admin/memberships")) },
];

/** How long the first render waits for the first screen's data (the server's first paint is on screen meanwhile). */
const DATA_WAIT_MS = 3000;

/**
 * Starts the chunk of the screen at `pathname`, the session check and the screen's first reads
 * at once (instead of chunk, then render, then requests), and resolves when the chunk and the
 * reads are there (the reads: at most DATA_WAIT_MS). Never rejects: a chunk that fails to load
 * shows the screen's error boundary when it renders.
 */
export const preloadScreen = async (pathname: string, search = ""): Promise<void> => {
  const route = screens.find((candidate) => matchPath(candidate.path, pathname));
  const params = route ? (matchPath(route.path, pathname)?.params ?? {}) : {};
  const reads = [read(meKey(), fetchMe), read(adminCheckKey()), ...(route?.data?.(params, new URLSearchParams(search)) ?? [])];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DATA_WAIT_MS);
  });
  await Promise.all([
    (route?.Screen ?? NotFound).preload().catch(() => undefined),
    Promise.race([Promise.allSettled(reads), waited]).finally(() => clearTimeout(timer)),
  ]);
};

export function AppRouter() {
  useSessionEndingArrival();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {screens.map(({ path, Screen }) =>
          path === "/" ? <Route key={path} index element={<Screen />} /> : <Route key={path} path={path.slice(1)} element={<Screen />} />,
        )}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
