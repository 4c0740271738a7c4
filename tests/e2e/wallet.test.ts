import path from "node:path";
import { describe, expect, it } from "vitest";
import { addDays, api, bookViaApi, expectToast, fillCard, horizontalOverflow, registerPlayer, settle, SUCCEEDING_CARD } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * The wallet in Chromium at phone and desktop size (DESIGN.md section 16): checkout offers
 * 'Monedero' with the balance and says why it cannot pay with none; Settings' 'Monedero' tops up
 * by card and lists the movement; checkout then pays a booking from it in one tap. A screenshot
 * of each screen is kept in artifacts/screenshots.
 */

const gate = chromiumGate();
const SIZES = [
  { name: "390", viewport: PHONE },
  { name: "1280", viewport: DESKTOP },
] as const;

describe.skipIf(gate !== "run")("the wallet in a real browser", () => {
  const e2e = useE2E();

  it.each(SIZES)("when a player at $name px tops up their wallet and pays a booking from it, then each step reads right and nothing scrolls sideways", async ({ name, viewport }) => {
    await e2e.journey({ viewport }, async (page, watched) => {
      const { request } = watched.context;
      const world = e2e.world();
      const player = await registerPlayer(request, `monedero${name}`);
      const court = world.courts.find((c) => c.status === "available")!;
      const shot = async (what: string) => {
        // the screen from its top, without a toast over it (a fixed bar would sit mid-page otherwise)
        for (const close of await page.getByRole("button", { name: /Cerrar/ }).all()) await close.click().catch(() => undefined);
        await page.evaluate("window.scrollTo(0, 0)");
        await page.screenshot({ path: path.join(SCREENSHOTS, `wallet-${what}-${name}.png`), fullPage: true });
      };
      const booking = await bookViaApi(request, { courtId: court.id, date: addDays(world.today, name === "390" ? 4 : 5), timeSlot: "09:00", gameType: "singles" });

      // an empty wallet: offered, with the reason it cannot pay
      await page.goto(`/checkout/${booking.id}`);
      await page.getByRole("radio", { name: /Monedero/ }).check();
      const payButton = page.getByRole("button", { name: /con el monedero/ });
      await expect.poll(() => payButton.isDisabled()).toBe(true);
      await page.getByText(/Saldo insuficiente: tienes \$0\.00/).waitFor();
      await settle(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot("checkout-insufficient");

      // Settings' 'Monedero': a top-up by card
      await page.getByRole("link", { name: "Recargar monedero" }).click();
      await page.getByRole("tab", { name: "Monedero", selected: true }).waitFor();
      await page.getByLabel("Monto a recargar").fill("50");
      await fillCard(page, SUCCEEDING_CARD);
      await page.getByRole("button", { name: "Recargar $50.00" }).click();
      await expectToast(page, "Recarga exitosa", "Tu saldo es $50.00");
      await page.getByText("Recarga con tarjeta").waitFor();
      await expect.poll(async () => page.getByText("$50.00", { exact: true }).first().isVisible()).toBe(true);
      await settle(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot("settings");

      // back at checkout: the whole booking from the wallet, no card
      await page.goto(`/checkout/${booking.id}`);
      await page.getByRole("radio", { name: /Pago completo/ }).check();
      await page.getByRole("radio", { name: /Monedero/ }).check();
      await page.getByText("Sin comisión. Te quedarán $35.50.").waitFor();
      await settle(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await shot("checkout");
      await page.getByRole("button", { name: "Pagar $14.50 con el monedero" }).click();
      await page.getByRole("heading", { name: "¡Pago confirmado!" }).waitFor();

      const wallet = await api<{ balance: string; entries: { kind: string; amount: string }[] }>(request, "GET", "/api/user/wallet");
      expect(wallet.balance).toBe("35.50");
      expect(wallet.entries.map((e) => [e.kind, e.amount])).toEqual([
        ["payment", "-14.50"],
        ["topup", "50.00"],
      ]);
      void player;
    });
  });
});
