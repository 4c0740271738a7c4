import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import {
  addDays,
  api,
  bookViaApi,
  cents,
  dollars,
  expectToast,
  fillCard,
  horizontalOverflow,
  loginAdmin,
  payIntentViaApi,
  payViaApi,
  pickDate,
  registerPlayer,
  settle,
  SUCCEEDING_CARD,
  type CourtInfo,
  type VenueInfo,
} from "./support/app.js";
import { chromiumGate, DESKTOP, launchBrowser, openContext, PHONE, type Watched } from "./support/browser.js";
import { SCREENSHOTS } from "./support/fixture.js";
import { FAKETIME_LIB, startServer, type E2EServer } from "./support/server.js";
import { sharedWebDist } from "./support/shared-web.js";
import { waitFor } from "../support/wait-for.js";

/**
 * What a player sees is true, and the phone flow is short: courts free now and their next free
 * hour, tariffs from real prices, money words, the booking bar, full days, login return, the
 * payment confirmation and the shared payer's receipt, toasts, no sideways scrolling, and a
 * guest's console without errors. Phone (390x844) and desktop (1280x800).
 *
 * The club's clock: the server runs in a zone where it is about 10:00 now, so most of today is
 * still ahead, and one hour behind the browser (libfaketime), so it accepts a booking of the hour
 * that, for the browser, is under way: the only way to have a court busy right now. The offset is
 * read from a file (re-read every second), so a test can move the club's clock past a hold's
 * expiry and back.
 */

const gate = chromiumGate();

/** An Etc/GMT zone whose local hour is `hour` now (Etc/GMT-3 is UTC+3). */
const zoneAtHour = (hour: number): string => {
  let offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
};

const localHour = (timeZone: string) => Number(new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone }).format(new Date()));
const slotOf = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
/** Where the day grid's phone and desktop screenshots go, to be looked at. */
const GRID_SHOTS = process.env.GRID_SHOTS ?? "/tmp/shots-grid";
/** The server runs an hour behind the browser (see above). */
const CLOCK_OFFSET_SECONDS = -3600;

