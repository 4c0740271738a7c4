import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, api, bookViaApi, horizontalOverflow, loginAdmin, loginPlayer, registerPlayer, type Player } from "./support/app.js";
import { chromiumGate, DESKTOP, launchBrowser, openContext, PHONE } from "./support/browser.js";
import { SCREENSHOTS } from "./support/fixture.js";
import { fakeClockEnv, FAKETIME_LIB, startServer, type E2EServer } from "./support/server.js";
import { sharedWebDist } from "./support/shared-web.js";

/**
 * Holds and the split deadline in Chromium (DESIGN.md section 8): the checkout's countdown and
 * the organiser's guarantee, the deadline on the shared-payment page, then the server restarted
 * under libfaketime past the deadline: the organiser's saved card (4000 0000 0000 0341) is
 * refused off-session, and My bookings shows 'Saldo pendiente' and the unpaid hold 'Expirada'.
 */

const gate = chromiumGate();
const SIZES = [
  { name: "phone", viewport: PHONE },
  { name: "desktop", viewport: DESKTOP },
] as const;
const SCA_CARD = "4000000000000341";

interface HoldBooking {
  id: string;
  courtId: string;
  totalAmount: string;
  paidAmount: string;
  holdExpiresAt: string | null;
  shareDeadlineAt: string | null;
  balanceDue: string;
  status: string;
}

const payShare = async (request: APIRequestContext, bookingId: string, cardNumber: string) => {
  const intent = await api<{ clientSecret: string }>(request, "POST", "/api/create-payment-intent", { bookingId, paymentType: "partial" });
  const confirmed = await api<{ paymentIntentId: string }>(request, "POST", "/api/simulated-card/confirm", {
    clientSecret: intent.clientSecret,
    cardNumber,
    expMonth: 12,
    expYear: 2035,
    cvc: "123",
  });
  await api(request, "POST", "/api/payments", { bookingId, stripePaymentIntentId: confirmed.paymentIntentId });
};

