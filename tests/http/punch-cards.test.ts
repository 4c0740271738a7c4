import { DEFAULT_BOOKING_POLICY, reconcilePurchases, type PunchCard } from "@courts/core";
import * as Effect from "effect/Effect";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "./support/client.js";
import { adminClient, dayFromToday, newCourt, newPlayer, unique, type CourtShape, type UserShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

interface Problem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}
interface Product {
  readonly id: string;
  readonly name: string;
  readonly hours: number;
  readonly price: string;
  readonly validDays: number;
  readonly venueId: string | null;
  readonly band: "day" | "night" | null;
  readonly active: boolean;
}
interface Card {
  readonly id: string;
  readonly hoursLeft: number;
  readonly expiresAt: string;
  readonly usable: boolean;
}
interface Stats {
  readonly summary: { gross: string; discounts: string; stripeFees: string; refunds: string; net: string };
}

const DAY_MS = 86_400_000;
const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

/**
 * Punch cards ('Bonos', DESIGN.md section 16) against the real server: the admin's products with
 * their limits, a player's cards, an hour paying a booking of the card's venue and band in full
 * (never below zero under concurrent payments), the hour back on a 100% refund only, and refusals
 * (expired, another venue or band, another player's card) that write nothing.
 */
describeOnEngines(
  "punch cards",
  (server) => {
    let admin: Client;
    let venueId: string;
    let otherVenueId: string;
    let courts: CourtShape[];
    let otherCourt: CourtShape;
    let dayCounter = 0;

    beforeAll(async () => {
      admin = await adminClient(server());
      venueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Bonos "), location: "Quito" })).body.id;
      otherVenueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Otro "), location: "Cuenca" })).body.id;
      courts = [await newCourt(admin, { name: "Bono 1", courtNumber: 1, venueId }), await newCourt(admin, { name: "Bono 2", courtNumber: 2, venueId })];
      otherCourt = await newCourt(admin, { name: "Otra 1", courtNumber: 1, venueId: otherVenueId });
    });

    /** A singles booking on a day of its own, far enough ahead for a 100% refund; 08:00 is day, 20:00 night. */
    const book = async (client: Client, { hour = 8, court = courts[0]! }: { hour?: number; court?: CourtShape } = {}) => {
      const day = 6 + dayCounter++;
      const answer = await client.post<{ id: string; totalAmount: string }>("/api/bookings", {
        courtId: court.id,
        bookingDate: `${dayFromToday(day)}T00:00:00`,
        timeSlot: `${String(hour).padStart(2, "0")}:00`,
        gameType: "singles",
      });
      if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.text}`);
      return answer.body;
    };

    const product = async (body: Record<string, unknown> = {}) => {
      const made = await admin.post<Product>("/api/admin/punch-card-products", { name: unique("Bono 10 h "), hours: 10, price: "120", validDays: 90, ...body });
      expect(made.status, made.text).toBe(201);
      return made.body;
    };

    /** The card a recorded purchase grants (what POST /api/user/purchases does for a punch card's purchase). */
    const grant = async (user: UserShape, p: Product, { hours = p.hours, expiresAt = new Date(Date.now() + p.validDays * DAY_MS) } = {}) => {
      const card: PunchCard = {
        id: randomUUID(),
        userId: user.id,
        productId: p.id,
        name: p.name,
        hours: p.hours,
        hoursLeft: hours,
        venueId: p.venueId,
        band: p.band,
        expiresAt,
        purchaseId: null,
        createdAt: new Date(),
      };
      await server().ports.punchCards.insertCard(card);
      return card;
    };

    const cardOf = async (client: Client, id: string) => (await client.get<Card[]>("/api/user/punch-cards")).body.find((c) => c.id === id);
    const stats = async () => (await admin.get<Stats>("/api/payments/stats")).body.summary;

    describe("the admin's products", () => {
      it("when the admin creates a product for a venue's day hours, then 201 with its figures and it is listed, to players too", async () => {
        const made = await product({ name: "Bono mañanas", hours: 5, price: "55.50", validDays: 60, venueId, band: "day" });
        expect(made).toMatchObject({ name: "Bono mañanas", hours: 5, price: "55.50", validDays: 60, venueId, band: "day", active: true });
        expect((await admin.get<Product[]>("/api/admin/punch-card-products")).body.map((p) => p.id)).toContain(made.id);
        const { client } = await newPlayer(server());
        expect((await client.get<Product[]>("/api/punch-card-products")).body.map((p) => p.id)).toContain(made.id);
      });

      it.each([
        [{ hours: 0 }, "hours"],
        [{ hours: 101 }, "hours"],
        [{ hours: 2.5 }, "hours"],
        [{ price: "-1" }, "price"],
        [{ price: "0.50" }, "price"],
        [{ price: "10000.01" }, "price"],
        [{ validDays: 0 }, "validDays"],
        [{ band: "tarde" }, "band"],
        [{ name: "" }, "name"],
      ])("when the admin sends %j, then 400 in Spanish naming %s and nothing is stored", async (change, field) => {
        const before = (await admin.get<Product[]>("/api/admin/punch-card-products")).body.length;
        const refused = await admin.post<Problem>("/api/admin/punch-card-products", { name: "Bono", hours: 10, price: "120", validDays: 90, ...change });
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body).toMatchObject({ code: "INVALID_INPUT", field });
        expect(refused.body.message).toMatch(/[áéíóúñ]|debe|Escribe/);
        expect((await admin.get<Product[]>("/api/admin/punch-card-products")).body.length).toBe(before);
      });

      it("when the admin names a venue that does not exist, then 404 in Spanish and nothing is stored", async () => {
        const refused = await admin.post<Problem>("/api/admin/punch-card-products", { name: "Bono", hours: 10, price: "120", validDays: 90, venueId: "no-existe" });
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe("VENUE_NOT_FOUND");
      });

      it("when a player tries to create or retire a product, then 403", async () => {
        const { client } = await newPlayer(server());
        expect((await client.post("/api/admin/punch-card-products", { name: "Bono", hours: 10, price: "120", validDays: 90 })).status).toBe(403);
        const made = await product();
        expect((await client.delete(`/api/admin/punch-card-products/${made.id}`)).status).toBe(403);
      });

      it("when the admin retires a product, then players no longer see it for sale and cards bought keep their hours", async () => {
        const made = await product();
        const { client, user } = await newPlayer(server());
        const card = await grant(user, made);
        expect((await admin.delete(`/api/admin/punch-card-products/${made.id}`)).status).toBe(204);
        expect((await admin.get<Product[]>("/api/admin/punch-card-products")).body.find((p) => p.id === made.id)?.active).toBe(false);
        expect((await client.get<Product[]>("/api/punch-card-products")).body.map((p) => p.id)).not.toContain(made.id);
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 10, usable: true });
        expect((await admin.delete(`/api/admin/punch-card-products/no-existe`)).status).toBe(404);
      });
    });

    describe("buying a card", () => {
      const buy = async (client: Client, productId: string) => {
        const intent = await client.post<{ clientSecret: string; paymentIntentId: string; amount: string }>("/api/user/punch-cards", { productId });
        expect(intent.status, intent.text).toBe(200);
        const confirmed = await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD });
        expect(confirmed.status, confirmed.text).toBe(200);
        return intent.body;
      };

      it("when a player buys a product by card and the purchase is recorded, then the card has its hours and expiry, once, with a receipt number", async () => {
        const p = await product({ hours: 4, price: "48.00", validDays: 30, venueId, band: "night" });
        const { client } = await newPlayer(server());
        const intent = await buy(client, p.id);
        expect(intent.amount).toBe("48.00");
        expect((await client.get<Card[]>("/api/user/punch-cards")).body).toEqual([]);
        const recorded = await client.post<{ product: string; status: string; invoiceNumber: string | null }>(`/api/user/purchases/${intent.paymentIntentId}`);
        expect(recorded.status, recorded.text).toBe(201);
        expect(recorded.body).toMatchObject({ product: "punch_card", status: "succeeded" });
        expect(recorded.body.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
        expect((await client.post(`/api/user/purchases/${intent.paymentIntentId}`)).status).toBe(200);
        const cards = (await client.get<(Card & { hours: number; band: string; venueId: string })[]>("/api/user/punch-cards")).body;
        expect(cards).toHaveLength(1);
        expect(cards[0]).toMatchObject({ hours: 4, hoursLeft: 4, band: "night", venueId, usable: true });
        const days = (Date.parse(cards[0]!.expiresAt) - Date.now()) / DAY_MS;
        expect(days).toBeGreaterThan(29.9);
        expect(days).toBeLessThanOrEqual(30);
      });

      it("when the browser never comes back after the card was charged, then the sweep records the purchase and grants the card", async () => {
        const p = await product({ hours: 2 });
        const { client } = await newPlayer(server());
        await buy(client, p.id);
        await Effect.runPromise(reconcilePurchases(server().ports, { claimMs: 60_000, ttlMs: 30 * 60_000 }));
        expect((await client.get<Card[]>("/api/user/punch-cards")).body).toEqual([expect.objectContaining({ hoursLeft: 2 })]);
      });

      it("when a player asks for a retired or unknown product, then 404 in Spanish and nothing is opened", async () => {
        const p = await product();
        expect((await admin.delete(`/api/admin/punch-card-products/${p.id}`)).status).toBe(204);
        const { client } = await newPlayer(server());
        for (const productId of [p.id, "no-existe"]) {
          const refused = await client.post<Problem>("/api/user/punch-cards", { productId });
          expect(refused.status).toBe(404);
          expect(refused.body).toMatchObject({ code: "PUNCH_CARD_NOT_FOUND", message: "Bono no encontrado" });
        }
        expect((await client.post<Problem>("/api/user/punch-cards", {})).status).toBe(400);
      });
    });

    describe("paying a booking with an hour", () => {
      it("when the owner pays with a card of the venue and band, then 201 kind punch_card without card fee, the booking is paid and one hour is taken", async () => {
        const p = await product({ venueId, band: "day", hours: 3 });
        const { client, user } = await newPlayer(server());
        const card = await grant(user, p);
        const booking = await book(client);
        const before = await stats();
        const paid = await client.post<{ kind: string; status: string; stripeFee: string; amount: string; totalPaid: string; invoiceNumber: string | null }>(
          `/api/bookings/${booking.id}/punch-card-payments`,
          { punchCardId: card.id },
        );
        expect(paid.status, paid.text).toBe(201);
        expect(paid.body).toMatchObject({ kind: "punch_card", status: "succeeded", stripeFee: "0.00", amount: booking.totalAmount, totalPaid: "0.00" });
        const after = (await client.get<{ paymentStatus: string; paidAmount: string }>(`/api/bookings/${booking.id}`)).body;
        expect(after).toMatchObject({ paymentStatus: "completed", paidAmount: booking.totalAmount });
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 2, usable: true });
        // the card's money came in when it was bought: the hour adds nothing to net, and the summary adds up
        const now = await stats();
        expect(Number(now.net)).toBeCloseTo(Number(before.net), 2);
        expect(Number(now.gross) - Number(now.discounts) - Number(now.stripeFees) - Number(now.refunds)).toBeCloseTo(Number(now.net), 2);
        // its receipt, and the club's export names how it was paid
        const pdf = await client.get(`/api/payments/${(paid.body as unknown as { id: string }).id}/invoice`);
        expect(pdf.status, pdf.text.slice(0, 200)).toBe(200);
        expect(pdf.headers.get("content-type")).toContain("application/pdf");
        const csv = await admin.get(`/api/admin/transactions.csv`);
        const row = csv.text.split("\n").find((line) => line.includes((paid.body as unknown as { id: string }).id));
        expect(row).toContain(";Bono;");
        // paying again: nothing left to pay, no hour taken
        const again = await client.post<Problem>(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id });
        expect(again.status).toBe(409);
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 2 });
      });

      it("when a card of any venue and band pays a night booking, then 201", async () => {
        const p = await product();
        const { client, user } = await newPlayer(server());
        const card = await grant(user, p);
        const booking = await book(client, { hour: 20, court: otherCourt });
        expect((await client.post(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id })).status).toBe(201);
      });

      it.each<[string, { band?: "night"; venueId?: "other" }, { expired?: boolean; hours?: number }, RegExp]>([
        ["a night card for a day hour", { band: "night" }, {}, /solo vale para horas de noche/],
        ["a card of another venue", { venueId: "other" }, {}, /no vale para las canchas de esta sede/],
        ["an expired card", {}, { expired: true }, /venció/],
        ["a card with no hour left", {}, { hours: 0 }, /no tiene horas disponibles/],
      ])("when the owner pays with %s, then 409 PUNCH_CARD_UNUSABLE in Spanish and nothing is written", async (_what, productChange, cardChange, message) => {
        const p = await product({ venueId: productChange.venueId === "other" ? otherVenueId : venueId, ...(productChange.band ? { band: productChange.band } : {}) });
        const { client, user } = await newPlayer(server());
        const card = await grant(user, p, {
          ...(cardChange.expired ? { expiresAt: new Date(Date.now() - 60_000) } : {}),
          ...(cardChange.hours !== undefined ? { hours: cardChange.hours } : {}),
        });
        const booking = await book(client);
        const refused = await client.post<Problem>(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id });
        expect(refused.status, refused.text).toBe(409);
        expect(refused.body.code).toBe("PUNCH_CARD_UNUSABLE");
        expect(refused.body.message).toMatch(message);
        expect(await server().ports.payments.listByBooking(booking.id)).toEqual([]);
        expect((await server().ports.punchCards.findCard(card.id))?.hoursLeft).toBe(card.hoursLeft);
      });

      it("when a player pays with another player's card, then 404 as if it did not exist, and the card keeps its hours", async () => {
        const p = await product();
        const { user: owner } = await newPlayer(server());
        const card = await grant(owner, p);
        const { client } = await newPlayer(server());
        const booking = await book(client);
        const refused = await client.post<Problem>(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id });
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe("PUNCH_CARD_NOT_FOUND");
        expect((await server().ports.punchCards.findCard(card.id))?.hoursLeft).toBe(10);
        expect(await server().ports.payments.listByBooking(booking.id)).toEqual([]);
      });

      it.each([[{}], [{ punchCardId: 5 }], [{ punchCardId: "a b" }]])("when the body is %j, then 400 in Spanish", async (body) => {
        const { client } = await newPlayer(server());
        const booking = await book(client);
        const refused = await client.post<Problem>(`/api/bookings/${booking.id}/punch-card-payments`, body);
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe("INVALID_INPUT");
      });

      it("when a player pays another player's booking with their own card, then 403 and no hour is taken", async () => {
        const p = await product();
        const { client: owner } = await newPlayer(server());
        const { client: other, user } = await newPlayer(server());
        const card = await grant(user, p);
        const booking = await book(owner);
        expect((await other.post(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id })).status).toBe(403);
        expect((await server().ports.punchCards.findCard(card.id))?.hoursLeft).toBe(10);
      });

      it("when 8 bookings are paid at once with a card of 3 hours, then exactly 3 are paid and the card ends at zero, never below", async () => {
        const p = await product({ hours: 3 });
        const { client, user } = await newPlayer(server());
        const card = await grant(user, p);
        const bookings = [];
        for (let i = 0; i < 8; i++) bookings.push(await book(client, { hour: 8 + (i % 2), court: courts[i % 2]! }));
        const answers = await Promise.all(bookings.map((b) => client.post<Problem>(`/api/bookings/${b.id}/punch-card-payments`, { punchCardId: card.id })));
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses.filter((s) => s === 201)).toHaveLength(3);
        expect(statuses.filter((s) => s !== 201)).toEqual(Array(5).fill(409));
        for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe("PUNCH_CARD_UNUSABLE");
        expect((await server().ports.punchCards.findCard(card.id))?.hoursLeft).toBe(0);
        let paid = 0;
        for (const b of bookings) paid += (await server().ports.payments.listByBooking(b.id)).filter((x) => x.kind === "punch_card").length;
        expect(paid).toBe(3);
      });
    });

    describe("cancelling", () => {
      it("when a booking paid with an hour is cancelled more than 24 h ahead (100%), then the hour comes back, once", async () => {
        const p = await product({ hours: 2 });
        const { client, user } = await newPlayer(server());
        const card = await grant(user, p);
        const booking = await book(client);
        expect((await client.post(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id })).status).toBe(201);
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 1 });
        const before = await stats();
        const cancelled = await client.post<{ refundPercentage: number }>("/api/cancellations", { bookingId: booking.id });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body.refundPercentage).toBe(100);
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 2 });
        // no money went back: the summary's refunds do not move
        expect((await stats()).refunds).toBe(before.refunds);
        expect((await client.post("/api/cancellations", { bookingId: booking.id })).status).toBe(409);
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 2 });
      });

      it("when a booking paid with an hour is cancelled at a partial tier (50%), then the hour is spent", async () => {
        const p = await product({ hours: 2 });
        const { client, user } = await newPlayer(server());
        const card = await grant(user, p);
        const booking = await book(client);
        expect((await client.post(`/api/bookings/${booking.id}/punch-card-payments`, { punchCardId: card.id })).status).toBe(201);
        // the tier as a cancellation 12-24 h ahead writes it (the day is not waited for)
        expect(await server().ports.bookings.cancel(booking.id, { reason: null, refundPercentage: 50, at: new Date() })).toBe(true);
        expect(await cardOf(client, card.id)).toMatchObject({ hoursLeft: 1 });
      });
    });
  },
  { server: { policy: { ...DEFAULT_BOOKING_POLICY, maxUnpaidBookings: 20, unverifiedUnpaidBookings: 20 } } },
);
