import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, api, bookViaApi, expectToast, fillCard, horizontalOverflow, loginAdmin, registerPlayer, settle, SUCCEEDING_CARD, type CourtInfo } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * Punch cards ('Bonos', DESIGN.md section 16) in Chromium at phone and desktop size: a player buys
 * the club's card by card in Settings' 'Bonos', sees it there with its hours and expiry, and pays
 * a booking with one hour of it at checkout ('Bono'): paid in full, no card, one hour fewer. A
 * screenshot of each screen is kept in artifacts/screenshots.
 */

const gate = chromiumGate();
const SIZES = [
  { name: "390", viewport: PHONE },
  { name: "1280", viewport: DESKTOP },
] as const;

interface PunchCard {
  readonly id: string;
  readonly name: string;
  readonly hours: number;
  readonly hoursLeft: number;
  readonly usable: boolean;
}

describe.skipIf(gate !== "run")("punch cards in a real browser", () => {
  const e2e = useE2E();
  let court: CourtInfo;
  const PRODUCT = "Bono 10 horas de día";

  beforeAll(async () => {
    const world = e2e.world();
    court = world.courts.find((c) => c.status === "available")!;
    const admin = await world.browser.newContext({ baseURL: world.server.baseUrl });
    try {
      await loginAdmin(admin.request, world.server.admin);
      await api(admin.request, "POST", "/api/admin/punch-card-products", { name: PRODUCT, hours: 10, price: "120.00", validDays: 90, venueId: court.venueId, band: "day" });
      await api(admin.request, "POST", "/api/admin/punch-card-products", { name: "Bono 5 horas", hours: 5, price: "65.00", validDays: 60 });
    } finally {
      await admin.close();
    }
  });

  it.each(SIZES)("when a player at $name px buys a bono in Settings and pays a booking with it, then the booking is paid and the bono has an hour fewer", async ({ name, viewport }) => {
    await e2e.journey({ viewport }, async (page, watched) => {
      const { request } = watched.context;
      const world = e2e.world();
      await registerPlayer(request, `bono${name}`);
      const shot = async (what: string) => {
        // the screen from its top, without a toast over it
        for (const close of await page.getByRole("button", { name: /Cerrar/ }).all()) await close.click().catch(() => undefined);
        await page.evaluate("window.scrollTo(0, 0)");
        await page.screenshot({ path: path.join(SCREENSHOTS, `punch-cards-${what}-${name}.png`), fullPage: true });
      };
      const booking = await bookViaApi(request, { courtId: court.id, date: addDays(world.today, name === "390" ? 6 : 7), timeSlot: "09:00", gameType: "singles" });

      // with no bono yet, checkout offers the card and the wallet only
      await page.goto(`/checkout/${booking.id}`);
      await page.getByRole("radio", { name: /Monedero/ }).waitFor();
      await settle(page);
      expect(await page.getByRole("radio", { name: /Bono/ }).count()).toBe(0);

      // Settings' 'Bonos': the products on sale, bought by card
      await page.goto("/settings?tab=bonos");
      await page.getByRole("tab", { name: "Bonos", selected: true }).waitFor();
      await page.getByText("Aún no tienes bonos").waitFor();
      await page.getByRole("radio", { name: new RegExp(PRODUCT) }).check();
      await fillCard(page, SUCCEEDING_CARD);
      await page.getByRole("button", { name: "Comprar por $120.00" }).click();
      await expectToast(page, "Bono comprado", `${PRODUCT}: 10 horas para tus reservas`);
      const mine = page.getByRole("list", { name: "Mis bonos" });
      await mine.getByText("Quedan 10 de 10 horas").waitFor();
      await mine.getByText("Vigente").waitFor();
      await mine.getByText(/Horario de día/).waitFor();
      await mine.getByText(/^Vence el \d{1,2} de [a-z]+ de \d{4}$/).waitFor();
      await settle(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot("settings");

      // checkout: 'Bono' pays the whole booking with one hour, no card
      await page.goto(`/checkout/${booking.id}`);
      await page.getByRole("radio", { name: /Bono/ }).check();
      await page.getByText("Una hora del bono paga la reserva completa, sin comisión. Te quedarán 9 horas en este bono.").waitFor();
      expect(await page.getByRole("button", { name: /Confirmar y Pagar/ }).count()).toBe(0);
      await settle(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot("checkout");
      await page.getByRole("button", { name: "Pagar con el bono" }).click();
      await page.getByRole("heading", { name: "¡Pago confirmado!" }).waitFor();
      await page.getByText("Tu reserva está pagada por completo.").waitFor();
      await settle(page);
      await shot("paid");

      const paid = await api<{ paymentStatus: string; paidAmount: string; totalAmount: string }>(request, "GET", `/api/bookings/${booking.id}`);
      expect(paid.paymentStatus).toBe("completed");
      const cards = await api<PunchCard[]>(request, "GET", "/api/user/punch-cards");
      expect(cards.map((c) => [c.name, c.hoursLeft, c.hours, c.usable])).toEqual([[PRODUCT, 9, 10, true]]);

      // back in Settings the bono says so
      await page.goto("/settings?tab=bonos");
      await page.getByRole("list", { name: "Mis bonos" }).getByText("Quedan 9 de 10 horas").waitFor();
    });
  });
});
