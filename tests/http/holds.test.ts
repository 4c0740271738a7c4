import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Effect } from "effect";
import { chargeDueRemainders, DEFAULT_BOOKING_POLICY, expireOverdueHolds, wallClockAt, type Clock, type Ports } from "@courts/core";
import { cryptoIds, openDatabase, pdfInvoiceRenderer, simulatedGateway, type Database } from "@courts/adapters";
import { Client } from "./support/client.js";
import { adminClient, book, dayFromToday, demoCourts, freshSlot, newPlayer, type BookingShape, type CourtShape } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, startServer, TEST_TIME_ZONE, type TestDatabase, type TestServer } from "./support/server.js";
import { movableClock } from "./support/movable-clock.js";

/**
 * Holds and the split deadline against the real server (DESIGN.md section 8), with the product's
 * defaults (15 min hold, 2 unpaid bookings and 1 until the email is confirmed, deadline 2 h before
 * the start) and a clock the test moves: the server's ports read it, so "later" needs no waiting.
 */

const MINUTE = 60_000;

interface HoldBooking extends BookingShape {
  createdAt: string;
  holdExpiresAt: string | null;
  shareDeadlineAt: string | null;
  balanceDue: string;
}

/** Pays a share of the booking with the simulated provider and a given card. */
const payShare = async (client: Client, bookingId: string, cardNumber = "4242 4242 4242 4242", paymentType = "partial") => {
  const intent = await client.post<{ clientSecret: string; paymentIntentId: string }>("/api/create-payment-intent", { bookingId, paymentType });
  expect(intent.status).toBe(200);
  const confirm = await client.post("/api/simulated-card/confirm", {
    clientSecret: intent.body.clientSecret,
    cardNumber,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: "123",
  });
  expect(confirm.status).toBe(200);
  const recorded = await client.post("/api/payments", { bookingId, stripePaymentIntentId: intent.body.paymentIntentId });
  expect(recorded.status).toBe(201);
  return intent.body.paymentIntentId;
};

