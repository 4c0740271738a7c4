import path from "node:path";
import { memberPrice } from "@courts/core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  api,
  cents,
  dollars,
  expectToast,
  fillCard,
  horizontalOverflow,
  loginAdmin,
  registerPlayer,
  settle,
  SUCCEEDING_CARD,
  type CourtInfo,
} from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * Memberships ('Socios', DESIGN.md section 16) in Chromium at phone and desktop size: the club
 * sells a plan at a venue (by the API, as the admin does); a player finds it in the venue page's
 * 'Hazte socio', pays it by card, reads 'Eres socio hasta el ...', sees 'Precio socio' on the day
 * grid and the tariffs, and books an hour paying the member's price: the server charged it, not
 * the court's. A screenshot of the venue page before and after, and of the booking screen, is kept in
 * artifacts/screenshots.
 */

const gate = chromiumGate();
const SIZES = [
  { name: "390", viewport: PHONE },
  { name: "1280", viewport: DESKTOP },
] as const;

const PLAN = { name: "Socio Mensual", price: "40.00", months: 1, discountPercent: 20, windowDays: 120 };

describe.skipIf(gate !== "run")("memberships in a real browser", () => {
  const e2e = useE2E();
  let court: CourtInfo;

  beforeAll(async () => {
    const world = e2e.world();
    court = world.courts.find((c) => c.status === "available")!;
    const admin = await world.browser.newContext({ baseURL: world.server.baseUrl });
    try {
      await loginAdmin(admin.request, world.server.admin);
      await api(admin.request, "POST", "/api/admin/membership-plans", { venueId: court.venueId, ...PLAN });
    } finally {
      await admin.close();
    }
  });

  it.each(SIZES)(
    "when a player at $name px buys the venue's plan on its page, then the page says until when, shows 'Precio socio' and a booking is charged the member's price",
    async ({ name, viewport }) => {
      await e2e.journey({ viewport }, async (page, watched) => {
        const { request } = watched.context;
        const world = e2e.world();
        await registerPlayer(request, `socio${name}`);
        const normal = cents(court.daySinglesPrice);
        const member = memberPrice(normal, PLAN.discountPercent);
        expect(member).toBeLessThan(normal);
        const shot = async (what: string) => {
          // the screen from its top, without a toast over it
          for (const close of await page.getByRole("button", { name: /Cerrar/ }).all()) await close.click().catch(() => undefined);
          await page.evaluate("window.scrollTo(0, 0)");
          await page.screenshot({ path: path.join(SCREENSHOTS, `memberships-${what}-${name}.png`), fullPage: true });
        };
        const date = addDays(world.today, name === "390" ? 8 : 9);

        // not a member yet: the grid charges the court's price, the plan is on sale with what it takes off
        await page.goto(`/venue/${court.venueId}?date=${date}`);
        const section = page.getByRole("region", { name: "Hazte socio" });
        await section.getByRole("heading", { name: PLAN.name }).waitFor();
        await section.getByText("$40.00", { exact: true }).waitFor();
        await section.getByText("20 % de descuento en cada reserva").waitFor();
        await section.getByText("Reserva con hasta 120 días de anticipación").waitFor();
        await page.getByRole("link", { name: `${court.name}, 09:00, libre, ${dollars(normal)}` }).waitFor();
        await page.getByRole("table", { name: "Tarifas por hora" }).getByText(`Precio socio: ${dollars(member)}`).first().waitFor();
        await settle(page);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot("venue-plans");

        // the plan, paid by card on the venue page
        await section.getByRole("button", { name: "Elegir este plan" }).click();
        const pay = section.getByRole("form", { name: "Datos de la tarjeta" });
        await fillCard(pay, SUCCEEDING_CARD);
        await section.getByRole("button", { name: "Pagar $40.00" }).click();
        await expectToast(page, "¡Ya eres socio!");
        const mine = page.getByRole("region", { name: "Tu membresía" });
        await mine.getByText(/^Eres socio hasta el \d{1,2} de [a-z]+ de \d{4}$/).waitFor();
        const memberships = await api<{ venueId: string; active: boolean; purchaseId: string | null }[]>(request, "GET", "/api/user/memberships");
        expect(memberships.map((m) => [m.venueId, m.active])).toEqual([[court.venueId, true]]);
        // its receipt: a PDF from the section's button, and from the API
        await mine.getByRole("button", { name: "Descargar recibo" }).click();
        await expectToast(page, "Recibo descargado");
        const receipt = await request.get(`/api/user/purchases/${memberships[0]!.purchaseId}/invoice`);
        expect([receipt.status(), receipt.headers()["content-type"]]).toEqual([200, "application/pdf"]);

        // a member: every free hour and the tariffs read 'Precio socio'
        const cell = page.getByRole("link", { name: `${court.name}, 09:00, libre, Precio socio ${dollars(member)}` });
        await cell.waitFor();
        expect(await cell.textContent()).toBe(dollars(member));
        await page.getByText("Libre (Precio socio por hora)").waitFor();
        await settle(page);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot("venue-member");

        // the hour booked from the grid, at the member's price, and paid in full by card
        await cell.click();
        await page.waitForURL(`**/booking/${court.id}?date=${date}&slot=09:00`);
        await page.getByTestId("booking-total").filter({ hasText: dollars(member) }).waitFor();
        await page.getByTestId("member-note").filter({ hasText: "Precio socio: 20 % de descuento ya aplicado." }).waitFor();
        await settle(page);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot("booking");
        await page.getByRole("button", { name: "Continuar al Pago →" }).click();
        await page.waitForURL(/\/checkout\/[^/]+$/);
        const bookingId = new URL(page.url()).pathname.split("/").pop()!;
        await page.getByRole("heading", { level: 1, name: "Completar Pago" }).waitFor();
        await page.getByRole("radio", { name: /Pago completo/ }).check();
        await fillCard(page, SUCCEEDING_CARD);
        await page.getByRole("button", { name: `Confirmar y Pagar ${dollars(member)}` }).click();
        await page.getByRole("heading", { level: 1, name: "¡Pago confirmado!" }).waitFor();

        const booking = await api<{ totalAmount: string; paidAmount: string }>(request, "GET", `/api/bookings/${bookingId}`);
        expect([booking.totalAmount, booking.paidAmount]).toEqual([(member / 100).toFixed(2), (member / 100).toFixed(2)]);
      });
    },
  );
});
