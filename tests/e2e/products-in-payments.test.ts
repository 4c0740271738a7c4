import { mkdirSync } from "node:fs";
import path from "node:path";
import { memberPrice } from "@courts/core";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  api,
  bookViaApi,
  cents,
  dollars,
  horizontalOverflow,
  loginAdmin,
  payViaApi,
  registerPlayer,
  settle,
  SUCCEEDING_CARD,
  type CourtInfo,
} from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * Money products in the screens (DESIGN.md section 16, issue 64) in Chromium against the real
 * server: a member's booking reads 'Precio socio' at checkout with the court's price struck
 * through, and the admin's 'Pagos' lists the membership sold at the desk and the wallet top-up paid
 * by card as products (their name, the sale day, the method, the receipt's PDF), not as games.
 * Screenshots of both screens at phone and desktop size are kept in artifacts/screenshots.
 */

const SIZES = [
  { name: "390", viewport: PHONE },
  { name: "1280", viewport: DESKTOP },
] as const;

const PLAN = { name: "Socio Escritorio", price: "45.00", months: 1, discountPercent: 20 };

const shot = async (page: Page, what: string, size: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.evaluate("window.scrollTo(0, 0)");
  await page.screenshot({ path: path.join(SCREENSHOTS, `products-${what}-${size}.png`), fullPage: true });
};

describe.skipIf(chromiumGate() !== "run")("money products at checkout and in the admin's payments", () => {
  const e2e = useE2E();
  let court: CourtInfo;
  let planId: string;

  beforeAll(async () => {
    const world = e2e.world();
    court = world.courts.find((c) => c.status === "available")!;
    const admin = await world.browser.newContext({ baseURL: world.server.baseUrl });
    try {
      await loginAdmin(admin.request, world.server.admin);
      planId = (await api<{ id: string }>(admin.request, "POST", "/api/admin/membership-plans", { venueId: court.venueId, ...PLAN })).id;
    } finally {
      await admin.close();
    }
  });

  it.each(SIZES)(
    "when a member sold at the desk tops up and books at $name px, then checkout says 'Precio socio' and 'Pagos' lists both products as products",
    async ({ name, viewport }) => {
      const world = e2e.world();
      const normal = cents(court.daySinglesPrice);
      const member = memberPrice(normal, PLAN.discountPercent);
      let email = "";

      await e2e.journey({ viewport }, async (page, watched) => {
        const { request } = watched.context;
        const player = await registerPlayer(request, `prod${name}`);
        email = player.email;
        // the membership, paid in cash at the desk
        const admin = await world.browser.newContext({ baseURL: world.server.baseUrl });
        try {
          await loginAdmin(admin.request, world.server.admin);
          await api(admin.request, "POST", `/api/admin/users/${player.id}/memberships`, { planId });
        } finally {
          await admin.close();
        }
        // a wallet top-up by card, as the settings' form does it
        const intent = await api<{ clientSecret: string; paymentIntentId: string }>(request, "POST", "/api/user/wallet/top-ups", { amount: "20.00" });
        await api(request, "POST", "/api/simulated-card/confirm", {
          clientSecret: intent.clientSecret,
          cardNumber: SUCCEEDING_CARD.replace(/ /g, ""),
          expMonth: 12,
          expYear: 2035,
          cvc: "123",
        });
        await api(request, "POST", `/api/user/purchases/${intent.paymentIntentId}`);

        // a booking as a member: charged the member's price, and checkout says so
        const booking = await bookViaApi(request, { courtId: court.id, date: addDays(world.today, name === "390" ? 12 : 13), timeSlot: "09:00", gameType: "singles" });
        expect(cents(booking.totalAmount)).toBe(member);
        await page.goto(`/checkout/${booking.id}`);
        await page.getByRole("heading", { level: 1, name: "Completar Pago" }).waitFor();
        await page.getByText("Precio socio", { exact: true }).waitFor();
        await page.getByTestId("checkout-total").filter({ hasText: dollars(member) }).waitFor();
        expect(await page.locator("s").filter({ hasText: dollars(normal) }).count()).toBe(1);
        await page.getByTestId("member-note").filter({ hasText: "Precio socio: 20 % de descuento ya aplicado." }).waitFor();
        await settle(page);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot(page, "checkout", name);
        // paid in full: a booking's row beside the products' in the admin's list
        await payViaApi(request, booking.id, "full");
      });

      await e2e.journey({ viewport }, async (page) => {
        await loginAdmin(page.context().request, world.server.admin);
        await page.goto("/admin/payments");
        const transactions = page.getByRole("region", { name: "Historial de transacciones" });
        const rowOf = (concept: string) => transactions.locator("li").filter({ hasText: email }).filter({ hasText: concept });
        const membership = rowOf(`Membresía de socio: ${PLAN.name}`);
        const topUp = rowOf("Recarga de monedero");
        await membership.waitFor();
        await topUp.waitFor();
        for (const [row, method] of [
          [membership, "Efectivo"],
          [topUp, "Tarjeta"],
        ] as const) {
          await row.getByText(method, { exact: true }).waitFor();
          // the club's day of the sale: the day the row's first column says it was paid, whatever the hour
          const day = await row.locator("p").first().textContent();
          await row.getByText(`Venta ${day}`, { exact: true }).waitFor();
          expect(await row.textContent()).not.toContain("Partido");
          await row.getByRole("button", { name: /^Descargar recibo/ }).waitFor();
        }
        await membership.getByText(`$${PLAN.price}`).waitFor();
        // the booking's row: the game it paid for, at the member's price
        const game = transactions.locator("li").filter({ hasText: email }).filter({ hasText: /Partido \d{2}\/\d{2}\/\d{4} · 09:00/ });
        await game.getByText(dollars(member), { exact: true }).waitFor();
        expect(await game.getByRole("button", { name: /^Descargar recibo/ }).count()).toBe(0);
        await topUp.getByText("$20.00").waitFor();
        // the receipt, from the row's button
        const download = page.waitForEvent("download");
        await membership.getByRole("button", { name: /^Descargar recibo/ }).click();
        expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
        await settle(page);
        expect(await horizontalOverflow(page)).toBe(0);
        await page.screenshot({ path: path.join(SCREENSHOTS, `products-admin-payments-${name}.png`), fullPage: true });
        await transactions.screenshot({ path: path.join(SCREENSHOTS, `products-admin-transactions-${name}.png`) });
      });
    },
  );
});
