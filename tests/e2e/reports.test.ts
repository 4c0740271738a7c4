import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, api, axeAudit, bookViaApi, horizontalOverflow, loginAdmin, payViaApi, registerPlayer, settle, type CourtInfo, type Player } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * The owner's reports (DESIGN.md section 18) in Chromium against the real server: a month of games
 * at one venue made through the API (two paid bookings on a Thursday evening, a shared one paid in
 * part, a Saturday booking paid and cancelled), then /admin/reports read by the admin at phone and
 * desktop size: the heatmap and revenue numbers those bookings make, a CSV downloaded, a period the
 * server refuses, axe, and a screenshot of each size.
 */

const VENUE = "Tenis Club Cuenca";

/** ISO weekday of a local date: 1 Monday .. 7 Sunday */
const isoWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The first `weekday` (ISO) on or after `date`. */
const firstOn = (date: string, weekday: number) => {
  let day = date;
  while (isoWeekday(day) !== weekday) day = addDays(day, 1);
  return day;
};

interface Month {
  readonly from: string;
  readonly to: string;
  /** a Thursday of the month, and how many Thursdays it has */
  readonly thursday: string;
  readonly thursdays: number;
  readonly saturday: string;
}

/** The whole month two months after today's: every game in it is weeks ahead (a cancellation refunds 100%). */
const monthAhead = (today: string): Month => {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const firstOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
  const index = y * 12 + (m - 1) + 2;
  const from = firstOf(index);
  const to = addDays(firstOf(index + 1), -1);
  const thursday = firstOn(from, 4);
  let thursdays = 0;
  for (let day = thursday; day <= to; day = addDays(day, 7)) thursdays++;
  return { from, to, thursday, thursdays, saturday: firstOn(from, 6) };
};

interface Revenue {
  rows: { key: string; label: string; gross: string; discounts: string; fees: string; refunds: string; net: string; bookings: number }[];
  total: { gross: string; discounts: string; fees: string; refunds: string; net: string; bookings: number };
}

