import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { instantOf } from "@courts/core";
import { spanishDate } from "@courts/adapters/mail/templates";
import { mailSteps } from "@courts/adapters/sweep/mail-steps";
import { runSweep, type SweepResult } from "@courts/adapters/sweep/sweeper";
import { simpleParser, type ParsedMail } from "mailparser";
import ical, { type VEvent } from "node-ical";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher.js";
import { Client } from "./support/client.js";
import { adminClient, book, dayFromToday, demoCourts, newPlayer, pay, unique, type BookingShape, type CourtShape, type UserShape } from "./support/fixtures.js";
import { describeOnEngines, TEST_TIME_ZONE } from "./support/server.js";

/** DESIGN.md section 9 through the real server, a real database and a real SMTP server. */

const events = (text: string): VEvent[] => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");

const attachment = (mail: ParsedMail, contentType: string) => mail.attachments.find((a) => a.contentType.startsWith(contentType));

/** Registration also mails 'Confirma tu correo' (tests/http/accounts.test.ts): these suites are about the booking's mail. */
const aboutBookings = (mail: ParsedMail): boolean => mail.subject !== "Confirma tu correo";

const recipients = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));

describeOnEngines("notifications and calendars", (server) => {
  let smtp: SmtpCatcher;
  let courts: CourtShape[];
  let organiser: { client: Client; user: UserShape };
  let admin: Client;
  const log = { error: () => undefined };

  const sweep = (smtpUrl: string | null = smtp.url): Promise<SweepResult> =>
    runSweep(
      mailSteps(server().ports, {
        mail: { smtpUrl, from: "Canchas <reservas@club.ec>", dir: mkdtempSync(path.join(tmpdir(), "courts-mail-")), retrySeconds: 0.05 },
        publicUrl: "http://localhost:3000",
      }),
      log,
    );

  /** a guest pays a share through the link, typing a name and an email */
  const guestPays = async (bookingId: string, shareToken: string, payerName: string, payerEmail: string | null, extra: Record<string, unknown> = {}) =>
    pay(new Client(server().baseUrl), bookingId, { shareToken, payerName, payerEmail, ...extra });

  const shareLink = async (client: Client, bookingId: string, maxParticipants: number) => {
    const link = await client.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId, maxParticipants });
    expect(link.status).toBe(201);
    return link.body.shareToken;
  };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    courts = (await demoCourts(server())).courts;
    organiser = await newPlayer(server());
    admin = await adminClient(server());
  });
  afterAll(async () => {
    await smtp.stop();
  });

  describe("messages", () => {
    it("when a player pays their share, then the sweep mails one Spanish message for the payment, with the invoice PDF attached and no calendar yet", async () => {
      const booking = await book(organiser.client, courts);
      const payment = await pay(organiser.client, booking.id, { paymentType: "partial" });
      await sweep();
      const mine = smtp.to(organiser.user.email).filter((m) => aboutBookings(m) && m.text?.includes(booking.timeSlot) && m.subject?.startsWith("Pagaste tu parte"));
      expect(mine).toHaveLength(1);
      const receipt = mine[0];
      expect(receipt?.subject).toMatch(/^Pagaste tu parte: /);
      expect(receipt?.text).toMatch(/Recibimos tu pago de \$\d+\.\d{2}: tu parte de la reserva en /);
      expect(receipt?.text).toContain("La reserva queda confirmada cuando esté pagada por completo.");
      expect(attachment(receipt as ParsedMail, "text/calendar")).toBeUndefined();
      expect(receipt).toBeDefined();
      expect(receipt?.from?.text).toContain("reservas@club.ec");
      expect(receipt?.text).toContain(`Hola ${organiser.user.username}:`);
      expect(receipt?.html).toContain("Pagaste tu parte");
      const pdf = attachment(receipt as ParsedMail, "application/pdf");
      expect(pdf?.filename).toMatch(/^factura-\d{4}-\d{6}\.pdf$/);
      const doc = await getDocumentProxy(new Uint8Array(pdf?.content ?? []));
      const { text } = await extractText(doc, { mergePages: true });
      expect(text).toContain(organiser.user.username);
      expect(text).toContain(pdf?.filename?.slice("factura-".length, -".pdf".length));
      // the same payment recorded again (the browser after the webhook) writes no second receipt
      const again = await organiser.client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: payment.stripePaymentIntentId });
      expect(again.status).toBe(200);
      await sweep();
      expect(smtp.to(organiser.user.email).filter((m) => m.subject === receipt?.subject)).toHaveLength(1);
    });

    it("when a guest pays the last share with a name and an email, then the guest gets one message (their payment, the booking confirmed, the invoice and the .ics) and the organiser one (who paid, 2 de 2, confirmed, the .ics)", async () => {
      const booking = await book(organiser.client, courts);
      await pay(organiser.client, booking.id, { paymentType: "partial" });
      await sweep();
      const before = smtp.to(organiser.user.email).length;
      const token = await shareLink(organiser.client, booking.id, 2);
      const guestEmail = `${unique("ana")}@correo.ec`;
      await guestPays(booking.id, token, "Ana <b>Pérez</b>", guestEmail);
      await sweep();

      // the organiser: exactly one message for that moment
      const organiserGot = smtp.to(organiser.user.email).slice(before);
      expect(organiserGot.map((m) => m.subject)).toEqual([expect.stringMatching(/^Ana <b>Pérez<\/b> pagó la última parte: reserva confirmada, /)]);
      const confirmed = organiserGot[0];
      // what the guest typed is text, never markup
      expect(confirmed?.html).toContain("Ana &lt;b&gt;Pérez&lt;/b&gt; pagó");
      expect(confirmed?.html).not.toContain("<b>Pérez</b>");
      // no code: the two shares add up to the hour's price
      expect(confirmed?.text).toContain(`Ya pagaron 2 de 2 partes: la reserva está pagada por completo ($${booking.totalAmount} en total) y confirmada.`);

      const receipt = smtp.to(guestEmail);
      expect(receipt.map((m) => m.subject)).toEqual([expect.stringMatching(/^Pago recibido, reserva confirmada: /)]);
      expect(receipt[0]?.text).toContain("Hola Ana <b>Pérez</b>:");
      expect(receipt[0]?.text).toMatch(/Recibimos tu pago de \$\d+\.\d{2}: tu parte de la reserva en /);
      expect(attachment(receipt[0] as ParsedMail, "application/pdf")).toBeDefined();
      expect(attachment(receipt[0] as ParsedMail, "text/calendar")).toBeDefined();
      // subjects say the day in Spanish, not as 2026-11-29
      expect(receipt[0]?.subject).not.toContain(booking.date);
      expect(receipt[0]?.subject).toMatch(/, (lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{1,2} de [a-z]+, \d{2}:00$/);
      for (const mail of [confirmed]) {
        expect(mail?.subject).not.toContain(booking.date);
        expect(mail?.subject).toMatch(/, (lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{1,2} de [a-z]+, \d{2}:00$/);
      }
      const ics = attachment(confirmed as ParsedMail, "text/calendar");
      const [event] = events(ics?.content.toString("utf8") ?? "");
      expect(event?.uid).toBe(`reserva-${booking.id}@canchas`);
      expect(event?.start.toISOString()).toBe(instantOf(booking.date, booking.timeSlot, TEST_TIME_ZONE).toISOString());

      // who paid each share: the organiser's booking and the admin's transactions
      const payers = await organiser.client.get<{ name: string; isOrganiser: boolean; amount: string }[]>(`/api/bookings/${booking.id}/payers`);
      expect(payers.status).toBe(200);
      const share = (Number(booking.totalAmount) / 2).toFixed(2);
      expect(payers.body.map((p) => [p.name, p.isOrganiser, p.amount])).toEqual([
        [organiser.user.username, true, share],
        ["Ana <b>Pérez</b>", false, share],
      ]);
      const other = await newPlayer(server());
      expect((await other.client.get(`/api/bookings/${booking.id}/payers`)).status).toBe(403);
      expect((await new Client(server().baseUrl).get(`/api/bookings/${booking.id}/payers`)).status).toBe(401);
      const transactions = await admin.get<{ items: { bookingId: string; userName: string | null; userEmail: string | null }[] }>("/api/admin/transactions?pageSize=200");
      const guestRow = transactions.body.items.find((t) => t.bookingId === booking.id && t.userEmail === guestEmail);
      expect(guestRow?.userName).toBe("Ana <b>Pérez</b>");
    });

    it("when a player pays in full with a 10% code, then their one message states what was charged, not the hour's price", async () => {
      const code = unique("DIEZ").toUpperCase();
      expect((await admin.post("/api/admin/discount-codes", { code, type: "percentage", value: 10, maxUsage: null, expiresAt: null, isActive: true })).status).toBe(201);
      const player = await newPlayer(server());
      const booking = await book(player.client, courts);
      await pay(player.client, booking.id, { paymentType: "full", discountCode: code });
      await sweep();
      const mine = smtp.to(player.user.email).filter(aboutBookings);
      expect(mine.map((m) => m.subject)).toEqual([expect.stringMatching(/^Pago recibido, reserva confirmada: /)]);
      const confirmed = mine[0];
      const charged = /Recibimos tu pago de \$(\d+\.\d{2}) /.exec(confirmed?.text ?? "")?.[1];
      expect(Number(charged)).toBeCloseTo(Number(booking.totalAmount) * 0.9, 2);
      expect(attachment(confirmed as ParsedMail, "application/pdf")).toBeDefined();
      expect(attachment(confirmed as ParsedMail, "text/calendar")).toBeDefined();
      for (const version of [confirmed?.text, confirmed?.html]) {
        expect(version).toContain(`La reserva está pagada por completo ($${charged} en total) y confirmada.`);
        expect(version).not.toContain(`$${booking.totalAmount}`);
      }
    });

    it("when a guest pays through the link without a name, then 400 names the field; a full link still answers 409 first", async () => {
      const booking = await book(organiser.client, courts);
      const token = await shareLink(organiser.client, booking.id, 2);
      const guest = new Client(server().baseUrl);
      const nameless = await guest.post<{ field: string; message: string }>("/api/create-payment-intent", { bookingId: booking.id, shareToken: token });
      expect(nameless.status).toBe(400);
      expect(nameless.body).toMatchObject({ field: "payerName", message: "Escribe tu nombre para que el organizador sepa quién pagó" });
      const badEmail = await guest.post<{ field: string }>("/api/create-payment-intent", { bookingId: booking.id, shareToken: token, payerName: "Ana", payerEmail: "no-es-correo" });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.field).toBe("payerEmail");
      const control = await guest.post<{ field: string }>("/api/create-payment-intent", { bookingId: booking.id, shareToken: token, payerName: "Ana\u0000" });
      expect(control.status).toBe(400);
      expect(control.body.field).toBe("payerName");
    });

    it("when a booking with several payers is cancelled, then each payer is told their own refund", async () => {
      const code = unique("UNO").toUpperCase();
      expect((await admin.post("/api/admin/discount-codes", { code, type: "fixed", value: 1, maxUsage: null, expiresAt: null, isActive: true })).status).toBe(201);
      const booking = await book(organiser.client, courts);
      await pay(organiser.client, booking.id, { paymentType: "partial" });
      const token = await shareLink(organiser.client, booking.id, 2);
      const guestEmail = `${unique("luis")}@correo.ec`;
      await guestPays(booking.id, token, "Luis", guestEmail, { discountCode: code });
      const cancelled = await organiser.client.post<{ refundPercentage: number }>("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.refundPercentage).toBe(100);
      await sweep();
      const mine = smtp.to(organiser.user.email).filter((m) => m.subject?.startsWith("Reserva cancelada") && m.text?.includes(booking.timeSlot));
      const theirs = smtp.to(guestEmail).filter((m) => m.subject?.startsWith("Reserva cancelada"));
      expect(mine).toHaveLength(1);
      expect(theirs).toHaveLength(1);
      const payers = (await organiser.client.get<{ name: string; refunded: string }[]>(`/api/bookings/${booking.id}/payers`)).body;
      const refundOf = (name: string) => payers.find((p) => p.name === name)?.refunded ?? "?";
      // the guest's code took $1.00 off their share: each is told what they paid and get back
      expect(Number(refundOf(organiser.user.username)) - Number(refundOf("Luis"))).toBeCloseTo(1, 2);
      expect(mine[0]?.text).toContain(`Te reembolsaremos $${refundOf(organiser.user.username)} (100% de lo que pagaste)`);
      expect(theirs[0]?.text).toContain(`Te reembolsaremos $${refundOf("Luis")} (100% de lo que pagaste)`);
      const [event] = events(attachment(theirs[0] as ParsedMail, "text/calendar")?.content.toString("utf8") ?? "");
      expect(event?.status).toBe("CANCELLED");
      expect(Number(event?.sequence)).toBe(1);
    });

    it("when SMTP is down for a while, then nothing is sent, and once it is up every message arrives exactly once", async () => {
      const player = await newPlayer(server());
      await smtp.stop();
      const booking = await book(player.client, courts);
      await pay(player.client, booking.id, { paymentType: "full" });
      const before = smtp.mails.length;
      const down = await sweep();
      expect(down.mail).toBe(0);
      expect(smtp.mails.length).toBe(before);
      await smtp.start();
      await new Promise((r) => setTimeout(r, 120)); // past the first retry (0.05 s, then 0.1 s)
      // three sweepers at once, as three server processes would
      const results = await Promise.all([sweep(), sweep(), sweep()]);
      expect(results.map((r) => r.mail)).toEqual(expect.arrayContaining([expect.any(Number)]));
      await new Promise((r) => setTimeout(r, 300));
      await Promise.all([sweep(), sweep()]);
      const mine = smtp.to(player.user.email).filter(aboutBookings);
      // one message for the one payment
      expect(mine.map((m) => m.subject?.split(":")[0])).toEqual(["Pago recibido, reserva confirmada"]);
    });

    it("when a cancellation was committed but its process died before anything else, then the next sweep runs its events and sends the mail, once", async () => {
      const player = await newPlayer(server());
      const booking = await book(player.client, courts);
      await pay(player.client, booking.id, { paymentType: "full" });
      await sweep();
      // the repository's write with the events the use case hands it, as if the process stopped right after its commit
      await server().ports.bookings.cancel(booking.id, {
        reason: null,
        refundPercentage: 100,
        at: new Date(),
        events: [
          { type: "BookingCancelled", bookingId: booking.id, by: "player", reason: null },
          { type: "SlotFreed", bookingId: booking.id, courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot },
        ],
      });
      const result = await sweep();
      expect(result.events).toBe(2);
      expect(smtp.to(player.user.email).filter((m) => m.subject?.startsWith("Reserva cancelada"))).toHaveLength(1);
      expect((await sweep()).events).toBe(0);
    });

    it("without SMTP_URL, then each message is an .eml file under the mail folder, written once", async () => {
      const player = await newPlayer(server());
      const booking = await book(player.client, courts);
      await pay(player.client, booking.id, { paymentType: "partial" });
      const dir = mkdtempSync(path.join(tmpdir(), "courts-eml-"));
      const steps = mailSteps(server().ports, { mail: { smtpUrl: null, from: "Canchas <reservas@club.ec>", dir, retrySeconds: 1 }, publicUrl: "http://localhost:3000" });
      await runSweep(steps, log);
      await runSweep(steps, log);
      const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
      // parsed as a mail client would: a subject with the day's name ('sábado') is MIME-encoded in the file
      const parsed = await Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
      const mine = parsed.filter((m) => recipients(m).includes(player.user.email.toLowerCase()) && aboutBookings(m));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.subject).toMatch(/^Pagaste tu parte: /);
      expect(attachment(mine[0] as ParsedMail, "application/pdf")?.content.subarray(0, 4).toString("latin1")).toBe("%PDF");
    });
  });

  describe("one message per club action", () => {
    /** A court of its own for these, far ahead: nobody else in the suite books these days. */
    const weeksFrom = (first: number, weeks: number) => Array.from({ length: weeks }, (_, i) => dayFromToday(first + 7 * i));
    const newMail = (address: string, before: number) => smtp.to(address).slice(before).filter(aboutBookings);
    /** the courts as GET /api/courts lists them, with the name and number the mails print */
    const named = (i: number) => courts[i % courts.length] as CourtShape & { readonly name: string; readonly courtNumber: number };

    it("when the club books a 4-week series for a player and later cancels it with a reason, then each time the player gets one message listing the 4 dates; the cancellation names the reason and the refund", async () => {
      const player = await newPlayer(server());
      const court = named(0);
      const dates = weeksFrom(70, 4);
      const series = await admin.post<{ id: string; created: BookingShape[] }>("/api/admin/booking-series", {
        courtId: court.id,
        userId: player.user.id,
        timeSlot: "21:00",
        gameType: "singles",
        startDate: dates[0],
        weeks: 4,
      });
      expect(series.status).toBe(201);
      expect(series.body.created).toHaveLength(4);
      let before = smtp.to(player.user.email).length;
      await sweep();
      const booked = newMail(player.user.email, before);
      expect(booked.map((m) => m.subject)).toEqual([expect.stringMatching(/^El club te reservó 4 fechas: .+, los \p{L}+ 21:00$/u)]);
      for (const date of dates) expect(booked[0]?.text).toContain(`${spanishDate(date)}, 21:00 · ${court.name} (Cancha ${court.courtNumber})`);
      const bookedIcs = events(attachment(booked[0] as ParsedMail, "text/calendar")?.content.toString("utf8") ?? "");
      expect(bookedIcs.map((e) => e.start.toISOString())).toEqual(dates.map((d) => instantOf(d, "21:00", TEST_TIME_ZONE).toISOString()));

      // the desk takes the first week in cash: one message, the payment
      const first = series.body.created[0]!;
      expect((await admin.post(`/api/admin/bookings/${first.id}/cash-payments`, { amount: first.totalAmount })).status).toBe(201);
      before = smtp.to(player.user.email).length;
      await sweep();
      expect(newMail(player.user.email, before).map((m) => m.subject)).toEqual([expect.stringMatching(/^Pago recibido, reserva confirmada: /)]);

      const cancelled = await admin.request<{ cancelled: string[] }>("DELETE", `/api/admin/booking-series/${series.body.id}`, { json: { reason: "Torneo interno del club" } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.cancelled).toHaveLength(4);
      before = smtp.to(player.user.email).length;
      await sweep();
      const told = newMail(player.user.email, before);
      expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^El club canceló tu reserva fija: 4 fechas en /)]);
      const text = told[0]?.text ?? "";
      expect(text).toContain("Motivo: Torneo interno del club.");
      expect(text).toContain(`Te devolvemos $${first.totalAmount}, todo lo que pagaste, en efectivo, en el club.`);
      expect(text).toContain(`- ${spanishDate(dates[0]!)}, 21:00 · ${court.name} (Cancha ${court.courtNumber}) (Reembolso $${first.totalAmount})`);
      for (const date of dates.slice(1)) expect(text).toContain(`- ${spanishDate(date)}, 21:00 · ${court.name} (Cancha ${court.courtNumber})\n`);
      const cancelledIcs = events(attachment(told[0] as ParsedMail, "text/calendar")?.content.toString("utf8") ?? "");
      expect(cancelledIcs.map((e) => e.status)).toEqual(["CANCELLED", "CANCELLED", "CANCELLED", "CANCELLED"]);
      // nothing more on the next pass
      await sweep();
      expect(newMail(player.user.email, before)).toHaveLength(1);
    });

    it("when messages and events were queued before one message per payment (a receipt, a confirmation, a closure, a BookingConfirmed event), then they still send as they were written", async () => {
      const player = await newPlayer(server());
      const booking = await book(player.client, courts);
      const payment = await pay(player.client, booking.id, { paymentType: "full" });
      await sweep();
      const before = smtp.to(player.user.email).length;
      const ports = server().ports;
      const facts = {
        bookingId: booking.id,
        venueName: "Club Viejo",
        courtName: "Central",
        courtNumber: 1,
        date: booking.date,
        timeSlot: booking.timeSlot,
        gameType: "singles" as const,
        startsAt: instantOf(booking.date, booking.timeSlot, TEST_TIME_ZONE).toISOString(),
        endsAt: new Date(instantOf(booking.date, booking.timeSlot, TEST_TIME_ZONE).getTime() + 3_600_000).toISOString(),
      };
      const name = player.user.username;
      const queued = [
        { kind: "receipt" as const, name, booking: facts, paymentId: payment.id, charged: 1450, invoiceNumber: null },
        { kind: "closure" as const, name, booking: facts, refund: 1450, reason: "Torneo" },
      ];
      for (const [i, notice] of queued.entries())
        await ports.outbox.enqueue({ id: crypto.randomUUID(), eventKey: `old-${i}:${booking.id}`, to: player.user.email, notice, createdAt: new Date() });
      // an event recorded before BookingConfirmed named its payment: it still writes its own confirmation
      // (another booking: this one's BookingConfirmed is already recorded, and a key is kept once)
      const other = await book(player.client, courts);
      await ports.events.record([{ type: "BookingConfirmed", bookingId: other.id }], new Date());
      await sweep();
      const got = smtp.to(player.user.email).slice(before);
      expect(got.map((m) => m.subject?.split(":")[0]).sort()).toEqual(["El club canceló tu reserva", "Recibo de tu pago", "Reserva confirmada"]);
      expect(attachment(got.find((m) => m.subject?.startsWith("Recibo"))!, "application/pdf")).toBeDefined();
      expect(attachment(got.find((m) => m.subject?.startsWith("Reserva confirmada"))!, "text/calendar")).toBeDefined();
    });

    it("when a bad reason is sent with a series' cancellation, then 400 names the field and nothing is cancelled", async () => {
      const player = await newPlayer(server());
      const series = await admin.post<{ id: string }>("/api/admin/booking-series", {
        courtId: courts[1]!.id,
        userId: player.user.id,
        timeSlot: "21:00",
        gameType: "singles",
        startDate: dayFromToday(71),
        weeks: 2,
      });
      const bad = await admin.request<{ field: string; message: string }>("DELETE", `/api/admin/booking-series/${series.body.id}`, { json: { reason: "x".repeat(501) } });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ field: "reason", message: "El campo 'reason' admite hasta 500 caracteres" });
      const after = await admin.get<{ bookings: BookingShape[] }>(`/api/admin/booking-series/${series.body.id}`);
      expect(after.body.bookings.map((b) => b.status)).toEqual(["active", "active"]);
    });

    it("when a closure cancels two bookings of one player and one of another, then each gets one message with their bookings, the reason and their refunds", async () => {
      const court = named(2);
      const date = dayFromToday(72);
      const ana = await newPlayer(server());
      const beto = await newPlayer(server());
      const bookAt = async (client: Client, timeSlot: string) => {
        const answer = await client.post<BookingShape>("/api/bookings", { courtId: court.id, bookingDate: `${date}T00:00:00`, timeSlot, gameType: "singles" });
        expect(answer.status).toBe(201);
        return answer.body;
      };
      const paid = await bookAt(ana.client, "19:00");
      await pay(ana.client, paid.id, { paymentType: "full" });
      await bookAt(ana.client, "20:00");
      await bookAt(beto.client, "21:00");
      await sweep();
      const before = { ana: smtp.to(ana.user.email).length, beto: smtp.to(beto.user.email).length };
      const closed = await admin.post("/api/admin/blocks", { courtId: court.id, startDate: date, endDate: date, timeSlots: ["19:00", "20:00", "21:00"], reason: "Mantenimiento", note: "Lluvia", cancelConflicts: true });
      expect(closed.status).toBe(201);
      await sweep();
      const toAna = newMail(ana.user.email, before.ana);
      const toBeto = newMail(beto.user.email, before.beto);
      expect(toAna.map((m) => m.subject)).toEqual([expect.stringMatching(/^El club canceló 2 reservas tuyas: /)]);
      expect(toBeto.map((m) => m.subject)).toEqual([expect.stringMatching(/^El club canceló tu reserva: .+, 21:00$/)]);
      for (const mail of [toAna[0], toBeto[0]]) expect(mail?.text).toContain("Motivo: Mantenimiento (Lluvia).");
      expect(toAna[0]?.text).toContain(`- ${spanishDate(date)}, 19:00 · ${court.name} (Cancha ${court.courtNumber}) (Reembolso $${paid.totalAmount})`);
      expect(toAna[0]?.text).toContain(`- ${spanishDate(date)}, 20:00 · ${court.name} (Cancha ${court.courtNumber})\n`);
      expect(toAna[0]?.text).toContain(`Te devolvemos $${paid.totalAmount}, todo lo que pagaste, a la misma tarjeta.`);
      expect(toBeto[0]?.text).toContain("No tenías pagos en esta reserva.");
    });

    it("when the player is a walk-in without an email, then a series booked and cancelled for them mails nobody and every event runs", async () => {
      const walkIn = await admin.post<{ id: string }>("/api/admin/users", { fullName: "Pedro Mostrador" });
      expect(walkIn.status).toBe(201);
      const series = await admin.post<{ id: string; created: BookingShape[] }>("/api/admin/booking-series", {
        courtId: courts[0]!.id,
        userId: walkIn.body.id,
        timeSlot: "20:00",
        gameType: "singles",
        startDate: dayFromToday(73),
        weeks: 3,
      });
      expect(series.body.created).toHaveLength(3);
      expect((await admin.post(`/api/admin/bookings/${series.body.created[0]!.id}/cash-payments`, { amount: series.body.created[0]!.totalAmount })).status).toBe(201);
      expect((await admin.request("DELETE", `/api/admin/booking-series/${series.body.id}`, { json: { reason: "Obras" } })).status).toBe(200);
      const before = smtp.mails.length;
      const result = await sweep();
      expect(Object.entries(result).filter(([, v]) => typeof v !== "number")).toEqual([]);
      expect(smtp.mails.slice(before).filter((m) => recipients(m).includes(""))).toEqual([]);
      // no reaction was left failing for the next pass
      const now = new Date();
      expect(await server().ports.events.claim(now, new Date(now.getTime() + 1000), 100)).toEqual([]);
    });
  });

  describe("calendars", () => {
    it("when the owner downloads a booking's .ics, then an independent parser reads the UTC start and end, the venue and a stable UID", async () => {
      const booking = await book(organiser.client, courts);
      const file = await organiser.client.get(`/api/bookings/${booking.id}/calendar.ics`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("text/calendar");
      const [event] = events(file.text);
      const start = instantOf(booking.date, booking.timeSlot, TEST_TIME_ZONE);
      expect(event?.start.toISOString()).toBe(start.toISOString());
      expect(event?.end?.toISOString()).toBe(new Date(start.getTime() + 3_600_000).toISOString());
      expect(file.text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      expect(event?.uid).toBe(`reserva-${booking.id}@canchas`);
      expect(String(event?.location)).toContain("Cancha");
      expect(events((await organiser.client.get(`/api/bookings/${booking.id}/calendar.ics`)).text)[0]?.uid).toBe(event?.uid);
      const other = await newPlayer(server());
      expect((await other.client.get(`/api/bookings/${booking.id}/calendar.ics`)).status).toBe(403);
      expect((await new Client(server().baseUrl).get(`/api/bookings/${booking.id}/calendar.ics`)).status).toBe(401);
      expect((await admin.get(`/api/bookings/${booking.id}/calendar.ics`)).status).toBe(200);
    });

    it("when a booking is cancelled, then the personal feed keeps it as CANCELLED with a higher SEQUENCE; other feeds never show it", async () => {
      const player = await newPlayer(server());
      const booking: BookingShape = await book(player.client, courts);
      const feed = await player.client.get<{ url: string }>("/api/user/calendar-feed");
      expect(feed.status).toBe(200);
      expect(feed.body.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{20,}\.ics$/);
      expect((await player.client.get<{ url: string }>("/api/user/calendar-feed")).body.url).toBe(feed.body.url);
      const path = new URL(feed.body.url).pathname;
      const guest = new Client(server().baseUrl);
      // an unpaid hold is tentative: its slot goes back if it is not paid in time
      const held = events((await guest.get(path)).text).find((e) => e.uid === `reserva-${booking.id}@canchas`);
      expect(held?.status).toBe("TENTATIVE");
      expect(held?.summary).toMatch(/^Por pagar: Tenis en /);
      await pay(player.client, booking.id, { paymentType: "full" });
      const before = events((await guest.get(path)).text).find((e) => e.uid === `reserva-${booking.id}@canchas`);
      expect(before?.status).toBe("CONFIRMED");
      expect(before?.summary).toMatch(/^Tenis en /);
      expect(Number(before?.sequence)).toBe(0);

      await player.client.post("/api/cancellations", { bookingId: booking.id, userId: player.user.id });
      const after = events((await guest.get(path)).text).find((e) => e.uid === `reserva-${booking.id}@canchas`);
      expect(after?.status).toBe("CANCELLED");
      expect(Number(after?.sequence)).toBeGreaterThan(Number(before?.sequence));

      // another player's feed: their own token, none of this player's bookings
      const other = await newPlayer(server());
      const otherPath = new URL((await other.client.get<{ url: string }>("/api/user/calendar-feed")).body.url).pathname;
      expect(otherPath).not.toBe(path);
      expect((await guest.get(otherPath)).text).not.toContain(booking.id);

      // regenerated: the old address is a 404, the new one works
      const renewed = await player.client.post<{ url: string }>("/api/user/calendar-feed");
      expect(renewed.body.url).not.toBe(feed.body.url);
      const old = await guest.get<{ code: string; message: string }>(path);
      expect(old.status).toBe(404);
      expect(old.body.message).toBe("Calendario no encontrado");
      expect((await guest.get(new URL(renewed.body.url).pathname)).status).toBe(200);
      expect((await guest.get("/api/calendar/no-existe-este-calendario-0000.ics")).status).toBe(404);
      expect((await guest.get("/api/calendar/x.txt")).status).toBe(404);
      expect((await guest.get("/api/user/calendar-feed")).status).toBe(401);
    });

    it("when a signed-in friend pays their share through the link, then the game is in the friend's feed too, and CANCELLED there once the organiser cancels", async () => {
      const owner = await newPlayer(server());
      const booking: BookingShape = await book(owner.client, courts, { gameType: "doubles" });
      await pay(owner.client, booking.id, { paymentType: "partial" });
      const token = await shareLink(owner.client, booking.id, 4);
      const friend = await newPlayer(server());
      const bystander = await newPlayer(server());
      const guest = new Client(server().baseUrl);
      const feedOf = async (client: Client) => new URL((await client.get<{ url: string }>("/api/user/calendar-feed")).body.url).pathname;
      const friendFeed = await feedOf(friend.client);
      const uid = `reserva-${booking.id}@canchas`;
      expect(events((await guest.get(friendFeed)).text).find((e) => e.uid === uid)).toBeUndefined();

      await pay(friend.client, booking.id, { shareToken: token });
      const shared = events((await guest.get(friendFeed)).text).filter((e) => e.uid === uid);
      expect(shared).toHaveLength(1);
      expect(shared[0]?.status).toBe("CONFIRMED");
      expect(shared[0]?.summary).toMatch(/^Tenis en /);
      // the organiser's own feed has it once, not twice; someone who paid nothing never sees it
      expect(events((await guest.get(await feedOf(owner.client))).text).filter((e) => e.uid === uid)).toHaveLength(1);
      expect((await guest.get(await feedOf(bystander.client))).text).not.toContain(booking.id);

      expect((await owner.client.post("/api/cancellations", { bookingId: booking.id, userId: owner.user.id })).status).toBe(200);
      const cancelled = events((await guest.get(friendFeed)).text).find((e) => e.uid === uid);
      expect(cancelled?.status).toBe("CANCELLED");
      expect(Number(cancelled?.sequence)).toBeGreaterThan(Number(shared[0]?.sequence));
    });

    it("the reminder switch is read and written per player, with a Spanish message for a bad body", async () => {
      const player = await newPlayer(server());
      expect((await player.client.get("/api/user/notification-settings")).body).toEqual({ remindersEnabled: true });
      expect((await player.client.put("/api/user/notification-settings", { remindersEnabled: false })).body).toEqual({ remindersEnabled: false });
      expect((await player.client.get("/api/user/notification-settings")).body).toEqual({ remindersEnabled: false });
      const bad = await player.client.put<{ field: string; message: string }>("/api/user/notification-settings", { remindersEnabled: "sí" });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("El campo 'remindersEnabled' debe ser true o false");
      expect((await new Client(server().baseUrl).get("/api/user/notification-settings")).status).toBe(401);
    });
  });

  describe("waitlist", () => {
    it("when a taken slot is freed by a cancellation, then everyone waiting gets one message with a link to book it", async () => {
      const booking = await book(organiser.client, courts);
      const waiter = await newPlayer(server());
      const second = await newPlayer(server());
      const wish = { courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot };
      const joined = await waiter.client.post<{ id: string }>("/api/waitlist", wish);
      expect(joined.status).toBe(201);
      expect((await second.client.post("/api/waitlist", wish)).status).toBe(201);
      const twice = await waiter.client.post<{ message: string }>("/api/waitlist", wish);
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe("Ya te avisaremos si este horario se libera");
      expect((await new Client(server().baseUrl).post("/api/waitlist", wish)).status).toBe(401);
      // nobody waits for their own hour
      const own = await organiser.client.post<{ message: string; code: string; bookingId: string }>("/api/waitlist", wish);
      expect(own.status).toBe(409);
      expect(own.body).toMatchObject({ code: "ALREADY_BOOKED", bookingId: booking.id });
      expect(own.body.message).toBe(`Ya tienes esta reserva: el horario ${booking.timeSlot} de esta cancha es tuyo`);
      expect((await organiser.client.delete(`/api/waitlist/${joined.body.id}`)).status).toBe(403);
      expect((await waiter.client.get<{ id: string }[]>("/api/waitlist")).body.map((e) => e.id)).toEqual([joined.body.id]);

      await organiser.client.post("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
      await sweep();
      for (const person of [waiter, second]) {
        const told = smtp.to(person.user.email).filter((m) => m.subject?.startsWith("Se liberó el horario que esperabas"));
        expect(told).toHaveLength(1);
        expect(told[0]?.text).toContain(`http://localhost:3000/booking/${booking.courtId}?date=${booking.date}&slot=${encodeURIComponent(booking.timeSlot)}`);
      }
      expect((await waiter.client.get<unknown[]>("/api/waitlist")).body).toEqual([]);

      const free = await waiter.client.post<{ message: string }>("/api/waitlist", wish);
      expect(free.status).toBe(409);
      expect(free.body.message).toBe("Este horario está libre: puedes reservarlo ahora");
      const unknownCourt = await waiter.client.post("/api/waitlist", { ...wish, courtId: "no-existe" });
      expect(unknownCourt.status).toBe(404);
      const badSlot = await waiter.client.post<{ field: string }>("/api/waitlist", { ...wish, timeSlot: "25:00" });
      expect(badSlot.status).toBe(400);
      expect(badSlot.body.field).toBe("timeSlot");
    });

    it("a player leaves the waitlist with DELETE; an unknown entry is a 404", async () => {
      const booking = await book(organiser.client, courts);
      const waiter = await newPlayer(server());
      const joined = await waiter.client.post<{ id: string }>("/api/waitlist", { courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot });
      expect((await waiter.client.delete(`/api/waitlist/${joined.body.id}`)).status).toBe(204);
      expect((await waiter.client.delete(`/api/waitlist/${joined.body.id}`)).status).toBe(404);
      await organiser.client.post("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
      await sweep();
      expect(smtp.to(waiter.user.email).filter(aboutBookings)).toHaveLength(0);
    });
  });
});
