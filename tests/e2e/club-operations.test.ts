import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { instantOf, longDateWords, wallClockAt } from "@courts/core";
import { addDays, api, axeAudit, bookViaApi, expectToast, horizontalOverflow, loginAdmin, payViaApi, pickDate, registerPlayer, settle, type CourtInfo } from "./support/app.js";
import { chromiumGate, DESKTOP, PHONE } from "./support/browser.js";
import { SCREENSHOTS, useE2E } from "./support/fixture.js";

/**
 * Club operations in Chromium against the real server (DESIGN.md section 10): blocks, a rain-out
 * closure, a fixed weekly series with cash at the desk, and the day's schedule at tablet and
 * phone sizes.
 */
const TABLET = { width: 820, height: 1180 } as const;

describe.skipIf(chromiumGate() !== "run")("club operations in a real browser", () => {
  const e2e = useE2E();
  /** the first demo venue's bookable courts, by number */
  const venueCourts = (): { venueId: string; courts: CourtInfo[] } => {
    const { venues, courts } = e2e.world();
    const venueId = venues[0]!.id;
    return { venueId, courts: courts.filter((c) => c.venueId === venueId && c.status === "available").sort((a, b) => a.courtNumber - b.courtNumber) };
  };
  const openSchedule = async (page: Page, date: string) => {
    await loginAdmin(page.context().request, e2e.world().server.admin);
    await page.goto(`/admin/schedule?date=${date}`);
    await page.getByRole("heading", { name: "Horario del día" }).waitFor();
  };
  /** the visible cell of a court (by number) and slot: the table on a tablet, the chosen court's column on a phone */
  const cell = async (page: Page, court: CourtInfo, slot: string) => {
    const phone = (page.viewportSize()?.width ?? 1280) < 640;
    if (phone) await page.getByRole("tab", { name: court.name, exact: true }).click();
    return page.getByTestId(phone ? "schedule-phone" : "schedule-table").getByTestId(`cell-${court.courtNumber}-${slot}`);
  };
  const shot = async (page: Page, name: string, { fullPage = true } = {}) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await settle(page);
    const size = page.viewportSize()!;
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${size.width}x${size.height}.png`), fullPage });
  };

  it.each([
    ["tablet", TABLET],
    ["phone", PHONE],
  ])("when the admin blocks a slot from the schedule on a %s, then the player sees its reason when booking and the calendar lists the closure", async (_size, viewport) => {
    const { courts } = venueCourts();
    const court = courts[0]!;
    const date = addDays(e2e.world().today, viewport === PHONE ? 12 : 11);
    await e2e.journey({ viewport }, async (page, { context }) => {
      await openSchedule(page, date);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await (await cell(page, court, "10:00")).click();
      const dialog = page.getByRole("dialog", { name: `${court.name} · 10:00` });
      await dialog.getByRole("tab", { name: "Bloquear" }).click();
      await dialog.getByLabel("Motivo").selectOption("Mantenimiento");
      await dialog.getByLabel("Nota (opcional)").fill("Cambio de red");
      await shot(page, `admin-schedule-block-dialog-${_size}`);
      await dialog.getByRole("button", { name: "Bloquear" }).click();
      await expectToast(page, "Bloqueo creado", "Motivo: Mantenimiento.");
      await expect.poll(async () => (await cell(page, court, "10:00")).textContent()).toContain("Mantenimiento");
      await page.getByRole("region", { name: "Bloqueos vigentes" }).getByText("Cambio de red").first().waitFor();
      await shot(page, `admin-schedule-${_size}`);

      const player = await context.browser()!.newContext({ baseURL: e2e.world().server.baseUrl, viewport });
      try {
        const playerPage = await player.newPage();
        await registerPlayer(player.request, "bloqueo");
        await playerPage.goto(`/booking/${court.id}`);
        await pickDate(playerPage, date);
        const slot = playerPage.getByRole("button", { name: "10:00, Cerrado: Mantenimiento" });
        await slot.waitFor();
        expect(await slot.isDisabled()).toBe(true);
        expect(await slot.textContent()).toContain("Mantenimiento");
        await shot(playerPage, `booking-blocked-slot-${_size}`);
        await playerPage.goto(`/venue/${court.venueId}/calendar`);
        if (date.slice(0, 7) !== e2e.world().today.slice(0, 7)) await playerPage.getByRole("button", { name: "Mes siguiente" }).click();
        await playerPage.getByTestId("calendar-closures").getByText(new RegExp(`${court.name} · 10:00 · .* · Mantenimiento`)).first().waitFor();
        await shot(playerPage, `venue-calendar-closures-${_size}`);
      } finally {
        await player.close();
      }
    });
  });

  it("when rain closes the venue's evening over a paid booking, then the admin confirms the listed booking and its payer is refunded in full", async () => {
    const { courts } = venueCourts();
    const date = addDays(e2e.world().today, 13);
    const { browser, server } = e2e.world();
    const payer = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE });
    try {
      const player = await registerPlayer(payer.request, "lluvia");
      const booking = await bookViaApi(payer.request, { courtId: courts[1]!.id, date, timeSlot: "19:00", gameType: "singles" });
      await payViaApi(payer.request, booking.id, "full");

      await e2e.journey({ viewport: PHONE }, async (page) => {
        await openSchedule(page, date);
        await (await cell(page, courts[0]!, "18:00")).click();
        const dialog = page.getByRole("dialog", { name: `${courts[0]!.name} · 18:00` });
        await dialog.getByRole("tab", { name: "Bloquear" }).click();
        await dialog.getByLabel("Qué se cierra").selectOption("venue");
        await dialog.getByLabel("Horas").selectOption("day");
        await dialog.getByLabel("Motivo").selectOption("Otro");
        await dialog.getByLabel("Nota (opcional)").fill("Lluvia");
        await dialog.getByRole("button", { name: "Bloquear" }).click();
        await dialog.getByText("Hay 1 reserva activa en ese horario:").waitFor();
        await dialog.getByText(`${courts[1]!.name} · `).waitFor();
        await shot(page, "admin-closure-confirm-phone");
        await dialog.getByRole("button", { name: "Cancelar reservas y reembolsar 100%" }).click();
        await expectToast(page, "Cierre registrado", "Se canceló 1 reserva y se reembolsó el 100% a cada pagador.");
        await expect.poll(async () => (await cell(page, courts[1]!, "19:00")).textContent()).toContain("Otro");
      });

      const payments = await api<{ bookingId: string; status: string; refundedAmount: string; amount: string }[]>(payer.request, "GET", `/api/payments/user/${player.id}`);
      expect(payments.find((p) => p.bookingId === booking.id)).toMatchObject({ status: "refunded", refundedAmount: booking.totalAmount });
      const page = await payer.newPage();
      await page.goto("/user-dashboard");
      await page.getByRole("tab", { name: "Historial de Pagos" }).click();
      await page.getByText("Reembolsado").first().waitFor();
    } finally {
      await payer.close();
    }
  });

  it("when the admin books a weekly series for a player on a tablet and takes cash, then the skipped week is named and the cell reads Pagado", async () => {
    const { courts } = venueCourts();
    const court = courts[2] ?? courts[0]!;
    const date = addDays(e2e.world().today, 14);
    const { browser, server } = e2e.world();
    const others = await browser.newContext({ baseURL: server.baseUrl });
    try {
      const regular = await registerPlayer(others.request, "fijo");
      await registerPlayer(others.request, "otro");
      await bookViaApi(others.request, { courtId: court.id, date: addDays(date, 14), timeSlot: "07:00", gameType: "singles" });

      await e2e.journey({ viewport: TABLET }, async (page) => {
        await openSchedule(page, date);
        await (await cell(page, court, "07:00")).click();
        const dialog = page.getByRole("dialog", { name: `${court.name} · 07:00` });
        // the desk searches as the admin types, and the admin picks the player from what it found
        await dialog.getByLabel("Buscar jugador").fill(regular.username);
        await dialog.getByRole("list", { name: "Jugadores encontrados" }).getByRole("button", { name: new RegExp(regular.username) }).click();
        await dialog.getByLabel("Repetir cada semana (reserva fija)").check();
        await dialog.getByLabel("Semanas").fill("4");
        await dialog.getByRole("button", { name: "Crear reserva fija" }).click();
        await expectToast(page, "Reserva fija creada", new RegExp(`3 semanas reservadas para ${regular.username}\\. Omitidas: .*\\(Ocupado\\)`));
        const booked = await cell(page, court, "07:00");
        await expect.poll(() => booked.textContent()).toContain(regular.username);
        await booked.click();
        const actions = page.getByRole("dialog", { name: `${court.name} · 07:00` });
        await actions.getByText("Semanal").waitFor();
        await actions.getByRole("button", { name: "Registrar efectivo" }).click();
        await expectToast(page, "Pago en efectivo registrado");
        await expect.poll(() => booked.textContent()).toContain("Pagado");
        await shot(page, "admin-schedule-series-paid-tablet");
      });
    } finally {
      await others.close();
    }
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ])("when the admin sets a venue's 'Reglas de reserva' on a %s, then a player is told when a later day opens and is refused past the upcoming limit", async (size, viewport) => {
    // the last demo venue, which no other test here books as a player; its rules go back to the defaults after
    const { venues, courts, today, server } = e2e.world();
    const venue = venues[venues.length - 1]!;
    const court = courts.filter((c) => c.venueId === venue.id && c.status === "available").sort((a, b) => a.courtNumber - b.courtNumber)[0]!;
    await e2e.journey({ viewport }, async (page, { context }) => {
      await loginAdmin(page.context().request, server.admin);
      try {
        await page.goto("/admin/courts");
        await page.getByRole("button", { name: `Reglas de reserva de ${venue.name}` }).click();
        const dialog = page.getByRole("dialog", { name: "Reglas de reserva" });
        const days = dialog.getByLabel("Días de anticipación");
        await expect.poll(() => days.inputValue()).toBe("180");
        await days.fill("3");
        await dialog.getByLabel("Hora de apertura (opcional)").fill("8:00");
        await dialog.getByRole("button", { name: "Guardar reglas" }).click();
        await dialog.getByText("La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)").waitFor();
        // a dialog is fixed to the screen: what the admin sees is the viewport, not the page under it
        await shot(page, `admin-venue-rules-error-${size}`, { fullPage: false });
        await dialog.getByLabel("Hora de apertura (opcional)").fill("08:00");
        await dialog.getByLabel("Reservas próximas por jugador (opcional)").fill("1");
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await dialog.getByText("La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)").count()).toBe(0);
        await shot(page, `admin-venue-rules-${size}`, { fullPage: false });
        await dialog.getByRole("button", { name: "Guardar reglas" }).click();
        await expectToast(page, "Reglas guardadas");
        expect(await api(page.context().request, "GET", `/api/venues/${venue.id}`)).toMatchObject({
          rules: { windowDays: 3, releaseTime: "08:00", maxUpcomingPerPlayer: 1, maxPerPlayerPerDay: null, ballotSeconds: 0 },
        });

        const player = await context.browser()!.newContext({ baseURL: server.baseUrl, viewport });
        try {
          const playerPage = await player.newPage();
          await registerPlayer(player.request, "reglas");
          // 5 days ahead opens 3 days before it at 08:00, whatever the hour now
          await playerPage.goto(`/booking/${court.id}?date=${addDays(today, 5)}`);
          const opens = playerPage.getByText(`Este día se abre el ${longDateWords(addDays(today, 2))} a las 08:00.`);
          await opens.waitFor();
          expect(await playerPage.getByRole("button", { name: "Continuar al Pago →" }).isDisabled()).toBe(true);
          expect(await horizontalOverflow(playerPage)).toBeLessThanOrEqual(0);
          // the screen as the player sees it there: a full page would draw the phone's fixed bars over the notice
          await opens.evaluate((notice) => notice.scrollIntoView({ block: "center" }));
          await shot(playerPage, `booking-day-not-open-${size}`, { fullPage: false });
          // the venue's day grid says it too: no hour of that day is offered until it opens
          await playerPage.goto(`/venue/${venue.id}?date=${addDays(today, 5)}`);
          const gridNotice = playerPage.getByText(/^Este día se abre el .* a las 08:00: hasta entonces sus horas no se pueden reservar\.$/);
          await gridNotice.waitFor();
          const grid = playerPage.getByRole("table", { name: /^Disponibilidad del / });
          await grid.waitFor();
          expect(await grid.getByRole("link").count()).toBe(0);
          expect(await grid.getByText(/cerrada: Se abre el .* a las 08:00/).count()).toBeGreaterThan(0);
          expect(await horizontalOverflow(playerPage)).toBeLessThanOrEqual(0);
          await gridNotice.evaluate((notice) => notice.scrollIntoView({ block: "center" }));
          await shot(playerPage, `venue-day-not-open-${size}`, { fullPage: false });

          await bookViaApi(player.request, { courtId: court.id, date: addDays(today, 1), timeSlot: size === "phone" ? "20:00" : "21:00", gameType: "singles" });
          await playerPage.goto(`/booking/${court.id}?date=${addDays(today, 2)}`);
          await playerPage.getByText("Consultando disponibilidad...").waitFor({ state: "detached" });
          await playerPage.getByRole("button", { name: size === "phone" ? /^20:00/ : /^21:00/ }).click();
          await playerPage.getByRole("button", { name: "Continuar al Pago →" }).click();
          await expectToast(playerPage, "Error al crear reserva", "Ya tienes el máximo de 1 reserva próxima en esta sede");
          await shot(playerPage, `booking-player-limit-${size}`, { fullPage: false });
        } finally {
          await player.close();
        }
      } finally {
        await api(page.context().request, "PUT", `/api/admin/venues/${venue.id}/rules`, {
          windowDays: 180,
          releaseTime: null,
          maxUpcomingPerPlayer: null,
          maxPerPlayerPerDay: null,
          ballotSeconds: 0,
        });
      }
    });
  });

  it.each([
    ["phone", PHONE, 2],
    ["desktop", DESKTOP, 3],
  ])("when a venue's day opens with a ballot on a %s, then the player's request is drawn: the screen says when it is decided, then that they won and can go pay", async (size, viewport, windowDays) => {
    // the last demo venue, as the rules' test above; the date opened at this minute with a ballot of
    // 25 s more than the minute has run, whatever the hour now
    const { venues, courts, server } = e2e.world();
    const venue = venues[venues.length - 1]!;
    const court = courts.filter((c) => c.venueId === venue.id && c.status === "available").sort((a, b) => a.courtNumber - b.courtNumber)[0]!;
    await e2e.journey({ viewport }, async (page, { context }) => {
      await loginAdmin(page.context().request, server.admin);
      try {
        const config = await api<{ today: string; timeZone: string }>(page.context().request, "GET", "/api/config");
        const wall = wallClockAt(new Date(), config.timeZone);
        const releaseTime = `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
        const date = addDays(config.today, windowDays);
        const opensAt = instantOf(config.today, releaseTime, config.timeZone);
        const ballotSeconds = Math.ceil((Date.now() - opensAt.getTime()) / 1000) + 25;
        await api(page.context().request, "PUT", `/api/admin/venues/${venue.id}/rules`, { windowDays, releaseTime, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds });

        const player = await context.browser()!.newContext({ baseURL: server.baseUrl, viewport });
        try {
          const playerPage = await player.newPage();
          await registerPlayer(player.request, "sorteo");
          await playerPage.goto(`/booking/${court.id}?date=${date}&slot=18:00`);
          await playerPage.getByText("Consultando disponibilidad...").waitFor({ state: "detached" });
          await playerPage.getByRole("button", { name: "Continuar al Pago →" }).click();
          const notice = playerPage.getByTestId("ballot-notice");
          await notice.waitFor();
          expect(await notice.textContent()).toMatch(/Este horario se sortea a las \d\d:\d\d(:\d\d)?\./);
          expect(await horizontalOverflow(playerPage)).toBeLessThanOrEqual(0);
          expect(new URL(playerPage.url()).pathname).toBe(`/booking/${court.id}`);
          expect(await playerPage.getByRole("button", { name: "Continuar al Pago →" }).isDisabled()).toBe(true);
          await shot(playerPage, `booking-ballot-pending-${size}`, { fullPage: false });
          // the screen asks again until decided; the answer after decidesAt runs the draw
          const won = playerPage.getByText("¡Ganaste el sorteo! Las 18:00 son tuyas.");
          await won.waitFor({ timeout: 90_000 });
          await shot(playerPage, `booking-ballot-won-${size}`, { fullPage: false });
          await playerPage.getByRole("link", { name: "Ir a pagar" }).click();
          await playerPage.waitForURL(/\/checkout\//);
        } finally {
          await player.close();
        }
      } finally {
        await api(page.context().request, "PUT", `/api/admin/venues/${venue.id}/rules`, {
          windowDays: 180,
          releaseTime: null,
          maxUpcomingPerPlayer: null,
          maxPerPlayerPerDay: null,
          ballotSeconds: 0,
        });
      }
    });
  }, 180_000);

  it("when the schedule and a cell's dialog are checked with axe at tablet and phone size, then none has a serious or critical violation", async () => {
    const { courts } = venueCourts();
    const date = addDays(e2e.world().today, 11);
    const found: string[] = [];
    for (const viewport of [TABLET, PHONE]) {
      await e2e.journey({ viewport }, async (page) => {
        const audit = async (name: string) => {
          await settle(page);
          const { violations } = await axeAudit(page);
          for (const v of violations.filter((x) => x.impact === "serious" || x.impact === "critical"))
            found.push(`${name} ${viewport.width}: ${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
        };
        await openSchedule(page, date);
        await audit("schedule");
        await (await cell(page, courts[1]!, "15:00")).click();
        await page.getByRole("dialog", { name: `${courts[1]!.name} · 15:00` }).getByRole("tab", { name: "Bloquear" }).click();
        await audit("cell dialog");
      });
    }
    expect(found).toEqual([]);
  });

  it("when the schedule is opened at phone, tablet and desktop size, then nothing scrolls sideways and a screenshot of each is saved", async () => {
    const date = addDays(e2e.world().today, 11);
    for (const viewport of [PHONE, TABLET, DESKTOP]) {
      await e2e.journey({ viewport }, async (page) => {
        await openSchedule(page, date);
        await page.getByTestId(viewport === PHONE ? "schedule-phone" : "schedule-table").waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shot(page, "admin-schedule-day");
      });
    }
  });
});