describe.skipIf(chromiumGate() !== "run")("owner reports in a real browser", () => {
  const e2e = useE2E();
  let month: Month;
  let venueId: string;
  let ana: Player;
  let luis: Player;
  let courts: CourtInfo[];

  beforeAll(async () => {
    const { browser, server, today } = e2e.world();
    month = monthAhead(today);
    venueId = e2e.venue(VENUE).id;
    courts = e2e
      .world()
      .courts.filter((c) => c.venueId === venueId && c.status === "available")
      .sort((a, b) => a.courtNumber - b.courtNumber);
    const players: BrowserContext[] = [await browser.newContext({ baseURL: server.baseUrl }), await browser.newContext({ baseURL: server.baseUrl })];
    try {
      const [anaContext, luisContext] = players as [BrowserContext, BrowserContext];
      ana = await registerPlayer(anaContext.request, "informe_ana");
      luis = await registerPlayer(luisContext.request, "informe_luis");
      // Thursday 19:00: Ana's singles ($16.50) and doubles ($33.00) paid in full, Luis's doubles paid his share ($8.25)
      const anaSingles = await bookViaApi(anaContext.request, { courtId: courts[0]!.id, date: month.thursday, timeSlot: "19:00", gameType: "singles" });
      await payViaApi(anaContext.request, anaSingles.id, "full");
      const anaDoubles = await bookViaApi(anaContext.request, { courtId: courts[1]!.id, date: month.thursday, timeSlot: "19:00", gameType: "doubles" });
      await payViaApi(anaContext.request, anaDoubles.id, "full");
      const luisDoubles = await bookViaApi(luisContext.request, { courtId: courts[2]!.id, date: month.thursday, timeSlot: "19:00", gameType: "doubles" });
      await payViaApi(luisContext.request, luisDoubles.id, "partial");
      // Saturday 10:00: Luis's singles ($14.50) paid, then cancelled weeks ahead: refunded in full
      const luisSaturday = await bookViaApi(luisContext.request, { courtId: courts[0]!.id, date: month.saturday, timeSlot: "10:00", gameType: "singles" });
      await payViaApi(luisContext.request, luisSaturday.id, "full");
      await api(luisContext.request, "POST", "/api/cancellations", { bookingId: luisSaturday.id, userId: luis.id });
    } finally {
      await Promise.all(players.map((context) => context.close()));
    }
  });

  const period = () => `from=${month.from}&to=${month.to}&venueId=${venueId}`;

  const openReports = async (page: Page) => {
    await loginAdmin(page.context().request, e2e.world().server.admin);
    await page.goto("/admin/reports");
    await page.getByRole("heading", { name: "Informes", level: 1 }).waitFor();
    // the period and the venue chosen as the owner does: the venue, then the game dates
    await page.getByLabel("Complejo").selectOption({ label: VENUE });
    await page.getByLabel("Desde (fecha de juego)").fill(month.from);
    await page.getByLabel("Hasta (fecha de juego)").fill(month.to);
    await page.getByLabel("Hasta (fecha de juego)").blur();
    await page.waitForURL((url) => url.search === `?${period()}`);
    await page.getByTestId("occupancy-heatmap").waitFor();
    await settle(page);
  };

  const shot = async (page: Page, name: string) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const size = page.viewportSize()!;
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`), fullPage: true });
  };

  it("when the admin reads the month at the venue, then the heatmap, revenue, cancellations, balances and players are the bookings made, and the revenue CSV downloads them", async () => {
    await e2e.journey({ viewport: DESKTOP }, async (page) => {
      await openReports(page);
      const capacity = courts.length * month.thursdays;
      const heat = page.getByTestId("heat-4-19:00");
      await expect.poll(() => heat.textContent()).toContain(`${Math.round((3 * 100) / capacity)}%`);
      expect(await heat.getAttribute("title")).toContain(`3 de ${capacity} reservadas`);
      // the cancelled Saturday game holds no hour
      expect(await page.getByTestId("heat-6-10:00").textContent()).toContain("0%");

      // the screen shows what the server counted, and the server counted the bookings made
      const answer = await api<Revenue>(page.context().request, "GET", `/api/admin/reports/revenue?${period()}&groupBy=month`);
      expect(answer.rows).toHaveLength(1);
      expect(answer.total).toMatchObject({ gross: "72.25", discounts: "0.00", refunds: "14.50", bookings: 3 });
      const cents = (money: string) => Math.round(Number(money) * 100);
      expect(cents(answer.total.net)).toBe(cents("72.25") - cents(answer.total.fees) - cents("14.50"));
      const byMonth = page.getByRole("region", { name: "Ingresos por mes" });
      await byMonth.getByRole("button", { name: "Ver tabla" }).click();
      const row = byMonth.getByRole("row", { name: new RegExp(answer.rows[0]!.label) });
      expect((await row.getByRole("cell").allTextContents()).map((t) => t.trim())).toEqual([
        "3",
        "$72.25",
        "$0.00",
        `-$${answer.total.fees}`,
        "-$14.50",
        `$${answer.total.net}`,
      ]);

      const cancellations = page.getByRole("region", { name: "Cancelaciones y reembolsos" });
      expect(await cancellations.locator("dd").allTextContents()).toEqual(["1", "$14.50"]);
      const balances = page.getByRole("region", { name: "Saldos pendientes" });
      expect(await balances.getByRole("row", { name: new RegExp(luis.username) }).textContent()).toContain("$24.75");
      const players = page.getByRole("region", { name: "Jugadores con más reservas" });
      const anaRow = players.getByRole("row", { name: new RegExp(ana.username) });
      expect((await anaRow.getByRole("cell").allTextContents()).map((t) => t.trim())).toEqual(["2", "$49.50"]);
      const byCourt = page.getByRole("region", { name: "Ingresos por cancha" });
      expect(await byCourt.locator("canvas[role=img]").count()).toBe(1);

      const [download] = await Promise.all([page.waitForEvent("download"), byMonth.getByRole("button", { name: "Descargar CSV: Ingresos por mes" }).click()]);
      expect(download.suggestedFilename()).toBe(`informe-ingresos-por-mes-${month.from}-a-${month.to}.csv`);
      const text = readFileSync((await download.path())!, "utf8");
      const euros = (money: string) => money.replace(".", ",");
      expect(text.split("\r\n")).toEqual([
        "\uFEFFMes;Reservas;Bruto;Descuentos;Comisiones de tarjeta;Reembolsos;Neto",
        `${answer.rows[0]!.label};3;72,25;0,00;${euros(answer.total.fees)};14,50;${euros(answer.total.net)}`,
        `Total;3;72,25;0,00;${euros(answer.total.fees)};14,50;${euros(answer.total.net)}`,
        "",
      ]);
    });
  });

  it("when 'Desde' is after 'Hasta', then the server's Spanish message says why and no report is shown", async () => {
    await e2e.journey({ viewport: PHONE }, async (page) => {
      await openReports(page);
      await page.getByLabel("Desde (fecha de juego)").fill(addDays(month.to, 1));
      const refused = await page.context().request.get(`/api/admin/reports/occupancy?from=${addDays(month.to, 1)}&to=${month.to}`);
      expect(refused.status()).toBe(400);
      const { message } = (await refused.json()) as { message: string };
      await page.getByRole("alert").filter({ hasText: message }).waitFor();
      expect(await page.getByTestId("occupancy-heatmap").count()).toBe(0);
      await shot(page, "admin-reports-bad-period");
    });
  });

  it("when the admin filters the transactions by the month's game dates and the venue, then the list and its CSV are that month's four payments there", async () => {
    await e2e.journey({ viewport: DESKTOP }, async (page) => {
      await loginAdmin(page.context().request, e2e.world().server.admin);
      await page.goto("/admin/payments");
      const transactions = page.getByRole("region", { name: "Historial de transacciones" });
      await transactions.getByLabel("Partido desde").fill(month.from);
      await transactions.getByLabel("Partido hasta").fill(month.to);
      await transactions.getByLabel("Complejo").selectOption({ label: VENUE });
      await transactions.getByText("Página 1 de 1 · 4 transacciones").waitFor();
      // the rows come with the total's answer: wait for each player's second row, then count
      for (const player of [ana, luis]) {
        await transactions.getByText(player.username, { exact: true }).nth(1).waitFor();
        expect(await transactions.getByText(player.username, { exact: true }).count()).toBe(2);
      }

      const link = transactions.getByRole("link", { name: "Exportar CSV" });
      expect(await link.getAttribute("href")).toBe(`/api/admin/transactions.csv?gameFrom=${month.from}&gameTo=${month.to}&venueId=${venueId}`);
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const lines = readFileSync((await download.path())!, "utf8").trim().split("\r\n");
      expect(lines).toHaveLength(5);
      const [d, m, y] = [month.thursday.slice(8), month.thursday.slice(5, 7), month.thursday.slice(0, 4)];
      // each row: the venue, and the game's date (Thursday's three, Saturday's cancelled one)
      expect(lines.slice(1).map((line) => line.split(";")[4])).toEqual(Array(4).fill(VENUE));
      expect(lines.slice(1).filter((line) => line.split(";")[7] === `${d}/${m}/${y}`)).toHaveLength(3);

      // the six filters fit a phone
      await page.setViewportSize(PHONE);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await settle(page);
      // the section's heading just under the sticky top bar
      await page.evaluate(`window.scrollTo(0, document.getElementById("transacciones").getBoundingClientRect().top + window.scrollY - 80)`);
      await page.screenshot({ path: path.join(SCREENSHOTS, "admin-transactions-by-game-date-390x844.png") });
    });
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("when the reports are opened on a %s, then nothing scrolls sideways, axe finds no violation and a screenshot is saved", async (_size, viewport) => {
    await e2e.journey({ viewport }, async (page) => {
      await openReports(page);
      await page.locator("canvas[role=img]").first().waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const { violations } = await axeAudit(page);
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await shot(page, "admin-reports");
      // the tables shown to everyone still fit the phone (each scrolls inside its card) and pass axe
      const toggles = page.getByRole("button", { name: "Ver tabla" });
      while ((await toggles.count()) > 0) await toggles.first().click();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const withTables = await axeAudit(page);
      expect(withTables.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await shot(page, "admin-reports-tables");
    });
  });
});
