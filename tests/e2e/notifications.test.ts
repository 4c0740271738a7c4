import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { addDays, bookViaApi, horizontalOverflow, loginPlayer, payViaApi, registerPlayer, type Player } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * Section 9 in Chromium: the 'Notificaciones' tab, 'Añadir al calendario', who paid, and
 * 'Avisarme si se libera', at phone and desktop sizes, with a screenshot of each.
 */
const gate = chromiumGate();
if (gate === "fail") throw new Error("REQUIRE_CHROMIUM=1 but /usr/bin/chromium is missing");

const shoot = async (page: Page, name: string, size: "phone" | "desktop") => {
  const dir = path.join(SCREENSHOTS, "notifications");
  mkdirSync(dir, { recursive: true });
  expect(await horizontalOverflow(page), `${name} overflows at ${size}`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(dir, `${name}-${size}.png`), fullPage: true });
};

describe.skipIf(gate !== "run")("notifications and calendars in a real browser", () => {
  const e2e = useE2E();

  /** a player with a booking (paid in part) `days` ahead at 19:00; each test its own day */
  const setUp = async (page: Page, days: number) => {
    const { courts, today } = e2e.world();
    const player: Player = await registerPlayer(page.request, "avisos");
    const court = courts[2]!;
    const date = addDays(today, days);
    const booking = await bookViaApi(page.request, { courtId: court.id, date, timeSlot: "19:00", gameType: "singles" });
    await payViaApi(page.request, booking.id, "partial");
    return { player, court, date, booking };
  };

  for (const [size, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    const base = size === "phone" ? 6 : 9;
    it(`at ${size} size: the reminder switch, the feed address (copy, regenerate) and 'Añadir al calendario' work`, async () => {
      await e2e.journey({ viewport, clipboard: true }, async (page) => {
        const { court, booking } = await setUp(page, base);
        await page.goto("/settings");
        await page.getByRole("tab", { name: "Notificaciones" }).click();
        const reminders = page.getByRole("switch", { name: "Recordatorio 24 h antes" });
        await reminders.waitFor();
        expect(await reminders.getAttribute("aria-checked")).toBe("true");
        const feed = page.getByLabel("Tu calendario de reservas");
        const first = await feed.inputValue();
        expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
        await shoot(page, "settings-notificaciones", size);

        await reminders.click();
        await page.getByText("Recordatorios desactivados").first().waitFor();
        expect(await reminders.getAttribute("aria-checked")).toBe("false");
        await page.getByRole("button", { name: "Copiar link" }).click();
        await page.getByText("Link copiado").first().waitFor();
        expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(first);
        await page.getByRole("button", { name: "Generar nueva dirección" }).click();
        // asked first: the old address stops working in the calendars that use it
        const renewal = page.getByRole("alertdialog", { name: "¿Generar una nueva dirección?" });
        await renewal.getByText(/dejará de funcionar/).waitFor();
        expect(await feed.inputValue()).toBe(first);
        await renewal.getByRole("button", { name: "Crear dirección nueva" }).click();
        await page.getByText("Nueva dirección creada").first().waitFor();
        await expect.poll(() => feed.inputValue()).not.toBe(first);
        const second = await feed.inputValue();
        expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
        const events = Object.values(ical.sync.parseICS(await (await page.request.get(new URL(second).pathname)).text())).filter(
          (c): c is VEvent => c?.type === "VEVENT",
        );
        expect(events.map((e) => e.uid)).toContain(`reserva-${booking.id}@canchas`);

        await page.goto("/my-bookings");
        const card = page.getByRole("listitem").filter({ hasText: court.name }).filter({ hasText: "Parcial" }).first();
        await card.getByText("Quién pagó").click();
        await card.getByText("(tú)").waitFor();
        const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Añadir al calendario" }).click()]);
        const file = readFileSync((await download.path()) ?? "", "utf8");
        const [event] = Object.values(ical.sync.parseICS(file)).filter((c): c is VEvent => c?.type === "VEVENT");
        expect(event?.uid).toBe(`reserva-${booking.id}@canchas`);
        await card.scrollIntoViewIfNeeded();
        await shoot(page, "my-bookings-calendar-payers", size);
      });
    });

    it(`at ${size} size: a player asks to be told when a taken slot frees, and can take the wish back`, async () => {
      let target: { courtId: string; date: string } | undefined;
      await e2e.journey({ viewport }, async (page) => {
        const { court, date } = await setUp(page, base + 1);
        target = { courtId: court.id, date };
      });
      await e2e.journey({ viewport }, async (page) => {
        const other = await registerPlayer(page.request, "espera");
        await loginPlayer(page.request, other);
        await page.goto(`/booking/${target?.courtId}?date=${target?.date}`);
        const ask = page.getByRole("button", { name: "Avisarme si se libera: 19:00" });
        await ask.click();
        await page.getByText("Te avisaremos").first().waitFor();
        const undo = page.getByRole("button", { name: "Quitar aviso de las 19:00" });
        await undo.waitFor();
        expect(await undo.getAttribute("aria-pressed")).toBe("true");
        await undo.scrollIntoViewIfNeeded();
        await shoot(page, "booking-waitlist", size);
        await undo.click();
        await page.getByRole("button", { name: "Avisarme si se libera: 19:00" }).waitFor();
      });
    });

    it(`at ${size} size: a guest on the shared payment screen gives a name (and optionally an email) before paying`, async () => {
      await e2e.journey({ viewport }, async (page) => {
        const { booking } = await setUp(page, base + 2);
        const link = await page.request.post("/api/shared-payment-links", { data: { bookingId: booking.id, maxParticipants: 2 } });
        const { shareToken } = (await link.json()) as { shareToken: string };
        await page.request.post("/api/auth/logout");
        await page.context().clearCookies();
        await page.goto(`/shared-payment/${shareToken}`);
        await page.getByLabel("Tu nombre").waitFor();
        await page.getByLabel("Tu correo (opcional)").waitFor();
        await shoot(page, "shared-payment-payer", size);
      });
    });
  }
});