describe.skipIf(gate !== "run" || !existsSync(FAKETIME_LIB))("holds and the split deadline in a real browser", () => {
  let browser: Browser;
  let server: E2EServer | undefined;
  let dataDir: string | undefined;
  let player: Player;
  let shared: HoldBooking;
  let unpaid: HoldBooking;
  const env = { SWEEP_INTERVAL_SECONDS: "0.5", SEED_DEMO: "true" };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "courts-e2e-holds-"));
    [server, browser] = await Promise.all([startServer({ name: "holds", webDist: sharedWebDist(), env, dataDir }), launchBrowser()]);
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("when a player is about to pay, then checkout counts the hold down and states the split deadline before the pay button", async () => {
    const s = server as E2EServer;
    const setup = await openContext(browser, s.baseUrl);
    const config = await api<{ today: string }>(setup.context.request, "GET", "/api/config");
    const courts = await api<{ id: string; status: string }[]>(setup.context.request, "GET", "/api/courts");
    const court = courts.find((c) => c.status === "available")!;
    player = await registerPlayer(setup.context.request, "plazo");
    // tomorrow: the deadline (2 h before the start) comes before the link's own 48 h
    const date = addDays(config.today, 1);
    shared = await bookViaApi(setup.context.request, { courtId: court.id, date, timeSlot: "19:00", gameType: "doubles" }) as unknown as HoldBooking;
    await payShare(setup.context.request, shared.id, SCA_CARD);
    unpaid = await bookViaApi(setup.context.request, { courtId: court.id, date, timeSlot: "20:00", gameType: "singles" }) as unknown as HoldBooking;
    expect(unpaid.holdExpiresAt).not.toBeNull();
    const { shareToken: token } = await api<{ shareToken: string }>(setup.context.request, "POST", "/api/shared-payment-links", {
      bookingId: shared.id,
      maxParticipants: 4,
    });
    await setup.close();

    for (const size of SIZES) {
      const watched = await openContext(browser, s.baseUrl, { viewport: size.viewport });
      await loginPlayer(watched.context.request, player);
      const page = await watched.newPage();
      await page.goto(`/checkout/${unpaid.id}`);
      const timer = page.getByRole("timer");
      await expect.poll(async () => (await timer.textContent()) ?? "").toMatch(/Tu reserva se mantiene (14:[0-5]\d|15:00)/);
      const first = (await timer.textContent()) ?? "";
      // it ticks: a second on, the countdown reads otherwise
      await expect.poll(async () => (await timer.textContent()) ?? "", { timeout: 3_000, message: "the hold's countdown did not tick" }).not.toBe(first);
      await page.getByText("Lo que falte a esa hora se cobrará a esta tarjeta.", { exact: false }).waitFor();
      const guarantee = page.getByText("Lo que falte a esa hora se cobrará a esta tarjeta.", { exact: false });
      // the unpaid booking (singles) starts at 20:00: the other player can pay until 18:00
      expect(await guarantee.textContent()).toMatch(/El otro jugador puede pagar su parte hasta el .+ a las 18:00\./);
      expect(await horizontalOverflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `hold-checkout-${size.name}.png`), fullPage: true });

      await page.goto(`/shared-payment/${token}`);
      const deadline = page.getByText("lo que falte se cobra a la tarjeta del organizador", { exact: false });
      await deadline.waitFor();
      expect(await deadline.textContent()).toMatch(/Puedes pagar tu parte hasta el .+ a las 17:00\./);
      await page.screenshot({ path: path.join(SCREENSHOTS, `hold-shared-payment-${size.name}.png`), fullPage: true });
      expect(watched.problems).toEqual([]);
      await watched.close();
    }
  }, 120_000);

  it("when the server restarts past the deadline and the saved card is refused, then My bookings shows 'Saldo pendiente' and 'Expirada'", async () => {
    await (server as E2EServer).stop();
    const seconds = Math.ceil((Date.parse(shared.shareDeadlineAt ?? "") - Date.now()) / 1000) + 120;
    server = await startServer({ name: "holds-later", webDist: sharedWebDist(), env: { ...env, ...fakeClockEnv(`+${seconds}s`) }, dataDir });
    const s = server;
    const watchedSetup = await openContext(browser, s.baseUrl);
    await loginPlayer(watchedSetup.context.request, player);
    await expect
      .poll(async () => (await api<HoldBooking>(watchedSetup.context.request, "GET", `/api/bookings/${shared.id}`)).balanceDue, { timeout: 20_000 })
      .not.toBe("0.00");
    const due = (await api<HoldBooking>(watchedSetup.context.request, "GET", `/api/bookings/${shared.id}`)).balanceDue;
    await watchedSetup.close();

    for (const size of SIZES) {
      const watched = await openContext(browser, s.baseUrl, { viewport: size.viewport });
      await loginPlayer(watched.context.request, player);
      const page = await watched.newPage();
      await page.goto("/my-bookings");
      const card = page.locator("li").filter({ hasText: `Saldo pendiente $${due}` });
      await card.waitFor();
      await card.getByRole("link", { name: "Completar Pago" }).waitFor();
      const wide = await page.evaluate<string>(
        "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)" +
          ".slice(0, 6).map((e) => e.tagName + ' ' + String(e.className).slice(0, 90)).join(' | ')",
      );
      expect(await horizontalOverflow(page), `${page.url()} scrolls sideways: ${wide}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `hold-my-bookings-balance-${size.name}.png`), fullPage: true });
      // the expired hold sits under 'Pasadas' (DESIGN.md section 14); the balance due, still ahead, under 'Próximas'
      await page.getByRole("tab", { name: "Pasadas" }).click();
      await page.locator("li").filter({ hasText: "Expirada" }).first().waitFor();
      await page.getByRole("tab", { name: "Próximas" }).click();

      await card.getByRole("link", { name: "Completar Pago" }).click();
      await page.getByText(`Saldo pendiente $${due}`).waitFor();
      await page.getByRole("button", { name: `Confirmar y Pagar $${due}` }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOTS, `hold-checkout-balance-${size.name}.png`), fullPage: true });

      // the booking screen says it before the player chooses anything, and offers no booking until it is paid
      await page.goto(`/booking/${shared.courtId}`);
      const owed = page.getByRole("alert").filter({ hasText: `Saldo pendiente $${due}` });
      await owed.waitFor();
      expect(await owed.getByRole("link", { name: "Completar Pago" }).getAttribute("href")).toBe(`/checkout/${shared.id}`);
      expect(await page.getByTestId("booking-bar").getByRole("button", { name: "Continuar al Pago →" }).isDisabled()).toBe(true);
      // the summary says why, on a phone too, instead of 'Podrás pagar el total o solo tu parte'
      expect(await page.getByTestId("owed-note").isVisible()).toBe(true);
      expect(await page.getByTestId("owed-note").textContent()).toBe(`Paga el saldo pendiente de $${due} para poder continuar.`);
      expect(await horizontalOverflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, `hold-booking-balance-${size.name}.png`), fullPage: true });

      const admin = await openContext(browser, s.baseUrl, { viewport: size.viewport });
      await loginAdmin(admin.context.request, s.admin);
      const adminPage = await admin.newPage();
      await adminPage.goto("/admin/payments");
      await adminPage.getByText("Saldos pendientes").waitFor();
      await adminPage.getByText(player.username).first().waitFor();
      await adminPage.screenshot({ path: path.join(SCREENSHOTS, `hold-admin-balances-${size.name}.png`), fullPage: true });
      expect([...watched.problems, ...admin.problems]).toEqual([]);
      await admin.close();
      await watched.close();
    }
  }, 240_000);
});