/** Another process's ports on the same database: its own connections, the same provider state. */
const processPorts = async (url: string, clock: Clock): Promise<{ ports: Ports; database: Database }> => {
  const database = await openDatabase(url, { poolSize: 2 });
  const ports = {
    ...database.repositories,
    gateway: simulatedGateway(database.simulatedIntents, cryptoIds, clock),
    invoices: pdfInvoiceRenderer(),
    clock,
    ids: cryptoIds,
    policy: DEFAULT_BOOKING_POLICY,
  } as unknown as Ports; // the sweeps need no password hasher
  return { ports, database };
};

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`holds and the split deadline [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let courts: CourtShape[];
    const clock = movableClock();

    /** A newly registered player whose email is confirmed: the limits of an unconfirmed one are not what is tested. */
    const confirmedPlayer = async () => {
      const player = await newPlayer(server);
      expect(await server.ports.users.confirmEmail(player.user.id, player.user.email)).toBe(true);
      return player;
    };

    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      server = await startServer(db.url, {}, undefined, { policy: DEFAULT_BOOKING_POLICY, clock });
      courts = (await demoCourts(server)).courts;
    });
    afterAll(async () => {
      await server.close();
      await db.drop();
    });

    it("when a hold runs out, then the booking reads 'expired', its slot is free, paying it answers 410, and another player gets the slot", async () => {
      const { client } = await newPlayer(server);
      const slot = freshSlot(courts);
      const made = await client.post<HoldBooking>("/api/bookings", slot);
      expect(made.status).toBe(201);
      expect(Date.parse(made.body.holdExpiresAt ?? "") - Date.parse(made.body.createdAt)).toBe(15 * MINUTE);
      const day = slot.bookingDate.slice(0, 10);
      const guest = new Client(server.baseUrl);
      expect((await guest.get<{ bookedSlots: string[] }>(`/api/courts/${slot.courtId}/bookings?date=${day}`)).body.bookedSlots).toContain(slot.timeSlot);

      clock.advance(15 * MINUTE);
      expect((await guest.get<{ bookedSlots: string[] }>(`/api/courts/${slot.courtId}/bookings?date=${day}`)).body.bookedSlots).not.toContain(slot.timeSlot);
      const seen = await client.get<HoldBooking>(`/api/bookings/${made.body.id}`);
      expect(seen.body).toMatchObject({ status: "expired", holdExpiresAt: null });
      // the desk's schedule agrees, before any sweep: the cell is free
      const admin = await adminClient(server);
      const schedule = await admin.get<{ venues: { courts: { id: string; cells: { timeSlot: string; booking: { id: string } | null }[] }[] }[] }>(
        `/api/admin/schedule?date=${day}`,
      );
      const cell = schedule.body.venues.flatMap((v) => v.courts).find((c) => c.id === slot.courtId)!.cells.find((c) => c.timeSlot === slot.timeSlot);
      expect(cell?.booking).toBeNull();
      const intent = await client.post("/api/create-payment-intent", { bookingId: made.body.id, paymentType: "full" });
      expect(intent.status).toBe(410);
      expect(intent.body).toMatchObject({ code: "HOLD_EXPIRED", message: expect.stringContaining("expiró") });

      const other = await newPlayer(server);
      expect((await other.client.post("/api/bookings", slot)).status).toBe(201);
    });

    it("when a card is confirmed just before the hold ends and the browser never records it, then the sweep counts it instead of expiring", async () => {
      const { client } = await newPlayer(server);
      const made = await book(client, courts);
      const intent = await client.post<{ clientSecret: string; paymentIntentId: string }>("/api/create-payment-intent", {
        bookingId: made.id,
        paymentType: "partial",
      });
      clock.advance(14 * MINUTE + 55_000);
      const confirm = await client.post("/api/simulated-card/confirm", {
        clientSecret: intent.body.clientSecret, cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123",
      });
      expect(confirm.status).toBe(200);
      clock.advance(MINUTE);
      await Effect.runPromise(expireOverdueHolds(server.ports));
      const seen = await client.get<HoldBooking>(`/api/bookings/${made.id}`);
      expect(seen.body).toMatchObject({ status: "active", paymentStatus: "partial" });
      // the browser's late call finds it recorded
      const late = await client.post("/api/payments", { bookingId: made.id, stripePaymentIntentId: intent.body.paymentIntentId });
      expect(late.status).toBe(200);
    });

    it("when the organiser shares the link before paying, then a friend's payment answers 409 ORGANISER_NOT_PAID and the hold stays the organiser's; after the organiser pays, the friend pays", async () => {
      const organiser = await newPlayer(server);
      const made = await book(organiser.client, courts, { gameType: "doubles" });
      const link = await organiser.client.post<{ shareToken: string }>("/api/shared-payment-links", { bookingId: made.id, maxParticipants: 4 });
      expect(link.status, link.text).toBe(201);
      const friend = new Client(server.baseUrl);
      const early = await friend.post("/api/create-payment-intent", { bookingId: made.id, shareToken: link.body.shareToken, payerName: "Diego" });
      expect(early.status, early.text).toBe(409);
      expect(early.body).toMatchObject({ code: "ORGANISER_NOT_PAID", message: "El organizador todavía no pagó su parte: podrás pagar la tuya cuando lo haga" });
      expect((await organiser.client.get<HoldBooking>(`/api/bookings/${made.id}`)).body.holdExpiresAt).not.toBeNull();

      await payShare(organiser.client, made.id);
      const later = await friend.post<{ paymentIntentId: string }>("/api/create-payment-intent", { bookingId: made.id, shareToken: link.body.shareToken, payerName: "Diego" });
      expect(later.status, later.text).toBe(200);
    });

    it("when a player holds two unpaid bookings, then the third answers 409 with a Spanish message", async () => {
      const { client } = await confirmedPlayer();
      await book(client, courts);
      await book(client, courts);
      const third = await client.post("/api/bookings", freshSlot(courts));
      expect(third.status).toBe(409);
      expect(third.body).toMatchObject({ code: "TOO_MANY_UNPAID_BOOKINGS", message: "Ya tienes 2 reservas sin pagar. Paga o cancela una antes de hacer otra." });
    });

    it("when a player whose email is not confirmed holds an unpaid booking, then a second answers 409 EMAIL_NOT_VERIFIED naming their address and writes nothing; once confirmed, it is booked", async () => {
      const { client, user } = await newPlayer(server);
      await book(client, courts);
      const second = freshSlot(courts);
      const refused = await client.post("/api/bookings", second);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        code: "EMAIL_NOT_VERIFIED",
        message: `Confirma tu correo para tener más de una reserva sin pagar: te enviamos un enlace a ${user.email}.`,
      });
      expect((await client.get<BookingShape[]>("/api/user/bookings")).body).toHaveLength(1);
      const day = second.bookingDate.slice(0, 10);
      expect((await client.get<{ bookedSlots: string[] }>(`/api/courts/${second.courtId}/bookings?date=${day}`)).body.bookedSlots).not.toContain(second.timeSlot);

      expect(await server.ports.users.confirmEmail(user.id, user.email)).toBe(true);
      expect((await client.post("/api/bookings", second)).status).toBe(201);
    });

    it("when a player whose email is not confirmed asks for two holds at the same moment, then one is written and the other answers 409", async () => {
      const { client } = await newPlayer(server);
      const answers = await Promise.all([freshSlot(courts), freshSlot(courts)].map((slot) => client.post("/api/bookings", slot)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect((await client.get<BookingShape[]>("/api/user/bookings")).body).toHaveLength(1);
    });

    it("when a player's hold runs out, then holding that slot again answers 409 HOLD_RECENTLY_EXPIRED with the club's time they can, until BOOKING_HOLD_MINUTES later; another player takes it at once", async () => {
      const { client } = await confirmedPlayer();
      const [lapsed, waited] = [freshSlot(courts), freshSlot(courts)];
      const made = await client.post<HoldBooking>("/api/bookings", lapsed);
      expect(made.status).toBe(201);
      expect((await client.post("/api/bookings", waited)).status).toBe(201);
      clock.advance(15 * MINUTE);

      const again = await client.post("/api/bookings", lapsed);
      expect(again.status).toBe(409);
      // the hold's end plus the pause, on the club's clock, at the next whole minute
      const from = new Date(Math.ceil((Date.parse(made.body.holdExpiresAt ?? "") + 15 * MINUTE) / MINUTE) * MINUTE);
      const wall = wallClockAt(from, TEST_TIME_ZONE);
      const at = `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
      expect(again.body).toEqual({ code: "HOLD_RECENTLY_EXPIRED", message: `Tu reserva anterior de esta hora venció sin pago; podrás volver a reservarla a las ${at}.` });
      const other = await newPlayer(server);
      expect((await other.client.post("/api/bookings", lapsed)).status).toBe(201);
      expect((await client.post("/api/bookings", lapsed)).body).toMatchObject({ code: "SLOT_TAKEN" });

      expect((await client.post("/api/bookings", waited)).status).toBe(409);
      clock.advance(15 * MINUTE);
      expect((await client.post("/api/bookings", waited)).status).toBe(201);
    });

    it("when the deadline passes and 3 processes sweep at once, then the rest is charged once to the organiser's card, with an invoice", async () => {
      const { client } = await newPlayer(server);
      const made = await client.post<HoldBooking>("/api/bookings", { ...freshSlot(courts), gameType: "doubles" });
      await payShare(client, made.body.id);
      const others = [await processPorts(db.url, clock), await processPorts(db.url, clock)];
      try {
        clock.moveTo(new Date(Date.parse(made.body.shareDeadlineAt ?? "") + 1000));
        const counts = await Promise.all([server.ports, ...others.map((o) => o.ports)].map((p) => Effect.runPromise(chargeDueRemainders(p))));
        expect(await Promise.all(others.map((o) => Effect.runPromise(chargeDueRemainders(o.ports))))).toEqual([0, 0]);
        // earlier bookings of this suite may be due too: each charge is one remainder payment, never two per booking
        const remainders = (await server.ports.payments.pageTransactions({}, { page: 1, pageSize: 200 })).items.filter((p) => p.kind === "remainder");
        expect(remainders).toHaveLength(counts.reduce((a, b) => a + b, 0));
        expect(new Set(remainders.map((p) => p.bookingId)).size).toBe(remainders.length);
      } finally {
        for (const o of others) await o.database.close();
      }
      const seen = await client.get<HoldBooking>(`/api/bookings/${made.body.id}`);
      expect(seen.body).toMatchObject({ paymentStatus: "completed", paidAmount: made.body.totalAmount, balanceDue: "0.00" });
      const payments = (await client.get<{ id: string; kind: string; status: string; bookingId: string; amount: string }[]>("/api/user/payments")).body
        .filter((p) => p.bookingId === made.body.id && p.kind === "remainder");
      expect(payments).toHaveLength(1);
      expect(payments[0]!.status).toBe("succeeded");
      const invoice = await client.get(`/api/payments/${payments[0]!.id}/invoice`);
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get("content-type")).toBe("application/pdf");
      clock.moveTo(new Date());
    });

    it("when the saved card is refused off-session, then a balance is due, the admin sees it, and new bookings answer 409 until it is paid", async () => {
      const { client, user } = await newPlayer(server);
      const made = await client.post<HoldBooking>("/api/bookings", { ...freshSlot(courts), gameType: "doubles" });
      await payShare(client, made.body.id, "4000 0000 0000 0341");
      clock.moveTo(new Date(Date.parse(made.body.shareDeadlineAt ?? "") + 1000));
      expect(await Effect.runPromise(chargeDueRemainders(server.ports))).toBe(1);

      const seen = await client.get<HoldBooking>(`/api/bookings/${made.body.id}`);
      const due = ((Math.round(Number(seen.body.totalAmount) * 100) - Math.round(Number(seen.body.paidAmount) * 100)) / 100).toFixed(2);
      expect(Number(due)).toBeGreaterThan(0);
      expect(seen.body).toMatchObject({ paymentStatus: "partial", balanceDue: due });
      const admin = await adminClient(server);
      const balances = await admin.get<{ bookingId: string; balanceDue: string; userName: string }[]>("/api/admin/balances");
      expect(balances.status).toBe(200);
      expect(balances.body).toContainEqual(expect.objectContaining({ bookingId: made.body.id, balanceDue: due, userName: user.username }));
      expect((await client.get("/api/admin/balances")).status).toBe(403);

      // a month ahead: the moved clock is already past the next free slots of the suite
      const blocked = await client.post("/api/bookings", { ...freshSlot(courts), bookingDate: `${dayFromToday(30)}T00:00:00` });
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({ code: "BALANCE_DUE", bookingId: made.body.id, message: expect.stringContaining(`saldo pendiente de $${due}`) });
      // the player's own list of what they owe, which the booking screen shows before they choose anything
      const owed = await client.get<HoldBooking[]>("/api/user/bookings?scope=due");
      expect(owed.status).toBe(200);
      expect(owed.body.map((b) => [b.id, b.balanceDue])).toEqual([[made.body.id, due]]);
      expect(owed.headers.get("x-total-count")).toBe("1");
      expect((await (await newPlayer(server)).client.get<HoldBooking[]>("/api/user/bookings?scope=due")).body).toEqual([]);

      await payShare(client, made.body.id, "4242 4242 4242 4242", "full");
      expect((await client.get<HoldBooking>(`/api/bookings/${made.body.id}`)).body.balanceDue).toBe("0.00");
      expect((await client.get<HoldBooking[]>("/api/user/bookings?scope=due")).body).toEqual([]);
      clock.moveTo(new Date());
      expect((await client.post("/api/bookings", freshSlot(courts))).status).toBe(201);
    });
  });
}
