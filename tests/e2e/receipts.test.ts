import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, expectToast, horizontalOverflow, loginAdmin, registerPlayer, settle, SUCCEEDING_CARD, uniqueName } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * The receipts of what a player bought (DESIGN.md section 16, "Every product has an invoice or
 * receipt") in Chromium at phone and desktop size: Settings' 'Monedero' lists the top-ups and
 * 'Bonos' the punch cards and memberships, each with 'Descargar recibo' saving the PDF; and the
 * admin withdraws a membership plan on 'Socios' after confirming. Screenshots in artifacts/screenshots.
 */

const VENUE = "Tenis Club Cuenca";
const SIZES = [
  { name: "390", viewport: PHONE },
  { name: "1280", viewport: DESKTOP },
] as const;

const shot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const close of await page.getByRole("button", { name: /Cerrar/ }).all()) await close.click().catch(() => undefined);
  await page.evaluate("window.scrollTo(0, 0)");
  const size = page.viewportSize()!;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`), fullPage: true });
};

/** A purchase opened by the player, its card confirmed and recorded, as the screens do it. */
const buyViaApi = async (request: APIRequestContext, url: string, body: unknown) => {
  const intent = await api<{ clientSecret: string; paymentIntentId: string }>(request, "POST", url, body);
  await api(request, "POST", "/api/simulated-card/confirm", { clientSecret: intent.clientSecret, cardNumber: SUCCEEDING_CARD.replace(/ /g, ""), expMonth: 12, expYear: 2035, cvc: "123" });
  return api<{ id: string; invoiceNumber: string }>(request, "POST", `/api/user/purchases/${intent.paymentIntentId}`);
};

describe.skipIf(chromiumGate() !== "run")("the player's receipts and a withdrawn plan in a real browser", () => {
  const e2e = useE2E();

  it.each(SIZES)("when a player at $name px bought a top-up, a punch card and a membership, then Settings lists each with its receipt and 'Descargar recibo' saves the PDF", async ({ name, viewport }) => {
    const { browser, server } = e2e.world();
    const adminContext = await browser.newContext({ baseURL: server.baseUrl });
    try {
      await loginAdmin(adminContext.request, server.admin);
      const productName = uniqueName("Bono recibos");
      const product = await api<{ id: string }>(adminContext.request, "POST", "/api/admin/punch-card-products", { name: productName, hours: 5, price: "60.00", validDays: 60 });
      const planName = uniqueName("Socio recibos");
      const plan = await api<{ id: string }>(adminContext.request, "POST", "/api/admin/membership-plans", { venueId: e2e.venue(VENUE).id, name: planName, price: "90.00", months: 6, discountPercent: 10 });

      await e2e.journey({ viewport }, async (page, watched) => {
        const { request } = watched.context;
        const player = await registerPlayer(request, `recibos${name}`);
        const topUp = await buyViaApi(request, "/api/user/wallet/top-ups", { amount: "25.00" });
        await buyViaApi(request, "/api/user/punch-cards", { productId: product.id });
        await api(adminContext.request, "POST", `/api/admin/users/${player.id}/memberships`, { planId: plan.id });

        await page.goto("/settings?tab=wallet");
        const topUps = page.getByRole("list", { name: "Recibos de recargas" });
        const row = topUps.getByRole("listitem").filter({ hasText: "Recarga de monedero" });
        await row.filter({ hasText: "$25.00" }).filter({ hasText: `Recibo N.º ${topUp.invoiceNumber}` }).waitFor();
        const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: /Descargar recibo/ }).click()]);
        expect(download.suggestedFilename()).toBe(`factura-${topUp.invoiceNumber}.pdf`);
        const file = await download.path();
        expect(file).toBeTruthy();
        await expectToast(page, "Recibo descargado");
        await settle(page);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shot(page, "receipts-wallet");

        await page.goto("/settings?tab=bonos");
        await page.getByRole("list", { name: "Recibos de bonos" }).getByText(`Bono de horas: ${productName}`).waitFor();
        const memberships = page.getByRole("list", { name: "Recibos de membresías" });
        await memberships.getByRole("listitem").filter({ hasText: `Membresía de socio: ${planName}` }).filter({ hasText: "Efectivo en el club" }).waitFor();
        const [receipt] = await Promise.all([page.waitForEvent("download"), memberships.getByRole("button", { name: /Descargar recibo/ }).click()]);
        expect(receipt.suggestedFilename()).toMatch(/^factura-.+\.pdf$/);
        await settle(page);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shot(page, "receipts-bonos");
      });
    } finally {
      await adminContext.close();
    }
  });

  it.each(SIZES)("when the admin at $name px withdraws a plan on 'Socios' after confirming, then it leaves the list and players no longer see it", async ({ viewport }) => {
    await e2e.journey({ viewport }, async (page) => {
      const { request } = page.context();
      await loginAdmin(request, e2e.world().server.admin);
      const venueId = e2e.venue(VENUE).id;
      const planName = uniqueName("Socio retirar");
      const plan = await api<{ id: string }>(request, "POST", "/api/admin/membership-plans", { venueId, name: planName, price: "120.00", months: 3, discountPercent: 15 });
      await page.goto("/admin/memberships");
      await page.getByRole("heading", { name: "Socios", level: 1 }).waitFor();
      await page.getByLabel("Sede").selectOption({ label: VENUE });
      const plans = page.getByRole("list", { name: "Planes de socio" });
      await plans.getByText(planName).waitFor();
      await settle(page);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, "plans-withdraw");
      await plans.getByRole("button", { name: `Retirar el plan ${planName}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "¿Retirar este plan?" });
      await confirm.getByText("Los socios que ya lo compraron conservan su membresía hasta que termine.").waitFor();
      await shot(page, "plans-withdraw-confirm");
      await confirm.getByRole("button", { name: "Retirar plan" }).click();
      await expectToast(page, "Plan retirado", `${planName} ya no está a la venta`);
      await plans.getByText(planName).waitFor({ state: "detached" });
      const listed = await api<{ id: string }[]>(request, "GET", `/api/venues/${venueId}/membership-plans`);
      expect(listed.some((p) => p.id === plan.id)).toBe(false);
    });
  });
});
