import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, api, bookViaApi, expectToast, fillCard, horizontalOverflow, loginPlayer, payViaApi, registerPlayer, settle, SUCCEEDING_CARD, type Player } from "./support/app.js";
import { chromiumGate, DESKTOP, launchBrowser, openContext, PHONE } from "./support/browser.js";
import { SCREENSHOTS } from "./support/fixture.js";
import { startServer, type E2EServer } from "./support/server.js";
import { sharedWebDist } from "./support/shared-web.js";

/**
 * Open matches in Chromium (DESIGN.md section 17), at phone and desktop sizes: the organiser opens
 * their booking's match from My bookings, a player of that level finds it under 'Partidos' with
 * the level filter, opens it, pays one share with the card form of shares and sees their place.
 */

const gate = chromiumGate();
const SIZES = [
  { name: "phone", viewport: PHONE },
  { name: "desktop", viewport: DESKTOP },
] as const;

const setProfile = (request: Parameters<typeof api>[0], player: Player, fullName: string, level: number) =>
  api(request, "PUT", "/api/user/profile", { email: player.email, username: player.username, fullName, level });

describe.skipIf(gate !== "run")("open matches in a real browser", () => {
  let browser: Browser;
  let server: E2EServer;
  let organiser: Player;
  let bookingId: string;
  let date: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ name: "open-matches", webDist: sharedWebDist(), env: { SEED_DEMO: "true" } }), launchBrowser()]);
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("when the organiser has paid their share, then 'Buscar jugadores' on My bookings opens the match for a level range", async () => {
    const setup = await openContext(browser, server.baseUrl);
    const config = await api<{ today: string }>(setup.context.request, "GET", "/api/config");
    const courts = await api<{ id: string; status: string }[]>(setup.context.request, "GET", "/api/courts");
    const court = courts.find((c) => c.status === "available")!;
    organiser = await registerPlayer(setup.context.request, "organiza");
    await setProfile(setup.context.request, organiser, "Carla Ríos", 4);
    date = addDays(config.today, 3);
    bookingId = (await bookViaApi(setup.context.request, { courtId: court.id, date, timeSlot: "19:00", gameType: "doubles" })).id;
    await payViaApi(setup.context.request, bookingId, "partial");
    await setup.close();

    const watched = await openContext(browser, server.baseUrl, { viewport: DESKTOP });
    await loginPlayer(watched.context.request, organiser);
    const page = await watched.newPage();
    await page.goto("/my-bookings");
    await page.getByRole("button", { name: "Buscar jugadores" }).click();
    const form = page.getByRole("form", { name: "Abrir partido" });
    await form.getByLabel("Nivel mínimo").selectOption("3");
    await form.getByLabel("Nivel máximo").selectOption("4.5");
    await form.getByLabel("Nota (opcional)").fill("Partido amistoso, nivel intermedio");
    await form.getByRole("button", { name: "Abrir partido" }).click();
    await expectToast(page, "Partido abierto");
    const panel = page.getByTestId("organiser-match");
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/Partido abierto · Nivel 3\.0 a 4\.5.*Quedan 3 lugares/);
    await settle(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, "open-match-organiser-desktop.png"), fullPage: true });
    expect(watched.problems).toEqual([]);
    await watched.close();
  }, 120_000);

  for (const size of SIZES)
    it(`when a player of that level looks under Partidos on a ${size.name}, then they find the match, see who plays and join by paying one share`, async () => {
      const watched = await openContext(browser, server.baseUrl, { viewport: size.viewport });
      const player = await registerPlayer(watched.context.request, `juega_${size.name}`);
      await setProfile(watched.context.request, player, size.name === "phone" ? "Ana Torres" : "Luis Vega", 3.5);
      const page = await watched.newPage();
      await page.goto("/");
      // the navigation leads there: the bottom bar on a phone, the top bar on a desktop
      const nav = size.name === "phone" ? page.getByRole("navigation", { name: "Navegación principal" }) : page.locator("header");
      await nav.getByRole("link", { name: "Partidos" }).click();
      await page.waitForURL(/\/partidos/);
      await page.getByRole("heading", { name: "Partidos", level: 1 }).waitFor();
      // the player's own level is the list's filter
      expect(await page.getByLabel("Nivel").inputValue()).toBe("3.5");
      await page.getByLabel("Fecha").fill(date);
      const list = page.getByRole("list", { name: "Partidos abiertos" });
      const card = list.getByRole("link").filter({ hasText: "Carla" }).first();
      await card.waitFor();
      expect(await card.textContent()).toMatch(/Nivel 3\.0 a 4\.5/);
      expect(await horizontalOverflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      await settle(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `open-matches-list-${size.name}.png`), fullPage: true });

      await card.click();
      await page.getByRole("heading", { name: "Quién juega" }).waitFor();
      const players = page.getByRole("list", { name: "Jugadores" });
      expect(await players.textContent()).toContain("Carla");
      await fillCard(page, SUCCEEDING_CARD);
      const pay = page.getByRole("button", { name: /^Unirme y pagar \$\d+\.\d{2}$/ });
      expect(await horizontalOverflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      await settle(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `open-match-join-${size.name}.png`), fullPage: true });
      await pay.click();
      await expectToast(page, "¡Te uniste al partido!");
      await page.getByTestId("you-play").waitFor();
      expect(await players.textContent()).toContain(size.name === "phone" ? "Ana" : "Luis");
      await page.getByRole("button", { name: "Dejar el partido" }).waitFor();
      await settle(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `open-match-joined-${size.name}.png`), fullPage: true });
      expect(watched.problems).toEqual([]);
      await watched.close();
    }, 120_000);

  it("the match's server answer counts both new players", async () => {
    const setup = await openContext(browser, server.baseUrl);
    await loginPlayer(setup.context.request, organiser);
    const match = await api<{ spotsLeft: number; players: { firstName: string }[] }>(setup.context.request, "GET", `/api/bookings/${bookingId}/open-match`);
    expect(match.players.map((p) => p.firstName)).toEqual(["Carla", "Ana", "Luis"]);
    expect(match.spotsLeft).toBe(1);
    await setup.close();
  });
});
