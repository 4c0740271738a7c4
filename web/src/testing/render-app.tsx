import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { SWRConfig } from "swr";
import { vi } from "vitest";
import { swrConfig } from "../lib/swr";
import type { Court } from "../types/api";

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** A court as GET /api/courts/{id} answers it, at the default prices (SPEC.md). */
export const courtAnswer = (fields: Partial<Court> = {}): Court => ({
  id: "c1",
  venueId: "v1",
  name: "Cancha Central",
  courtNumber: 3,
  status: "available",
  imageUrl: null,
  imageData: null,
  daySinglesPrice: "14.50",
  dayDoublesPrice: "29.00",
  nightSinglesPrice: "16.50",
  nightDoublesPrice: "33.00",
  ...fields,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Stubs fetch with "METHOD /path" handlers (the query string is part of the path); anything
 * unexpected answers 404 so a test sees the screen's not-found path, not a crash.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${String(input)}`;
    // the session check asks with ?optional=1; a test's handler may name the bare path
    const handler = handlers[key] ?? handlers[key.replace("?optional=1", "")];
    return handler ? handler(init) : json({ message: "No encontrado", code: "NOT_FOUND" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** GET /api/config as the server answers it, on the club's `today`. */
export const configAnswer = (today: string) =>
  json({
    timeZone: "America/Guayaquil",
    currency: "usd",
    today,
    payments: { provider: "simulated", publishableKey: null },
    holds: { holdMinutes: 15, shareDeadlineHours: 2 },
  });

export const GUEST: Record<string, Handler> = {
  "GET /api/auth/me": () => new Response(null, { status: 204 }),
  "GET /api/admin/check": () => json({ isAdmin: false }),
  "GET /api/config": () => configAnswer("2030-01-10"),
};

/**
 * Renders with a fresh SWR cache per test and an in-memory router. `cached` puts answers in the
 * cache before the first render, by key, the way preloadScreen does in the browser. `strict`
 * renders the whole tree in StrictMode from its root (boot.tsx's): a StrictMode nested below the
 * root runs a first mount's effects once.
 */
export function renderWithProviders(ui: ReactNode, path = "/", cached: Readonly<Record<string, unknown>> = {}, { strict = false } = {}) {
  const cache = new Map<string, unknown>(Object.entries(cached).map(([key, data]) => [key, { data }]));
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache as never }}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SWRConfig>,
    { reactStrictMode: strict },
  );
}
