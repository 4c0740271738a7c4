import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { instantOf } from "@courts/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { COURTS_BIN } from "../cli/support/run-courts.js";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher.js";
import { Client } from "./support/client.js";
import { dayFromToday, demoCourts, newPlayer, pay, type BookingShape, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines, TEST_TIME_ZONE } from "./support/server.js";

/**
 * The reminder 24 h before, once: three `courts sweep` processes run at the same moment with
 * their clocks set (libfaketime) to 23 h before the booking, against one database and a real
 * SMTP server; then three more. Each person gets exactly one reminder.
 */

/** libfaketime, preloaded into each sweep process (Debian's faketime package) */
const FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/**
 * A `courts sweep` whose clock starts at `at`. The instant is given absolutely (seconds since the
 * epoch), not as an offset: libfaketime reads an offset from the real clock, so under a moved
 * clock (npm run test:dates runs this file under libfaketime) an offset taken from this process's
 * Date.now() would put the sweep days away from the game. On PostgreSQL a process decides with
 * the database's clock, which libfaketime does not move: COURTS_TEST_PROCESS_CLOCK=1 makes it
 * decide with its own.
 */
const sweepProcess = (at: Date, env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [COURTS_BIN, "sweep", "--json"], {
      env: {
        ...process.env,
        COURTS_TIMEZONE: TEST_TIME_ZONE,
        ...env,
        LD_PRELOAD: FAKETIME_LIB,
        FAKETIME: `@${Math.floor(at.getTime() / 1000)}`,
        FAKETIME_FMT: "%s",
        COURTS_TEST_PROCESS_CLOCK: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (out += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });

describeOnEngines("reminders from several sweeping processes", (server, engine) => {
  let smtp: SmtpCatcher;
  let courts: CourtShape[];
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    courts = (await demoCourts(server())).courts;
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it.skipIf(!existsSync(FAKETIME_LIB))("when three processes sweep at once 23 h before a game, then the organiser and each payer get one reminder, and a player who turned reminders off gets none", async () => {
    const organiser = await newPlayer(server());
    const quiet = await newPlayer(server());
    const date = dayFromToday(2);
    const court = courts[engine === "sqlite" ? 0 : 1] as CourtShape;
    const booked = await organiser.client.post<BookingShape>("/api/bookings", { courtId: court.id, bookingDate: `${date}T00:00:00`, timeSlot: "20:00", gameType: "singles" });
    expect(booked.status).toBe(201);
    const booking = booked.body;
    await pay(organiser.client, booking.id, { paymentType: "partial" });
    const link = await organiser.client.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: booking.id, maxParticipants: 2 });
    const guestEmail = `invitada-${booking.id.slice(0, 8)}@correo.ec`;
    await pay(new Client(server().baseUrl), booking.id, { shareToken: link.body.shareToken, payerName: "Marta", payerEmail: guestEmail });
    const silent = await quiet.client.post<BookingShape>("/api/bookings", { courtId: court.id, bookingDate: `${date}T00:00:00`, timeSlot: "19:00", gameType: "singles" });
    expect(silent.status).toBe(201);
    expect((await quiet.client.put("/api/user/notification-settings", { remindersEnabled: false })).status).toBe(200);

    const start = instantOf(booking.date, booking.timeSlot, TEST_TIME_ZONE).getTime();
    // 23 h before 20:00 (and 22 h before the quiet player's 19:00): both are due
    const at = new Date(start - 23 * 3_600_000);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    const env = {
      DATABASE_URL: server().databaseUrl ?? "",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "courts-sweep-")),
      SMTP_URL: smtp.url,
      MAIL_FROM: "Canchas <reservas@club.ec>",
      PUBLIC_URL: "http://localhost:3000",
    };
    for (let round = 0; round < 2; round++) {
      const runs = await Promise.all([sweepProcess(at, env), sweepProcess(at, env), sweepProcess(at, env)]);
      for (const run of runs) expect(run.code, run.out).toBe(0);
    }
    const reminders = (address: string) => smtp.to(address).filter((m) => m.subject?.startsWith("Recordatorio:"));
    expect(reminders(organiser.user.email)).toHaveLength(1);
    expect(reminders(guestEmail)).toHaveLength(1);
    expect(reminders(quiet.user.email)).toHaveLength(0);
    const mail = reminders(guestEmail)[0];
    expect(mail?.subject).toMatch(/^Recordatorio: juegas en .+, \p{L}+ \d{1,2} de \p{L}+, 20:00$/u);
    expect(mail?.text).toContain("Hola Marta:");
    // a guest has no settings: told why the mail came, not where to turn it off
    expect(mail?.text).toContain("Te escribimos porque pagaste tu parte de esta reserva con el link del organizador.");
    expect(mail?.text).not.toContain("Configuración > Notificaciones");
    expect(reminders(organiser.user.email)[0]?.text).toContain("Configuración > Notificaciones");
    expect(mail?.attachments.some((a) => a.contentType.startsWith("text/calendar"))).toBe(true);
    // the receipts and the confirmation went out in the same passes, once each
    // one message per payment: the organiser's share, and the guest's, which completed the booking
    expect(smtp.to(organiser.user.email).filter((m) => m.subject?.startsWith("Pagaste tu parte"))).toHaveLength(1);
    expect(smtp.to(guestEmail).filter((m) => m.subject?.startsWith("Pago recibido, reserva confirmada"))).toHaveLength(1);
  }, 120_000);
});
