import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { api, type CourtInfo, type VenueInfo } from "./app.js";
import { launchBrowser, openContext, type Watched } from "./browser.js";
import { ROOT, startServer, type E2EServer } from "./server.js";
import { sharedWebDist } from "./shared-web.js";

export const ARTIFACTS = path.join(ROOT, "artifacts");
export const SCREENSHOTS = path.join(ARTIFACTS, "screenshots");

export interface World {
  readonly server: E2EServer;
  readonly browser: Browser;
  /** the web build its server serves (WEB_DIST) */
  readonly webDist: string;
  /** the club's today (COURTS_TIMEZONE), from GET /api/config */
  readonly today: string;
  readonly venues: readonly VenueInfo[];
  readonly courts: readonly CourtInfo[];
}

export interface E2E {
  world(): World;
  venue(name: string): VenueInfo;
  court(name: string): CourtInfo;
  /**
   * Runs one journey in its own browser context. On failure a screenshot of every open page is
   * kept in artifacts/e2e-failures; at the end no page error and no 5xx answer may have happened.
   */
  journey(
    options: Parameters<typeof openContext>[2],
    run: (page: Page, watched: Watched) => Promise<void>,
  ): Promise<void>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);

/** One server and one browser for the whole file; a context per journey. */
export const useE2E = (): E2E => {
  let world: World | undefined;

  beforeAll(async () => {
    const started = Date.now();
    const webDist = sharedWebDist();
    const [server, browser] = await Promise.all([startServer({ name: "main", webDist }), launchBrowser()]);
    const probe = await browser.newContext({ baseURL: server.baseUrl });
    const config = await api<{ today: string }>(probe.request, "GET", "/api/config");
    const venues = await api<VenueInfo[]>(probe.request, "GET", "/api/venues");
    const courts = await api<CourtInfo[]>(probe.request, "GET", "/api/courts");
    await probe.close();
    world = { server, browser, webDist, today: config.today, venues, courts };
    process.stderr.write(`[e2e] server ${server.baseUrl} and Chromium ${browser.version()} ready in ${Date.now() - started} ms\n`);
  });

  afterAll(async () => {
    if (!world) return;
    await world.browser.close();
    await world.server.stop();
  });

  const get = (): World => {
    if (!world) throw new Error("the e2e server did not start (see beforeAll)");
    return world;
  };

  return {
    world: get,
    venue(name) {
      const venue = get().venues.find((v) => v.name === name);
      if (!venue) throw new Error(`demo venue '${name}' missing: ${get().venues.map((v) => v.name).join(", ")}`);
      return venue;
    },
    court(name) {
      const court = get().courts.find((c) => c.name === name);
      if (!court) throw new Error(`demo court '${name}' missing`);
      return court;
    },
    async journey(options, run) {
      const { browser, server } = get();
      const watched = await openContext(browser, server.baseUrl, options);
      try {
        const page = await watched.newPage();
        await run(page, watched);
        expect(watched.problems, "page errors or 5xx answers during the journey").toEqual([]);
      } catch (error) {
        const dir = path.join(ARTIFACTS, "e2e-failures");
        mkdirSync(dir, { recursive: true });
        const name = slug(expect.getState().currentTestName ?? "journey");
        await Promise.all(
          watched.context.pages().map((p, i) => p.screenshot({ path: path.join(dir, `${name}-${i}.png`), fullPage: true }).catch(() => undefined)),
        );
        const problems = watched.problems.length
          ? `\nproblems seen: ${watched.problems.join("\n")}\nserver output (tail):\n${server.output().slice(-3000)}`
          : "";
        if (error instanceof Error) error.message += `${problems}\n(screenshots in artifacts/e2e-failures/${name}-*.png)`;
        throw error;
      } finally {
        await watched.close();
      }
    },
  };
};
