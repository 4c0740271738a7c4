import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, axeAudit, expectToast, horizontalOverflow, loginAdmin, registerPlayer, settle, uniqueName } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * The admin's money products (DESIGN.md section 16) in Chromium against the real server: a punch
 * card created and withdrawn on 'Bonos', a membership plan created on 'Socios' and a membership
 * recorded at the desk for a player found by the desk's search; then both screens at phone and
 * desktop size with axe and a screenshot.
 */

const VENUE = "Tenis Club Cuenca";

interface Product {
  id: string;
  name: string;
  hours: number;
  price: string;
  validDays: number;
  venueId: string | null;
  band: string | null;
  active: boolean;
}
interface Plan {
  id: string;
  name: string;
  price: string;
  months: number;
  discountPercent: number;
  windowDays: number | null;
}
interface Membership {
  planId: string;
  paidBy: string;
  active: boolean;
  purchaseId: string | null;
}

const shot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`), fullPage: true });
};

describe.skipIf(chromiumGate() !== "run")("admin money products in a real browser", () => {
  const e2e = useE2E();

  const signIn = async (page: Page, to: string, heading: string) => {
    await loginAdmin(page.context().request, e2e.world().server.admin);
    await page.goto(to);
    await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
  };

  it("when the admin creates a punch card, then the server keeps it as typed and the list shows it; withdrawn after confirming, it is off sale", async () => {
    await e2e.journey({ viewport: DESKTOP }, async (page) => {
      await signIn(page, "/admin/punch-cards", "Bonos");
      const name = uniqueName("Bono noches");
      await page.getByRole("button", { name: "Nuevo bono" }).click();
      const dialog = page.getByRole("dialog", { name: "Nuevo bono" });
      // empty: every field says why, nothing is sent
      await dialog.getByRole("button", { name: "Crear bono" }).click();
      await dialog.getByText("Escribe el nombre del bono").waitFor();
      await dialog.getByLabel("Nombre").fill(name);
      await dialog.getByLabel("Horas").fill("10");
      await dialog.getByLabel("Precio ($)").fill("95.50");
      await dialog.getByLabel("Días de validez").fill("120");
      await dialog.getByLabel("Sede").selectOption({ label: VENUE });
      await dialog.getByLabel("Franja").selectOption({ label: "Nocturna" });
      await dialog.getByRole("button", { name: "Crear bono" }).click();
      await expectToast(page, "Bono creado", `${name}: 10 horas por $95.50, ya a la venta`);
      await dialog.waitFor({ state: "detached" });

      const row = page.getByRole("table", { name: "Bonos" }).getByRole("row", { name: new RegExp(name) });
      expect((await row.locator("th, td").allTextContents()).map((t) => t.trim())).toEqual([name, "10", "$95.50", "120 días", VENUE, "Nocturna", "A la venta", "Retirar"]);
      const products = await api<Product[]>(page.context().request, "GET", "/api/admin/punch-card-products");
      const created = products.find((p) => p.name === name);
      expect(created).toMatchObject({ hours: 10, price: "95.50", validDays: 120, venueId: e2e.venue(VENUE).id, band: "night", active: true });

      await row.getByRole("button", { name: `Retirar el bono ${name}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "¿Retirar este bono?" });
      await confirm.getByRole("button", { name: "Retirar bono" }).click();
      await expectToast(page, "Bono retirado");
      await row.getByText("Retirado").waitFor();
      const after = await api<Product[]>(page.context().request, "GET", "/api/admin/punch-card-products");
      expect(after.find((p) => p.id === created!.id)?.active).toBe(false);
      // players no longer see it on sale
      const onSale = await page.context().request.get("/api/punch-card-products");
      expect(((await onSale.json()) as Product[]).some((p) => p.id === created!.id)).toBe(false);
    });
  });

  it("when the admin creates a plan and records a cash membership for a player found at the desk, then the player is a member of that plan and the sale is listed", async () => {
    const { browser, server } = e2e.world();
    const playerContext = await browser.newContext({ baseURL: server.baseUrl });
    const player = await registerPlayer(playerContext.request, "socio");
    try {
      await e2e.journey({ viewport: PHONE }, async (page) => {
        await signIn(page, "/admin/memberships", "Socios");
        await page.getByLabel("Sede").selectOption({ label: VENUE });
        await page.getByRole("heading", { name: `Planes de ${VENUE}` }).waitFor();
        const planName = uniqueName("Socio anual");
        await page.getByRole("button", { name: "Nuevo plan" }).click();
        const dialog = page.getByRole("dialog", { name: "Nuevo plan" });
        await dialog.getByLabel("Nombre").fill(planName);
        await dialog.getByLabel("Precio ($)").fill("300");
        await dialog.getByLabel("Meses").fill("12");
        await dialog.getByLabel("Descuento (%)").fill("101");
        await dialog.getByText("El campo «Descuento» debe ser un número entero de 0 a 100").waitFor();
        await dialog.getByLabel("Descuento (%)").fill("20");
        await dialog.getByLabel("Días de reserva anticipada (opcional)").fill("200");
        await dialog.getByRole("button", { name: "Crear plan" }).click();
        await expectToast(page, "Plan creado", `${planName} ya está a la venta en ${VENUE}`);
        await page.getByRole("list", { name: "Planes de socio" }).getByText(planName).waitFor();
        const plans = await api<Plan[]>(page.context().request, "GET", `/api/venues/${e2e.venue(VENUE).id}/membership-plans`);
        const plan = plans.find((p) => p.name === planName);
        expect(plan).toMatchObject({ price: "300.00", months: 12, discountPercent: 20, windowDays: 200 });

        const desk = page.getByRole("region", { name: "Registrar en el mostrador" });
        await desk.getByLabel("Buscar jugador").fill(player.username);
        await desk.getByRole("list", { name: "Jugadores encontrados" }).getByRole("button", { name: new RegExp(player.username) }).click();
        await desk.getByLabel("Plan").selectOption({ value: plan!.id });
        await desk.getByRole("button", { name: "Registrar membresía (efectivo)" }).click();
        await expectToast(page, "Membresía registrada", new RegExp(`es socio con ${planName} hasta el`));

        const memberships = await api<Membership[]>(playerContext.request, "GET", "/api/user/memberships");
        expect(memberships).toHaveLength(1);
        expect(memberships[0]).toMatchObject({ planId: plan!.id, paidBy: "cash", active: true });
        // the sale, newest first, in the phone's list
        const sales = page.getByRole("list", { name: "Ventas recientes" });
        await sales.getByRole("listitem").filter({ hasText: player.username }).filter({ hasText: "Membresía de socio" }).filter({ hasText: "$300.00" }).waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      });
    } finally {
      await playerContext.close();
    }
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("when 'Bonos' and 'Socios' are opened on a %s, then nothing scrolls sideways, axe finds no violation and a screenshot is saved", async (_size, viewport) => {
    await e2e.journey({ viewport }, async (page) => {
      const request = page.context().request;
      await loginAdmin(request, e2e.world().server.admin);
      // a product on sale and one withdrawn, so both states are audited
      const name = uniqueName("Bono 5 horas");
      await api(request, "POST", "/api/admin/punch-card-products", { name, hours: 5, price: "40.00", validDays: 60 });
      const withdrawn = await api<Product>(request, "POST", "/api/admin/punch-card-products", { name: uniqueName("Bono antiguo"), hours: 20, price: "150.00", validDays: 365, band: "day" });
      expect((await request.delete(`/api/admin/punch-card-products/${withdrawn.id}`)).status()).toBe(204);
      for (const [to, heading, file] of [
        ["/admin/punch-cards", "Bonos", "admin-punch-cards"],
        ["/admin/memberships", "Socios", "admin-memberships"],
      ] as const) {
        await page.goto(to);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        // the venue where the journey above made a plan (when it ran first)
        if (to === "/admin/memberships") await page.getByLabel("Sede").selectOption({ label: VENUE });
        await settle(page);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        const { violations } = await axeAudit(page);
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        await shot(page, file);
      }
      // the form in its dialog too
      await page.goto("/admin/punch-cards");
      await page.getByRole("button", { name: "Nuevo bono" }).click();
      const dialog = page.getByRole("dialog", { name: "Nuevo bono" });
      await dialog.getByRole("button", { name: "Crear bono" }).click();
      await dialog.getByText("Escribe el nombre del bono").waitFor();
      const { violations } = await axeAudit(page);
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await shot(page, "admin-punch-card-form");
    });
  });
});
