import { DEFAULT_BOOKING_POLICY, enqueueMembershipReminders } from "@courts/core";
import type { SqlDatabase } from "@courts/adapters/sql/index";
import * as Effect from "effect/Effect";
import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, dayFromToday, newCourt, newPlayer, unique, type CourtShape } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

interface Problem {
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}
interface Plan {
  readonly id: string;
  readonly venueId: string;
  readonly name: string;
  readonly price: string;
  readonly months: number;
  readonly discountPercent: number;
  readonly windowDays: number | null;
}
interface Membership {
  readonly id: string;
  readonly planId: string;
  readonly venueId: string;
  readonly discountPercent: number;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly paidBy: "card" | "cash";
  readonly purchaseId: string | null;
  readonly active: boolean;
}
interface Stats {
  readonly summary: { gross: string; discounts: string; stripeFees: string; refunds: string; net: string };
}

const CARD = { cardNumber: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

/**
 * Memberships ('Socios', DESIGN.md section 16) against the real server: a venue's plans with
 * their limits, a membership bought by card (recorded as every product is) or at the desk in
 * cash, each with its receipt; a member's booking charged the court's price less the discount,
 * and the plan's window in place of the venue's; other venues' courts at their price.
 */
describeOnEngines(
  "memberships",
  (server) => {
    let admin: Client;
    let venueId: string;
    let court: CourtShape;
    let otherCourt: CourtShape;
    let dayCounter = 0;

    beforeAll(async () => {
      admin = await adminClient(server());
      venueId = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Socios "), location: "Quito" })).body.id;
      const otherVenue = (await admin.post<{ id: string }>("/api/venues", { name: unique("Club Otro "), location: "Loja" })).body.id;
      court = await newCourt(admin, { name: "Socios 1", courtNumber: 1, venueId });
      otherCourt = await newCourt(admin, { name: "Otra 1", courtNumber: 1, venueId: otherVenue });
    });

    const plan = async (body: Record<string, unknown> = {}) => {
      const made = await admin.post<Plan>("/api/admin/membership-plans", { venueId, name: unique("Socio anual "), price: "200", months: 12, discountPercent: 20, ...body });
      expect(made.status, made.text).toBe(201);
      return made.body;
    };

    const book = async (client: Client, on: CourtShape = court, day = 6 + dayCounter++) =>
      client.post<{ id: string; totalAmount: string }>("/api/bookings", {
        courtId: on.id,
        bookingDate: `${dayFromToday(day)}T00:00:00`,
        timeSlot: "08:00",
        gameType: "singles",
      });

    const stats = async () => (await admin.get<Stats>("/api/payments/stats")).body.summary;

    describe("plans", () => {
      it("when the admin creates a plan, then 201 and players see it on the venue", async () => {
        const made = await plan({ name: "Socio trimestral", price: "75.50", months: 3, discountPercent: 15, windowDays: 30 });
        expect(made).toMatchObject({ venueId, name: "Socio trimestral", price: "75.50", months: 3, discountPercent: 15, windowDays: 30 });
        const listed = await new Client(server().baseUrl).get<Plan[]>(`/api/venues/${venueId}/membership-plans`);
        expect(listed.status).toBe(200);
        expect(listed.body.map((p) => p.id)).toContain(made.id);
      });

      it.each([
        [{ discountPercent: 101 }, "discountPercent"],
        [{ discountPercent: -1 }, "discountPercent"],
        [{ months: 0 }, "months"],
        [{ price: "0" }, "price"],
        [{ windowDays: 0 }, "windowDays"],
        [{ name: " " }, "name"],
      ])("when the admin sends %j, then 400 in Spanish naming %s", async (change, field) => {
        const refused = await admin.post<Problem>("/api/admin/membership-plans", { venueId, name: "Plan", price: "200", months: 12, discountPercent: 20, ...change });
        expect(refused.status, refused.text).toBe(400);
        expect(refused.body).toMatchObject({ code: "INVALID_INPUT", field });
      });

      it("when the plan names an unknown venue, then 404; a player creating one, 403", async () => {
        expect((await admin.post("/api/admin/membership-plans", { venueId: "no-existe", name: "Plan", price: "200", months: 12, discountPercent: 20 })).status).toBe(404);
        const { client } = await newPlayer(server());
        expect((await client.post("/api/admin/membership-plans", { venueId, name: "Plan", price: "200", months: 12, discountPercent: 20 })).status).toBe(403);
      });
    });

    describe("becoming a member", () => {
      it("when a player buys a plan by card, then the membership starts when recorded, lasts its months, has a receipt, and the money is in the summary once", async () => {
        const p = await plan({ months: 1, price: "30.00" });
        const { client } = await newPlayer(server());
        const before = await stats();
        const intent = await client.post<{ clientSecret: string; paymentIntentId: string; amount: string }>("/api/user/memberships", { planId: p.id });
        expect(intent.status, intent.text).toBe(200);
        expect(intent.body.amount).toBe("30.00");
        expect((await client.post("/api/simulated-card/confirm", { clientSecret: intent.body.clientSecret, ...CARD })).status).toBe(200);
        const recorded = await client.post<{ id: string; product: string; invoiceNumber: string }>(`/api/user/purchases/${intent.body.paymentIntentId}`);
        expect(recorded.status, recorded.text).toBe(201);
        expect(recorded.body.product).toBe("membership");
        const mine = (await client.get<Membership[]>("/api/user/memberships")).body;
        expect(mine).toEqual([expect.objectContaining({ planId: p.id, venueId, discountPercent: 20, paidBy: "card", active: true, purchaseId: recorded.body.id })]);
        const days = (Date.parse(mine[0]!.endsAt) - Date.parse(mine[0]!.startsAt)) / 86_400_000;
        expect(days).toBeGreaterThanOrEqual(28);
        expect(days).toBeLessThanOrEqual(31);
        const after = await stats();
        expect(Number(after.gross) - Number(after.discounts) - Number(after.stripeFees) - Number(after.refunds)).toBeCloseTo(Number(after.net), 2);
        expect(Number(after.gross) - Number(before.gross)).toBeCloseTo(30, 2);
      });

      it("when the desk records a plan paid in cash, then 201 with the membership, paid by cash, and a receipt number", async () => {
        const p = await plan();
        const { client, user } = await newPlayer(server());
        const done = await admin.post<Membership>(`/api/admin/users/${user.id}/memberships`, { planId: p.id });
        expect(done.status, done.text).toBe(201);
        expect(done.body).toMatchObject({ planId: p.id, paidBy: "cash", active: true });
        const purchase = await server().ports.purchases.findById(done.body.purchaseId!);
        expect(purchase).toMatchObject({ product: "membership", status: "succeeded", stripeFee: 0, amount: 20000 });
        expect(purchase?.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
        expect((await client.get<Membership[]>("/api/user/memberships")).body).toHaveLength(1);
        // renewed at the desk before the end: the months add up after the current one
        const again = await admin.post<Membership>(`/api/admin/users/${user.id}/memberships`, { planId: p.id });
        expect(again.status).toBe(201);
        expect(again.body.startsAt).toBe(done.body.endsAt);
        expect(again.body.active).toBe(false);
      });

      it("when a player asks for an unknown plan, or the desk for an unknown player, then 404 in Spanish and nothing is opened", async () => {
        const { client } = await newPlayer(server());
        const refused = await client.post<Problem>("/api/user/memberships", { planId: "no-existe" });
        expect(refused.status).toBe(404);
        expect(refused.body).toMatchObject({ code: "MEMBERSHIP_PLAN_NOT_FOUND", message: "Plan de socio no encontrado" });
        const p = await plan();
        expect((await admin.post(`/api/admin/users/no-existe/memberships`, { planId: p.id })).status).toBe(404);
        expect((await client.get<Membership[]>("/api/user/memberships")).body).toEqual([]);
      });
    });

    describe("the reminder", () => {
      it("when a membership ends within 7 days and was not renewed, then one mail says so, once; a renewed one gets none", async () => {
        const p = await plan({ name: "Socio mensual", months: 1 });
        const { user } = await newPlayer(server());
        const { user: renewed } = await newPlayer(server());
        const done = await admin.post<Membership>(`/api/admin/users/${user.id}/memberships`, { planId: p.id });
        expect(done.status).toBe(201);
        expect((await admin.post(`/api/admin/users/${renewed.id}/memberships`, { planId: p.id })).status).toBe(201);
        expect((await admin.post(`/api/admin/users/${renewed.id}/memberships`, { planId: p.id })).status).toBe(201);
        const ports = server().ports;
        const at = (instant: number) => ({ ...ports, clock: { now: () => new Date(instant), timeZone: ports.clock.timeZone } });
        const mails = async () =>
          (server().database as SqlDatabase).sql.all("select recipient, kind, payload from outbox where event_key like ?", ["membership-ending:%"]);
        // 8 days before its end: not yet
        await Effect.runPromise(enqueueMembershipReminders(at(Date.parse(done.body.endsAt) - 8 * 86_400_000)));
        expect((await mails()).filter((m) => m["recipient"] === user.email)).toEqual([]);
        const threeDaysBefore = at(Date.parse(done.body.endsAt) - 3 * 86_400_000);
        await Effect.runPromise(enqueueMembershipReminders(threeDaysBefore));
        await Effect.runPromise(enqueueMembershipReminders(threeDaysBefore));
        const mine = (await mails()).filter((m) => m["recipient"] === user.email);
        expect(mine).toHaveLength(1);
        expect(mine[0]!["kind"]).toBe("membership-ending");
        expect(String(mine[0]!["payload"])).toContain("Socio mensual");
        expect((await mails()).filter((m) => m["recipient"] === renewed.email)).toEqual([]);
      });
    });

    describe("booking as a member", () => {
      it("when a member books a court of the venue, then the total is the court's price less the discount; another venue's court costs its price", async () => {
        const p = await plan({ discountPercent: 20 });
        const { client, user } = await newPlayer(server());
        const before = await book(client);
        expect(before.body.totalAmount).toBe("14.50");
        expect((await admin.post(`/api/admin/users/${user.id}/memberships`, { planId: p.id })).status).toBe(201);
        const prices = await client.get<{ member: boolean; discountPercent: number; courts: { courtId: string; daySinglesPrice: string; nightDoublesPrice: string }[] }>(
          `/api/venues/${venueId}/member-prices`,
        );
        expect(prices.status, prices.text).toBe(200);
        expect(prices.body).toMatchObject({ member: true, discountPercent: 20 });
        expect(prices.body.courts.find((c) => c.courtId === court.id)).toMatchObject({ daySinglesPrice: "11.60", nightDoublesPrice: "26.40" });
        const member = await book(client);
        expect(member.status, member.text).toBe(201);
        expect(member.body.totalAmount).toBe("11.60");
        const elsewhere = await book(client, otherCourt);
        expect(elsewhere.body.totalAmount).toBe("14.50");
        expect((await client.get<{ member: boolean; courts: unknown[] }>(`/api/venues/${otherCourt.venueId}/member-prices`)).body).toMatchObject({ member: false, courts: [] });
      });

      it("when the plan has its own window, then a member books past the venue's window and others are refused", async () => {
        expect((await admin.put(`/api/admin/venues/${venueId}/rules`, { windowDays: 10, releaseTime: null, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 })).status).toBe(200);
        try {
          const p = await plan({ discountPercent: 0, windowDays: 40 });
          const { client: member, user } = await newPlayer(server());
          const { client: other } = await newPlayer(server());
          expect((await admin.post(`/api/admin/users/${user.id}/memberships`, { planId: p.id })).status).toBe(201);
          const refused = await book(other, court, 30);
          expect(refused.status).toBe(409);
          expect((refused.body as unknown as Problem).code).toBe("OUTSIDE_BOOKING_WINDOW");
          const booked = await book(member, court, 30);
          expect(booked.status, booked.text).toBe(201);
          expect(booked.body.totalAmount).toBe("14.50");
        } finally {
          await admin.put(`/api/admin/venues/${venueId}/rules`, { windowDays: 180, releaseTime: null, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 });
        }
      });
    });
  },
  { server: { policy: { ...DEFAULT_BOOKING_POLICY, maxUnpaidBookings: 20, unverifiedUnpaidBookings: 20 } } },
);