describe.skipIf(gate !== "run" || !existsSync(FAKETIME_LIB))("what players see, in a real browser", () => {
  let server: E2EServer;
  let browser: Browser;
  let zone: string;
  let today: string;
  let venues: VenueInfo[];
  let courts: CourtInfo[];
  const court = (name: string) => courts.find((c) => c.name === name)!;
  const venue = (name: string) => venues.find((v) => v.name === name)!;

  let clockDir: string;
  let clockFile: string;
  /** The server's clock in seconds from the browser's, read from its Date header (to within 2 s). */
  const serverClockOffset = async () => {
    const response = await fetch(`${server.baseUrl}/api/config`);
    await response.arrayBuffer();
    return (Date.parse(response.headers.get("date") ?? "") - Date.now()) / 1000;
  };
  /** Sets the server's clock to `seconds` from the browser's, and waits until the server reads it (libfaketime re-reads the file within a second). */
  const setServerClock = async (seconds: number) => {
    writeFileSync(clockFile, `${seconds >= 0 ? "+" : ""}${seconds}\n`);
    await waitFor(async () => Math.abs((await serverClockOffset()) - seconds) < 3, {
      timeout: 10_000,
      interval: 100,
      message: `the server's clock never moved to ${seconds} s from the browser's`,
    });
  };

  beforeAll(async () => {
    zone = zoneAtHour(10);
    clockDir = mkdtempSync(path.join(tmpdir(), "courts-e2e-clock-"));
    clockFile = path.join(clockDir, "offset");
    writeFileSync(clockFile, `${CLOCK_OFFSET_SECONDS}\n`);
    [server, browser] = await Promise.all([
      startServer({
        name: "truth",
        webDist: sharedWebDist(),
        env: {
          COURTS_TIMEZONE: zone,
          LD_PRELOAD: FAKETIME_LIB,
          FAKETIME_TIMESTAMP_FILE: clockFile,
          FAKETIME_CACHE_DURATION: "1",
          DONT_FAKE_MONOTONIC: "1",
          // an overdue hold is marked 'Expirada' within a second
          SWEEP_INTERVAL_SECONDS: "1",
        },
      }),
      launchBrowser(),
    ]);
    const probe = await browser.newContext({ baseURL: server.baseUrl });
    today = (await api<{ today: string }>(probe.request, "GET", "/api/config")).today;
    venues = await api<VenueInfo[]>(probe.request, "GET", "/api/venues");
    courts = await api<CourtInfo[]>(probe.request, "GET", "/api/courts");
    await probe.close();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  const journey = async (viewport: { width: number; height: number }, run: (page: Page, watched: Watched) => Promise<void>, clipboard = false) => {
    const watched = await openContext(browser, server.baseUrl, { viewport, clipboard });
    try {
      await run(await watched.newPage(), watched);
      expect(watched.problems, "page errors or 5xx answers").toEqual([]);
    } finally {
      await watched.close();
    }
  };

  /** The whole page; a dialog is shot as the viewport shows it (a full-page shot resizes the viewport under it). */
  const shot = async (page: Page, name: string, fullPage = true) => {
    await settle(page);
    const size = page.viewportSize()!;
    await page.screenshot({ path: path.join(SCREENSHOTS, `i16-${name}-${size.width}x${size.height}.png`), fullPage });
  };

  /** Books and pays in full (an unpaid booking may be held only for minutes). */
  const bookPaid = async (watched: Watched, courtId: string, date: string, timeSlot: string) => {
    const booking = await bookViaApi(watched.context.request, { courtId, date, timeSlot, gameType: "singles" });
    await payViaApi(watched.context.request, booking.id, "full");
    return booking;
  };

  it("when a court is busy now and full for the rest of today, then it says 'Completa hoy', another says 'Libre desde', and 'disponibles ahora' leaves the busy one out", async () => {
    const ceibos = venue("Club de Tenis Los Ceibos");
    const full = court("Cancha Arcilla 3");
    const partly = court("Cancha Rápida 4");
    const hour = localHour(zone);
    expect(hour, `the server's zone ${zone} should read about 10:00`).toBeGreaterThanOrEqual(9);
    expect(hour).toBeLessThanOrEqual(11);

    const holder = await openContext(browser, server.baseUrl);
    try {
      await registerPlayer(holder.context.request, "lleno");
      // the hour under way (the server, an hour behind, still takes it) and every later hour
      for (let h = hour; h <= 21; h++) await bookPaid(holder, full.id, today, slotOf(h));
      await bookPaid(holder, partly.id, today, slotOf(hour + 1));
    } finally {
      await holder.close();
    }

    for (const size of [PHONE, DESKTOP]) {
      await journey(size, async (page) => {
        await page.goto(`/venue/${ceibos.id}`);
        const grid = page.getByRole("list").filter({ has: page.getByText(full.name) });
        const fullCard = grid.getByRole("listitem").filter({ hasText: full.name });
        await fullCard.getByTestId("court-today").filter({ hasText: "Completa hoy" }).waitFor();
        await fullCard.getByText("Disponible", { exact: true }).waitFor();
        const partlyCard = grid.getByRole("listitem").filter({ hasText: partly.name });
        const nowHour = localHour(zone);
        await partlyCard.getByTestId("court-today").filter({ hasText: `Libre desde ${slotOf(Math.max(nowHour + 1, hour + 2))}` }).waitFor();
        // 5 courts: one in maintenance, one busy now: 3 free now
        await page.getByText("3 disponibles ahora").waitFor();
        await shot(page, "venue-availability");
      });
    }
  });

  it("when the venue's courts differ in price, then the tariff table shows the range; home's 'Desde' is each venue's cheapest court", async () => {
    const ceibos = venue("Club de Tenis Los Ceibos");
    const admin = await openContext(browser, server.baseUrl);
    let dear: VenueInfo;
    try {
      await loginAdmin(admin.context.request, server.admin);
      dear = await api<VenueInfo>(admin.context.request, "POST", "/api/venues", { name: "Club Caro", location: "Samborondón" });
      await api(admin.context.request, "POST", "/api/courts", {
        name: "Cancha Dorada",
        courtNumber: 1,
        venueId: dear.id,
        status: "available",
        daySinglesPrice: "20.00",
        dayDoublesPrice: "40.00",
        nightSinglesPrice: "22.00",
        nightDoublesPrice: "44.00",
      });
      // the court under maintenance costs more at night: no player can book it, so no table shows its price
      const closed = court("Cancha Rápida 5");
      expect(closed.status).toBe("maintenance");
      await api(admin.context.request, "PUT", `/api/courts/${closed.id}`, {
        name: closed.name,
        courtNumber: closed.courtNumber,
        venueId: closed.venueId,
        status: "maintenance",
        daySinglesPrice: "10.00",
        dayDoublesPrice: "20.00",
        nightSinglesPrice: "25.00",
        nightDoublesPrice: "50.00",
      });
    } finally {
      await admin.close();
    }

    for (const size of [PHONE, DESKTOP]) {
      await journey(size, async (page) => {
        await page.goto("/");
        await page.getByRole("article").filter({ hasText: ceibos.name }).getByText("Desde $14.50").waitFor();
        await page.getByRole("article").filter({ hasText: "Club Caro" }).getByText("Desde $20.00").waitFor();
        expect(await page.getByRole("article").filter({ hasText: "Club Caro" }).getByText("Desde $14.50").count()).toBe(0);

        await page.goto(`/venue/${ceibos.id}`);
        const table = page.getByRole("table", { name: "Tarifas por hora" });
        const singles = table.getByRole("row", { name: /Singles/ });
        await singles.getByText("$14.50", { exact: true }).waitFor();
        // Cancha Central costs $18.00 at night; Cancha Rápida 5 ($10.00 by day, $25.00 at night) is under maintenance
        await singles.getByText("$16.50 - $18.00").waitFor();
        expect(await table.getByText(/\$25\.00|\$10\.00/).count()).toBe(0);
        await table.getByRole("row", { name: /Dobles/ }).getByText("$33.00 - $36.00").waitFor();
        // which hours are day and which night, on a phone too: the price depends on it
        for (const hours of ["(6:00 - 17:00)", "(18:00 - 21:00)"]) expect(await table.getByText(hours, { exact: true }).isVisible(), hours).toBe(true);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        await page.goto(`/venue/${dear.id}`);
        await page.getByRole("table", { name: "Tarifas por hora" }).getByRole("row", { name: /Singles/ }).getByText("$22.00", { exact: true }).waitFor();
      });
    }
    // a venue with the default prices reads exactly as SPEC.md
    await journey(DESKTOP, async (page) => {
      await page.goto(`/venue/${venue("Tenis Club Cuenca").id}`);
      const table = page.getByRole("table", { name: "Tarifas por hora" });
      expect(await table.getByRole("row", { name: /Singles/ }).innerText()).toMatch(/\$14\.50\s+\$16\.50/);
      expect(await table.getByRole("row", { name: /Dobles/ }).innerText()).toMatch(/\$29\.00\s+\$33\.00/);
    });
  });

  it("when a guest taps a court, then after logging in (or registering) they are back on that court's booking screen", async () => {
    const target = court("Cancha Tomebamba");
    await journey(PHONE, async (page, { context }) => {
      const player = await registerPlayer(context.request, "vuelve");
      await api(context.request, "POST", "/api/auth/logout");
      await page.goto(`/venue/${target.venueId}`);
      await page.getByRole("link", { name: new RegExp(`^Reservar ${target.name}`) }).click();
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/booking/${target.id}`);
      // straight to login, calmly: a note says where it leads, and no toast calls it an error
      await page.getByTestId("booking-return-note").filter({ hasText: "Inicia sesión para reservar: volverás a la cancha que elegiste." }).waitFor();
      expect(await page.getByRole("region", { name: /Notificaciones/ }).locator("li").count()).toBe(0);
      await page.getByLabel("Usuario").fill(player.username);
      await page.getByLabel("Contraseña").fill(player.password);
      await page.getByRole("button", { name: "Iniciar Sesión" }).click();
      await page.waitForURL(`**/booking/${target.id}`);
      await page.getByRole("heading", { level: 1, name: `Reservar ${target.name}` }).waitFor();
    });
    await journey(DESKTOP, async (page) => {
      await page.goto(`/booking/${target.id}`);
      await page.waitForURL((url) => url.pathname === "/login");
      await page.getByRole("link", { name: "Regístrate" }).click();
      await page.waitForURL((url) => url.pathname === "/register" && url.searchParams.get("next") === `/booking/${target.id}`);
      const name = `nuevo_${Date.now().toString(36)}`;
      await page.getByLabel("Nombre completo").fill("Nuevo Jugador");
      await page.getByLabel("Email").fill(`${name}@example.ec`);
      await page.getByLabel("Usuario").fill(name);
      await page.getByLabel("Contraseña", { exact: true }).fill("Clave-muy-segura-1");
      await page.getByLabel("Confirmar contraseña").fill("Clave-muy-segura-1");
      await page.getByRole("button", { name: "Crear Cuenta" }).click();
      await page.waitForURL(`**/booking/${target.id}`);
    });
    // with nothing to go back to, SPEC's /user-dashboard
    await journey(DESKTOP, async (page, { context }) => {
      const player = await registerPlayer(context.request, "panel");
      await api(context.request, "POST", "/api/auth/logout");
      await page.goto("/login");
      await page.getByLabel("Usuario").fill(player.username);
      await page.getByLabel("Contraseña").fill(player.password);
      await page.getByRole("button", { name: "Iniciar Sesión" }).click();
      await page.waitForURL("**/user-dashboard");
    });
  });

  it("when a guest chooses a free hour in the venue's day grid, then login brings them to that court's booking screen on that date and hour, and once booked the grid shows it taken", async () => {
    const target = court("Cancha Tomebamba");
    const day = addDays(today, 2);
    const price = dollars(cents(target.nightSinglesPrice));
    const cellName = `${target.name}, 18:00, libre, ${price}`;
    mkdirSync(GRID_SHOTS, { recursive: true });
    await journey(PHONE, async (page, { context }) => {
      const player = await registerPlayer(context.request, "grilla");
      await api(context.request, "POST", "/api/auth/logout");
      await page.goto(`/venue/${target.venueId}`);
      const grid = page.getByRole("table", { name: /^Disponibilidad del / });
      await grid.waitFor();
      // today, about 10:00 at the club: the hours gone by read as past
      await page.getByText(`${target.name}, 06:00, ya pasó`, { exact: true }).waitFor();
      await settle(page);
      await page.evaluate("document.getElementById('disponibilidad').scrollIntoView(); window.scrollBy(0, -72)");
      await page.screenshot({ path: path.join(GRID_SHOTS, "venue-grid-390-today.png") });
      // the strip's day two days ahead (its day of the month is unique within a week)
      await page.getByRole("button", { name: new RegExp(` ${Number(day.slice(8))} de `) }).click();
      await page.waitForURL((url) => url.searchParams.get("date") === day);
      const cell = page.getByRole("link", { name: cellName });
      await cell.waitFor();
      // a phone: the page itself never scrolls sideways (the grid scrolls within its own box if it must)
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settle(page);
      await page.screenshot({ path: path.join(GRID_SHOTS, "venue-grid-390.png"), fullPage: true });
      // the phone's screen as a player sees it, from the section's title: the days, then the grid
      await page.evaluate("document.getElementById('disponibilidad').scrollIntoView(); window.scrollBy(0, -72)");
      await page.screenshot({ path: path.join(GRID_SHOTS, "venue-grid-390-screen.png") });
      await cell.click();
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === `/booking/${target.id}?date=${day}&slot=18:00`);
      await page.getByTestId("booking-return-note").filter({ hasText: "a las 18:00: volverás a la reserva con esa hora elegida." }).waitFor();
      expect(await page.getByRole("region", { name: /Notificaciones/ }).locator("li").count()).toBe(0);
      await page.getByLabel("Usuario").fill(player.username);
      await page.getByLabel("Contraseña").fill(player.password);
      await page.getByRole("button", { name: "Iniciar Sesión" }).click();
      await page.waitForURL((url) => url.pathname === `/booking/${target.id}` && url.searchParams.get("date") === day && url.searchParams.get("slot") === "18:00");
      // the date and the hour chosen in the grid, already chosen here
      await page.getByRole("button", { name: /^18:00/, pressed: true }).waitFor();
      await page.getByTestId("booking-total").filter({ hasText: price }).waitFor();
      await page.getByRole("button", { name: "Continuar al Pago →" }).click();
      await page.waitForURL(/\/checkout\/[^/]+$/);
      // back on the venue's day: the hour is taken at once, for everyone
      await page.goto(`/venue/${target.venueId}?date=${day}`);
      await page.getByText(`${target.name}, 18:00, ocupada`, { exact: true }).waitFor();
      expect(await page.getByRole("link", { name: cellName }).count()).toBe(0);
    });
    await journey(DESKTOP, async (page) => {
      await page.goto(`/venue/${target.venueId}?date=${day}`);
      await page.getByText(`${target.name}, 18:00, ocupada`, { exact: true }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settle(page);
      await page.screenshot({ path: path.join(GRID_SHOTS, "venue-grid-1280.png"), fullPage: true });
    });
  });

  it("when a player logs out from the account menu on a screen that needs a login, then they land on home with 'Sesión cerrada', not on /login", async () => {
    const target = court("Cancha Tomebamba");
    for (const [viewport, screenPath] of [
      [PHONE, `/booking/${target.id}`],
      [DESKTOP, "/my-bookings"],
    ] as const) {
      await journey(viewport, async (page, { context }) => {
        const player = await registerPlayer(context.request, "sale");
        // a fresh load: home's code is not in the browser yet when the logout moves there
        await page.goto(screenPath);
        await page.getByRole("button", { name: new RegExp(`Menú de la cuenta de ${player.username}`) }).click();
        await page.getByRole("menuitem", { name: "Salir" }).click();
        await page.waitForURL((url) => url.pathname === "/");
        await expectToast(page, "Sesión cerrada", "Has cerrado sesión exitosamente");
        await page.getByRole("link", { name: "Comenzar Ahora" }).waitFor();
        expect(new URL(page.url()).pathname).toBe("/");
      });
    }
  });

  it("when a phone books, then the price and button stay on screen, each slot shows its price, and a full day says so with the next free date", async () => {
    const full = court("Cancha Arcilla 3");
    const other = court("Cancha Yanuncay");
    await journey(PHONE, async (page, { context }) => {
      await registerPlayer(context.request, "movil");
      await page.goto(`/booking/${other.id}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await pickDate(page, addDays(today, 1));
      const bar = page.getByTestId("booking-bar");
      const button = bar.getByRole("button", { name: "Continuar al Pago →" });
      await button.waitFor();
      const box = (await button.boundingBox())!;
      const nav = (await page.getByRole("navigation", { name: "Navegación principal" }).boundingBox())!;
      expect(box.y + box.height, "the booking button sits above the bottom bar, without scrolling").toBeLessThanOrEqual(nav.y);
      expect(box.y).toBeGreaterThan(PHONE.height / 2);

      await page.getByRole("button", { name: "09:00, $14.50" }).waitFor();
      await page.getByRole("button", { name: "19:00, horario nocturno, $16.50" }).waitFor();
      await page.getByRole("radio", { name: /^Dobles/ }).click();
      await page.getByRole("button", { name: "19:00, horario nocturno, $33.00" }).click();
      await bar.getByText("$33.00").waitFor();
      await shot(page, "booking-bar");
      // the game type is a group of the browser's radio buttons: arrow keys move the choice, and the price with it
      await page.getByRole("radio", { name: /^Dobles/ }).focus();
      await page.keyboard.press("ArrowUp");
      expect(await page.getByRole("radio", { name: /^Singles/ }).isChecked()).toBe(true);
      await bar.getByText("$16.50").waitFor();
      await page.keyboard.press("ArrowDown");
      expect(await page.getByRole("radio", { name: /^Dobles/ }).isChecked()).toBe(true);
      await bar.getByText("$33.00").waitFor();

      // the rest of today is taken on this court: say so, offer the next day, no active button
      await page.goto(`/booking/${full.id}`);
      const notice = page.getByRole("status").filter({ hasText: "No quedan horarios libres este día." });
      await notice.waitFor();
      await notice.getByText(/Próximo día con horarios libres:/).waitFor();
      expect(await page.getByTestId("booking-bar").getByRole("button", { name: "Continuar al Pago →" }).isDisabled()).toBe(true);
      await shot(page, "booking-full-day");
      await notice.getByRole("button", { name: "Ver ese día" }).click();
      await page.locator(`td[data-day="${addDays(today, 1)}"][data-selected]`).first().waitFor();
      await notice.waitFor({ state: "detached" });
      expect(await page.getByTestId("booking-bar").getByRole("button", { name: "Continuar al Pago →" }).isEnabled()).toBe(true);
      // the address keeps the day: a reload opens on it, not on today
      expect(new URL(page.url()).searchParams.get("date")).toBe(addDays(today, 1));
      await page.reload();
      await page.locator(`td[data-day="${addDays(today, 1)}"][data-selected]`).first().waitFor();
    });
    await journey(DESKTOP, async (page, { context }) => {
      await registerPlayer(context.request, "escritorio");
      await page.goto(`/booking/${other.id}`);
      const summary = page.getByRole("complementary", { name: "Resumen de la reserva" });
      await summary.getByRole("button", { name: "Continuar al Pago →" }).waitFor();
      const box = (await summary.getByRole("button", { name: "Continuar al Pago →" }).boundingBox())!;
      expect(box.width, "on a wide screen the button is in the summary, full width").toBeGreaterThan(250);
      await shot(page, "booking");
    });
  });

  it("when the organiser pays their share, then a confirmation shows paid and pending with the share link (WhatsApp first, copy); the shared payer gets a receipt", async () => {
    const target = court("Cancha Tarqui");
    const date = addDays(today, 2);
    for (const size of [PHONE, DESKTOP]) {
      let shareUrl = "";
      await journey(
        size,
        async (page, { context }) => {
          await registerPlayer(context.request, "organiza");
          await page.goto(`/booking/${target.id}`);
          await pickDate(page, date);
          // 'Selecciona una hora' belongs to the booking screen: it must not follow the player to checkout
          await page.getByRole("button", { name: "Continuar al Pago →" }).click();
          await expectToast(page, "Selecciona una hora", "Por favor selecciona un horario disponible");
          await page.getByRole("button", { name: size === PHONE ? /^10:00/ : /^11:00/ }).click();
          await page.getByRole("radio", { name: /^Dobles/ }).click();
          await page.getByRole("button", { name: "Continuar al Pago →" }).click();
          await page.waitForURL(/\/checkout\//);
          await page.getByRole("heading", { level: 1, name: "Completar Pago" }).waitFor();
          // gone at once (its way out animated), long before its own 5 s are up
          await expect
            .poll(() => page.getByText("Selecciona una hora").count(), { timeout: 1_000, message: "the booking screen's toast followed the player to checkout" })
            .toBe(0);
          // a code is typed in capitals; the example reads as written ('Ej.', not 'EJ.')
          const code = page.getByLabel("Código de descuento");
          expect(await code.evaluate((el) => [getComputedStyle(el).textTransform, getComputedStyle(el, "::placeholder").textTransform])).toEqual([
            "uppercase",
            "none",
          ]);

          const share = dollars(cents(target.dayDoublesPrice) / 4);
          await fillCard(page, SUCCEEDING_CARD);
          await page.getByRole("button", { name: `Confirmar y Pagar ${share}` }).click();
          await expectToast(page, "Pago exitoso", "Tu reserva ha sido confirmada");
          if (size === PHONE) {
            // on a phone the toast sits at the top: it does not cover what the player reads next
            const toastBox = (await page.getByRole("region", { name: /Notificaciones/ }).locator("li").first().boundingBox())!;
            expect(toastBox.y).toBeLessThan(PHONE.height / 3);
          }
          await page.getByRole("heading", { level: 1, name: "¡Pago confirmado!" }).waitFor();
          await page.getByTestId("paid-now").filter({ hasText: share }).waitFor();
          await page.getByTestId("pending").filter({ hasText: dollars((cents(target.dayDoublesPrice) * 3) / 4) }).waitFor();
          const whatsapp = page.getByRole("link", { name: "Enviar por WhatsApp" });
          await whatsapp.waitFor();
          shareUrl = await page.getByLabel("Link de pago").inputValue();
          expect(shareUrl.startsWith(`${server.baseUrl}/shared-payment/`), shareUrl).toBe(true);
          const href = (await whatsapp.getAttribute("href"))!;
          expect(href.startsWith("https://wa.me/?text=")).toBe(true);
          expect(decodeURIComponent(href.slice("https://wa.me/?text=".length))).toContain(shareUrl);
          // WhatsApp is the first way to share
          const firstAction = page.locator("main").getByRole("link", { name: "Enviar por WhatsApp" });
          const copy = page.getByRole("button", { name: "Copiar" });
          expect((await firstAction.boundingBox())!.y).toBeLessThan((await copy.boundingBox())!.y);
          await copy.click();
          await expectToast(page, "Link copiado");
          expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(shareUrl);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          await shot(page, "payment-confirmation");
        },
        true,
      );

      await journey(size, async (page) => {
        await page.goto(new URL(shareUrl).pathname);
        await page.getByText(/^1 de 4/).waitFor();
        // a guest names themselves so the organiser knows who paid
        await page.getByLabel("Tu nombre").fill("Lucía Andrade");
        await fillCard(page, SUCCEEDING_CARD);
        const share = dollars(cents(target.dayDoublesPrice) / 4);
        await page.getByRole("button", { name: `Pagar ${share}` }).click();
        await expectToast(page, "Pago exitoso", "Tu pago ha sido procesado correctamente");
        await page.getByRole("heading", { level: 1, name: "¡Pago recibido!" }).waitFor();
        const receipt = page.getByTestId("receipt");
        await receipt.getByText(target.name, { exact: false }).waitFor();
        await page.getByTestId("receipt-total").filter({ hasText: share }).waitFor();
        await receipt.getByText("Dobles (4 personas)").waitFor();
        expect(new URL(page.url()).pathname).toBe(new URL(shareUrl).pathname);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shot(page, "shared-receipt");
      });
    }
  });

  it("when a player cancels, then the dialog states what each card was charged; their own hour reads 'Tu reserva'; checkout offers 'otra parte'; the calendar stops at 180 days", async () => {
    const target = court("Cancha Machángara");
    const admin = await openContext(browser, server.baseUrl);
    try {
      await loginAdmin(admin.context.request, server.admin);
      await api(admin.context.request, "POST", "/api/admin/discount-codes", { code: "VERDAD10", type: "percentage", value: 10, isActive: true });
    } finally {
      await admin.close();
    }
    for (const size of [PHONE, DESKTOP]) {
      const phone = size === PHONE;
      await journey(size, async (page, watched) => {
        const request = watched.context.request;
        await registerPlayer(request, "verdad");
        // paid in full with 10% off: the card was charged $13.05 of $14.50
        const discounted = await bookViaApi(request, { courtId: target.id, date: addDays(today, phone ? 4 : 5), timeSlot: "08:00", gameType: "singles" });
        await payIntentViaApi(request, { bookingId: discounted.id, paymentType: "full", discountCode: "VERDAD10" });
        // doubles at $29.00: the organiser paid $7.25 and a friend without an account paid $7.25
        const shared = await bookViaApi(request, { courtId: target.id, date: addDays(today, phone ? 4 : 5), timeSlot: "09:00", gameType: "doubles" });
        await payViaApi(request, shared.id, "partial");
        const { shareUrl } = await api<{ shareUrl: string }>(request, "POST", "/api/shared-payment-links", { bookingId: shared.id, maxParticipants: 4 });
        const shareToken = shareUrl.split("/shared-payment/")[1]!;
        const friend = await openContext(browser, server.baseUrl);
        try {
          // a guest names themselves; the record carries the link and a participant placeholder, as /shared-payment sends them
          await payIntentViaApi(friend.context.request, { bookingId: shared.id, shareToken, payerName: "Lucía" }, { userId: "shared-e2e", shareToken });
        } finally {
          await friend.close();
        }

        await page.goto("/my-bookings");
        const cardOf = (slot: string) => page.getByRole("listitem").filter({ hasText: target.name }).filter({ hasText: slot });
        // while it opens (a 180 ms animation, its box read at every frame from its first until the animation has ended) and after, the dialog stays inside the screen
        const opening = page.evaluate(async () => {
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const find = () => Array.from(document.querySelectorAll('[role="dialog"]')).find((d) => d.textContent?.includes("Cancelar Reserva"));
          // (caps of frames, not pauses: a dialog that never opens, or an animation that never ends, must not hang the suite)
          let dialog = find();
          for (let i = 0; i < 600 && dialog === undefined; i++) {
            await frame();
            dialog = find();
          }
          if (dialog === undefined) return [];
          const animations = dialog.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
          let ended = false;
          void Promise.all(animations.map((a) => a.finished.catch(() => undefined))).then(() => (ended = true));
          const seen: { x: number; y: number; right: number }[] = [];
          for (let i = 0; i < 120; i++) {
            const box = dialog.getBoundingClientRect();
            seen.push({ x: box.x, y: box.y, right: box.right });
            if (ended) break;
            await frame();
          }
          return seen;
        });
        void opening.catch(() => undefined); // awaited below; a failed click must not leave it unhandled
        await cardOf("08:00").getByRole("button", { name: "Cancelar Reserva" }).click();
        let dialog = page.getByRole("dialog", { name: "Cancelar Reserva" });
        const boxes = await opening;
        expect(boxes.length, "frames of the dialog seen").toBeGreaterThan(0);
        for (const [i, box] of boxes.entries()) {
          expect(box.x, `dialog's left edge, frame ${i}`).toBeGreaterThanOrEqual(0);
          expect(box.y, `dialog's top edge, frame ${i}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `dialog's right edge, frame ${i}`).toBeLessThanOrEqual(size.width);
        }
        await dialog.getByTestId("refund-amount").filter({ hasText: "$13.05 (100%)" }).waitFor();
        await dialog.getByText(/Pagado: \$13\.05\./).waitFor();
        if (phone) await shot(page, "cancel-dialog-discount", false);
        await dialog.getByRole("button", { name: "Volver" }).click();
        await dialog.waitFor({ state: "detached" });

        await cardOf("09:00").getByRole("button", { name: "Cancelar Reserva" }).click();
        dialog = page.getByRole("dialog", { name: "Cancelar Reserva" });
        // what the organiser's card gets back; the friend's share goes back to the friend's card
        await dialog.getByTestId("refund-amount").filter({ hasText: "$7.25 (100%)" }).waitFor();
        await dialog.getByText("Pagaste $7.25. Otro jugador pagó $7.25 y recibe $7.25 en su tarjeta.", { exact: false }).waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shot(page, "cancel-dialog-shared", false);
        await dialog.getByRole("button", { name: "Volver" }).click();

        // back at checkout after two shares were paid: one more share or the rest, never 'tu parte' again
        await page.goto(`/checkout/${shared.id}`);
        await page.getByRole("radio", { name: "Pago parcial (otra parte): $7.25" }).waitFor();
        expect(await page.getByRole("radio", { name: "Pago completo: $14.50" }).isChecked()).toBe(true);
        expect(await page.getByText(/tu parte\)/).count()).toBe(0);

        // the player's own hours on the booking screen: 'Tu reserva', and no waitlist for them
        await page.goto(`/booking/${target.id}?date=${addDays(today, phone ? 4 : 5)}`);
        await page.getByRole("button", { name: /^08:00, Tu reserva/ }).waitFor();
        await page.getByRole("button", { name: /^09:00, Tu reserva/ }).waitFor();
        expect(await page.getByRole("button", { name: /Avisarme si se libera/ }).count()).toBe(0);

        // the calendar offers the 180th day and no later one
        const last = addDays(today, 180);
        const lastDay = page.locator(`td[data-day="${last}"]:not([data-outside]) button`);
        for (let i = 0; i < 8 && (await lastDay.count()) === 0; i++) await page.getByRole("button", { name: /mes siguiente/i }).click();
        expect(await lastDay.isEnabled()).toBe(true);
        const after = page.locator(`td[data-day="${addDays(today, 181)}"]:not([data-outside]) button`);
        if ((await after.count()) > 0) expect(await after.isDisabled()).toBe(true);
        else expect(await page.getByRole("button", { name: /mes siguiente/i }).getAttribute("aria-disabled")).toBe("true");
      });
    }
  });

  it("when a player has paid, partial, pending, expired and cancelled bookings, then no screen scrolls sideways at 390 px, and money reads as paid and refunded, never fee or net", async () => {
    const a = court("Cancha Chimborazo");
    const b = court("Cancha Antisana");
    await journey(PHONE, async (page, watched) => {
      const request = watched.context.request;
      const player = await registerPlayer(request, "largo");
      // an unpaid hold that runs out (DESIGN.md section 8): the club's clock passes its expiry, the
      // sweep marks it 'Expirada', and the clock comes back
      const expiring = await bookViaApi(request, { courtId: a.id, date: addDays(today, 9), timeSlot: "18:00", gameType: "doubles" });
      const { holdMinutes } = (await api<{ holds: { holdMinutes: number } }>(request, "GET", "/api/config")).holds;
      await setServerClock(CLOCK_OFFSET_SECONDS + Math.ceil(holdMinutes * 60) + 60);
      try {
        await expect
          .poll(async () => (await api<{ status: string }>(request, "GET", `/api/bookings/${expiring.id}`)).status, { timeout: 20_000 })
          .toBe("expired");
        // read as expired at once; stored so by the next sweep, which must come before the clock goes back
        const database = await openSqlDatabase(`sqlite:${path.join(server.dataDir, "e2e.sqlite")}`);
        try {
          await waitFor(async () => (await database.sql.one("select status from bookings where id = ?", [expiring.id]))?.status === "expired", {
            timeout: 10_000,
            interval: 100,
            message: "no sweep stored the overdue hold as expired",
          });
        } finally {
          await database.close();
        }
      } finally {
        await setServerClock(CLOCK_OFFSET_SECONDS);
      }
      expect((await api<{ status: string }>(request, "GET", `/api/bookings/${expiring.id}`)).status).toBe("expired");
      const cancelled = await bookViaApi(request, { courtId: a.id, date: addDays(today, 5), timeSlot: "08:00", gameType: "doubles" });
      await payViaApi(request, cancelled.id, "partial");
      await api(request, "POST", "/api/cancellations", { bookingId: cancelled.id, userId: player.id, cancellationReason: "Lluvia" });
      const partial = await bookViaApi(request, { courtId: b.id, date: addDays(today, 6), timeSlot: "19:00", gameType: "doubles" });
      await payViaApi(request, partial.id, "partial");
      await bookPaid(watched, a.id, addDays(today, 7), "07:00");
      await bookViaApi(request, { courtId: b.id, date: addDays(today, 8), timeSlot: "20:00", gameType: "singles" });

      const screens: Array<{ path: string; tab?: string; name: string }> = [
        { path: "/my-bookings", name: "my-bookings" },
        { path: "/my-bookings", tab: "Pasadas", name: "my-bookings-past" },
        { path: "/user-dashboard", name: "user-dashboard" },
        { path: "/user-dashboard", tab: "Historial de Pagos", name: "user-dashboard-payments" },
        { path: "/settings", tab: "Billing", name: "settings-billing" },
        { path: "/", name: "home" },
        { path: `/venue/${a.venueId}`, name: "venue" },
        { path: `/booking/${a.id}`, name: "booking-phone" },
        { path: `/checkout/${partial.id}`, name: "checkout" },
      ];
      for (const screen of screens) {
        await page.goto(screen.path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        if (screen.tab) await page.getByRole("tab", { name: screen.tab }).click();
        await settle(page);
        expect(await horizontalOverflow(page), `${screen.path} ${screen.tab ?? ""} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
        // a row of tabs fits too: its last tab is not cut at the edge, nor scrolled to
        for (const tabs of await page.getByRole("tablist").all())
          expect(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth), `${screen.path}: a row of tabs scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
        await shot(page, screen.name);
      }

      // 'Próximas' holds what is still to be played; the cancelled and the expired sit under 'Pasadas' (DESIGN.md section 14)
      await page.goto("/my-bookings");
      await page.getByRole("listitem").filter({ hasText: "Pendiente" }).first().waitFor();
      expect(await page.getByRole("listitem").filter({ hasText: /Cancelada|Expirada/ }).count()).toBe(0);
      await page.getByRole("tab", { name: "Pasadas" }).click();
      await page.getByRole("listitem").filter({ hasText: "Cancelada" }).first().waitFor();
      await page.getByRole("listitem").filter({ hasText: "Expirada" }).first().waitFor();

      await page.goto("/user-dashboard");
      await page.getByRole("tab", { name: "Historial de Pagos" }).click();
      const history = page.getByRole("tabpanel");
      await history.getByText("Total pagado").first().waitFor();
      await history.getByText("Reembolsado").first().waitFor();
      expect(await history.getByText("Comisión de tarjeta").count()).toBe(0);

      // the profile's user id is read whole on a phone, not cut at the edge of a field
      await page.goto("/settings");
      const userId = page.getByText(player.id, { exact: true });
      await userId.waitFor();
      expect(await userId.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      await shot(page, "settings-profile");

      await page.goto("/settings");
      await page.getByRole("tab", { name: "Billing" }).click();
      const billing = page.getByRole("tabpanel");
      await billing.getByText("Total pagado").first().waitFor();
      expect(await billing.getByText("Neto", { exact: true }).count()).toBe(0);

      // on a wide screen the amounts stand in columns, whatever each payment's status word
      await page.setViewportSize(DESKTOP);
      const columns = await billing
        .getByText(/^(Monto|Total pagado)$/)
        .evaluateAll((els) => els.map((el) => `${el.textContent} ${Math.round(el.getBoundingClientRect().left)}`));
      expect(await billing.getByText("Reembolsado", { exact: true }).count()).toBeGreaterThan(0);
      expect(columns.length).toBeGreaterThan(4);
      expect(new Set(columns).size, `the columns start at ${columns.join(", ")}`).toBe(2);
    });
  });

  it("when the club's clock reaches a paid game's start, then My bookings and the dashboard list it under 'Pasadas' as 'Jugada' with no 'Cancelar Reserva', and its payment says 'Jugada' on the dashboard and in Settings", async () => {
    const a = court("Cancha Chimborazo");
    await journey(PHONE, async (page, watched) => {
      const request = watched.context.request;
      const player = await registerPlayer(request, "jugada");
      // still ahead: a paid game and a partly paid one; past: a cancelled one (none at the hour under way, about 10:00)
      await bookPaid(watched, a.id, addDays(today, 11), "07:00");
      const partial = await bookViaApi(request, { courtId: a.id, date: addDays(today, 12), timeSlot: "19:00", gameType: "doubles" });
      await payViaApi(request, partial.id, "partial");
      const cancelled = await bookPaid(watched, a.id, addDays(today, 13), "06:00");
      await api(request, "POST", "/api/cancellations", { bookingId: cancelled.id, userId: player.id, cancellationReason: "Viaje" });
      // A game paid for the hour under way for the browser: the club's clock, an hour behind, has it
      // still ahead. Once that clock reaches its start, the same game reads 'Jugada' under 'Pasadas'.
      const slot = slotOf(localHour(zone));
      const played = await bookPaid(watched, a.id, today, slot);
      const gameCard = () => page.getByRole("listitem").filter({ hasText: a.name }).filter({ hasText: slot });
      await page.goto("/my-bookings");
      await page.getByRole("listitem").filter({ hasText: slot }).filter({ hasText: "Activa" }).getByRole("button", { name: "Cancelar Reserva" }).waitFor();
      await setServerClock(0);
      try {
        const pastTab = async () => {
          await page.getByRole("tab", { name: "Pasadas" }).click();
          await gameCard().filter({ hasText: "Jugada" }).waitFor();
          await page.getByRole("listitem").filter({ hasText: "Cancelada" }).waitFor();
          expect(await gameCard().getByRole("button", { name: "Cancelar Reserva" }).count()).toBe(0);
        };
        for (const size of [PHONE, DESKTOP]) {
          await page.setViewportSize(size);
          await page.goto("/my-bookings");
          await page.getByRole("tab", { name: "Próximas", selected: true }).waitFor();
          await page.getByRole("listitem").filter({ hasText: "19:00" }).waitFor();
          expect(await page.getByRole("listitem").filter({ hasText: slot }).count(), "the game that started is no longer upcoming").toBe(0);
          expect(await horizontalOverflow(page), `My bookings scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
          await shot(page, "lists-my-bookings-upcoming");
          await pastTab();
          await shot(page, "lists-my-bookings-past");

          await page.goto("/user-dashboard");
          await page.getByRole("heading", { level: 1 }).waitFor();
          await pastTab();
          await shot(page, "lists-dashboard-past");
          await page.getByRole("tab", { name: "Historial de Pagos" }).click();
          const paidCard = page.getByRole("listitem").filter({ hasText: `, ${slot}` });
          await paidCard.getByTestId("payment-booking-state").filter({ hasText: "Reserva Jugada" }).waitFor();
          expect(await horizontalOverflow(page), `the dashboard scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
          await shot(page, "lists-dashboard-payments");

          await page.goto("/settings");
          await page.getByRole("tab", { name: "Billing" }).click();
          const row = page.getByRole("listitem").filter({ hasText: ` · ${slot}` });
          await row.getByTestId("payment-booking-state").filter({ hasText: "Reserva Jugada" }).waitFor();
          expect(await horizontalOverflow(page), `settings billing scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
          await shot(page, "lists-settings-billing");
        }
        // the server refuses to cancel it too, whatever a stale screen offers
        const refused = await request.post("/api/cancellations", { data: { bookingId: played.id } });
        expect(refused.status()).toBe(409);
      } finally {
        await setServerClock(CLOCK_OFFSET_SECONDS);
      }
    });
  });

  it("when the web app is served, then it is a production build: no script carries React's development runtime", async () => {
    await journey(PHONE, async (page) => {
      const scripts: string[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith(".js")) scripts.push(response.url());
      });
      await page.goto(`/venue/${venue("Tenis Club Cuenca").id}`);
      await page.getByText(/disponibles? ahora/).waitFor();
      await settle(page);
      expect(scripts.length).toBeGreaterThan(1);
      for (const url of scripts) expect((await (await page.request.get(url)).text()).includes("jsxDEV"), `${url} carries jsxDEV`).toBe(false);
    });
  });

  it("when a guest opens home and a venue, then the console shows no error and no request fails", async () => {
    await journey(PHONE, async (page) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("response", (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });
      const first = await page.request.get("/");
      expect(await first.text(), "the server's first paint of home").toContain("Reserva tu cancha de tenis <span");
      await page.goto("/");
      await page.getByRole("article").first().waitFor();
      await settle(page);
      // the first paint and the app say the same headline
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Reserva tu cancha de tenis en segundos");
      await page.goto(`/venue/${venue("Tenis Club Cuenca").id}`);
      await page.getByText(/disponibles? ahora/).waitFor();
      await settle(page);
      expect(errors).toEqual([]);
    });
  });
});
