import { beforeAll, expect, it } from "vitest";
import type { ObservedAnswer } from "@courts/adapters";
import { AnswerCheck, type OpenApiDocument } from "./support/answer-check.js";
import { Client } from "./support/client.js";
import { clientFor, newCourt, newVenue, ownerBooking, ROWS, type Ctx, type Prepared, type Role } from "./support/endpoints.js";
import { adminClient, dayFromToday, demoCourts, freshSlot, newPlayer, PASSWORD, pay } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

/**
 * /api/docs/json is the contract: every operation is called until it answers 2xx, every answer
 * (2xx and 4xx, as sent and as the handler gave it) is checked against the document's schema for
 * its operation and status, and a status the document does not list is a violation.
 */

/** Operations that cannot answer 2xx in this setup, and why. */
const NO_2XX: Readonly<Record<string, string>> = {
  postStripeWebhook: "simulated card provider: the webhook answers 404 (Stripe mode has its own suite, stripe-mode.test.ts)",
};

interface Call {
  readonly name: string;
  readonly method: string;
  readonly role: Role;
  readonly prepare: (ctx: Ctx) => Promise<Prepared> | Prepared;
}

const otherBooking = async (ctx: Ctx) =>
  (await ctx.admin.post<{ id: string; courtId: string; date: string; timeSlot: string }>("/api/bookings", { ...freshSlot(ctx.courts), userId: ctx.other.id })).body;
const feedFile = async (ctx: Ctx) => {
  const owner = await clientFor(ctx, "owner");
  const url = (await owner.get<{ url: string }>("/api/user/calendar-feed")).body.url;
  return url.slice(url.lastIndexOf("/") + 1);
};
const joinWaitlist = async (ctx: Ctx) => {
  const taken = await otherBooking(ctx);
  const owner = await clientFor(ctx, "owner");
  return (await owner.post<{ id: string }>("/api/waitlist", { courtId: taken.courtId, date: taken.date, timeSlot: taken.timeSlot })).body.id;
};
const blockOn = async (ctx: Ctx) =>
  (await ctx.admin.post<{ block: { id: string } }>("/api/admin/blocks", { courtId: await newCourt(ctx), startDate: dayFromToday(40), endDate: dayFromToday(41), reason: "Torneo" })).body
    .block.id;
let seriesSlot = 0;
const seriesBody = (ctx: Ctx, court: string) => ({
  courtId: court,
  userId: ctx.owner.id,
  timeSlot: `${String(6 + (seriesSlot++ % 16)).padStart(2, "0")}:00`,
  gameType: "singles",
  startDate: dayFromToday(60),
  weeks: 2,
});
const newSeries = async (ctx: Ctx) =>
  (await ctx.admin.post<{ id: string; created: { id: string }[] }>("/api/admin/booking-series", seriesBody(ctx, ctx.courts[0]!.id))).body;

/** The operations the authorization matrix does not call. */
const EXTRA: readonly Call[] = [
  { name: "balances", method: "GET", role: "admin", prepare: () => ({ path: "/api/admin/balances" }) },
  { name: "late refunds", method: "GET", role: "admin", prepare: () => ({ path: "/api/admin/refunds/late" }) },
  { name: "payers", method: "GET", role: "owner", prepare: async (ctx) => {
    const booking = await ownerBooking(ctx);
    await pay(ctx.ownerClient, booking.id);
    return { path: `/api/bookings/${booking.id}/payers` };
  } },
  { name: "booking calendar", method: "GET", role: "owner", prepare: async (ctx) => ({ path: `/api/bookings/${(await ownerBooking(ctx)).id}/calendar.ics` }) },
  { name: "feed", method: "GET", role: "owner", prepare: () => ({ path: "/api/user/calendar-feed" }) },
  { name: "new feed", method: "POST", role: "owner", prepare: () => ({ path: "/api/user/calendar-feed" }) },
  { name: "feed file", method: "GET", role: "guest", prepare: async (ctx) => ({ path: `/api/calendar/${await feedFile(ctx)}` }) },
  { name: "settings", method: "GET", role: "owner", prepare: () => ({ path: "/api/user/notification-settings" }) },
  { name: "settings change", method: "PUT", role: "owner", prepare: () => ({ path: "/api/user/notification-settings", json: { remindersEnabled: true } }) },
  { name: "waitlist", method: "GET", role: "owner", prepare: () => ({ path: "/api/waitlist" }) },
  { name: "waitlist join", method: "POST", role: "owner", prepare: async (ctx) => {
    const taken = await otherBooking(ctx);
    return { path: "/api/waitlist", json: { courtId: taken.courtId, date: taken.date, timeSlot: taken.timeSlot } };
  } },
  { name: "waitlist leave", method: "DELETE", role: "owner", prepare: async (ctx) => ({ path: `/api/waitlist/${await joinWaitlist(ctx)}` }) },
  { name: "block", method: "POST", role: "admin", prepare: async (ctx) => ({
    path: "/api/admin/blocks",
    json: { courtId: await newCourt(ctx), startDate: dayFromToday(40), endDate: dayFromToday(41), timeSlots: ["08:00"], reason: "Mantenimiento", note: "Red" },
  }) },
  { name: "closure", method: "POST", role: "admin", prepare: async (ctx) => {
    const booking = await ownerBooking(ctx);
    await pay(ctx.ownerClient, booking.id);
    return { path: "/api/admin/blocks", json: { courtId: booking.courtId, startDate: booking.date, endDate: booking.date, timeSlots: [booking.timeSlot], reason: "Torneo", cancelConflicts: true } };
  } },
  { name: "blocks", method: "GET", role: "admin", prepare: (ctx) => ({ path: `/api/admin/blocks?venueId=${ctx.venueId}` }) },
  { name: "unblock", method: "DELETE", role: "admin", prepare: async (ctx) => ({ path: `/api/admin/blocks/${await blockOn(ctx)}` }) },
  { name: "public blocks", method: "GET", role: "guest", prepare: async (ctx) => {
    await blockOn(ctx);
    const day = dayFromToday(40);
    return { path: `/api/venues/${ctx.venueId}/blocks?year=${Number(day.slice(0, 4))}&month=${Number(day.slice(5, 7))}` };
  } },
  { name: "series", method: "POST", role: "admin", prepare: async (ctx) => ({ path: "/api/admin/booking-series", json: seriesBody(ctx, await newCourt(ctx)) }) },
  { name: "one series", method: "GET", role: "admin", prepare: async (ctx) => ({ path: `/api/admin/booking-series/${(await newSeries(ctx)).id}` }) },
  { name: "series cancel", method: "DELETE", role: "admin", prepare: async (ctx) => ({ path: `/api/admin/booking-series/${(await newSeries(ctx)).id}` }) },
  { name: "series booking cancel", method: "DELETE", role: "admin", prepare: async (ctx) => {
    const series = await newSeries(ctx);
    return { path: `/api/admin/booking-series/${series.id}/bookings/${series.created[0]!.id}` };
  } },
  { name: "cash", method: "POST", role: "admin", prepare: async (ctx) => ({ path: `/api/admin/bookings/${(await ownerBooking(ctx)).id}/cash-payments`, json: { amount: "5.00" } }) },
  { name: "schedule", method: "GET", role: "admin", prepare: () => ({ path: `/api/admin/schedule?date=${dayFromToday(5)}` }) },
  { name: "player search", method: "GET", role: "admin", prepare: (ctx) => ({ path: `/api/admin/users?username=${ctx.owner.username}` }) },
  { name: "password change", method: "POST", role: "owner", prepare: async (ctx) => {
    // a player of its own: the change ends that player's other sessions
    const { client } = await newPlayer(ctx.server);
    return { path: "/api/user/password", json: { currentPassword: PASSWORD, newPassword: "otra-clave-larga-2026" }, as: client };
  } },
  { name: "venue for blocks", method: "GET", role: "guest", prepare: async (ctx) => ({ path: `/api/venues/${await newVenue(ctx)}` }) },
];

/** The matrix's rows, each as the first role that gets a 2xx. */
const MATRIX: readonly Call[] = ROWS.flatMap((row) => {
  const role = (["owner", "admin", "guest", "other"] as const).find((r) => row.expect[r] >= 200 && row.expect[r] < 300);
  return role === undefined ? [] : [{ name: row.route, method: row.method, role, prepare: (ctx: Ctx) => row.prepare(ctx, role) }];
});

const call = async (ctx: Ctx, caller: Client, method: string, prepared: Prepared) => {
  const client = prepared.as ?? caller;
  return prepared.raw
    ? client.request(method, prepared.path, { body: prepared.raw.body, headers: { "content-type": prepared.raw.contentType } })
    : client.request(method, prepared.path, prepared.json === undefined ? {} : { json: prepared.json });
};

let record: (answer: ObservedAnswer) => void = () => undefined;

describeOnEngines(
  "the answers against /api/docs/json",
  (server) => {
    let ctx: Ctx;
    let check: AnswerCheck;
    beforeAll(async () => {
      const doc = (await new Client(server().baseUrl).get<OpenApiDocument>("/api/docs/json")).body;
      check = new AnswerCheck(doc);
      record = check.observe;
      const { courts, venues } = await demoCourts(server());
      const owner = await newPlayer(server());
      const other = await newPlayer(server());
      ctx = { server: server(), owner: owner.user, other: other.user, ownerClient: owner.client, admin: await adminClient(server()), courts, venueId: venues[0]!.id };
    });

    it("when every operation is called (twice: the second time the lists have content), then each answers 2xx as documented", async () => {
      for (const pass of [1, 2])
        for (const c of [...MATRIX, ...EXTRA]) {
          const prepared = await c.prepare(ctx);
          const answer = await call(ctx, await clientFor(ctx, c.role), c.method, prepared);
          expect(answer.status, `pass ${pass}: ${c.method} ${prepared.path} as ${c.role}: ${answer.text.slice(0, 300)}`).toBeLessThan(300);
        }
      expect(check.violations).toEqual([]);
      const missing = [...check.operations.values()].filter((id) => !check.succeeded.has(id) && !(id in NO_2XX));
      expect(missing).toEqual([]);
      // every operation twice, one after the other: about 13 s alone on PostgreSQL, over 30 s on a loaded machine
    }, 90_000);

    it("when an answer lacks a field, has one the schema would drop, or has an undocumented status, then the check says so", async () => {
      const doc = (await new Client(server().baseUrl).get<OpenApiDocument>("/api/docs/json")).body;
      const probe = new AnswerCheck(doc);
      const venue = { id: "v", name: "Club", location: "Loja", description: null, imageUrl: null, imageData: null, courtCount: 2 };
      const answer = { method: "GET", route: "/api/venues/:id", contentType: "application/json; charset=utf-8" };
      probe.observe({ ...answer, status: 200, sent: venue, given: venue });
      expect(probe.violations).toEqual([]);
      const { courtCount: _count, ...lacking } = venue;
      probe.observe({ ...answer, status: 200, sent: lacking, given: lacking });
      probe.observe({ ...answer, status: 200, sent: venue, given: { ...venue, secret: "x" } });
      probe.observe({ ...answer, status: 418, sent: { message: "?", code: "TEAPOT" }, given: undefined });
      probe.observe({ ...answer, status: 404, sent: { message: "No existe" }, given: undefined });
      expect(probe.violations.map((v) => `${v.status} ${v.problem.split(":")[0]}`)).toEqual([
        // the answer without courtCount, as sent and as given
        "200 as sent",
        "200 as given by the handler",
        // the extra field, which the response schema would have dropped from what was sent
        "200 as given by the handler",
        "418 status 418 is not documented",
        "404 as sent",
      ]);
    });

    it("when guests, strangers and bad input call them, then every 4xx is a documented status with a Problem body", async () => {
      const guest = new Client(server().baseUrl);
      const other = await clientFor(ctx, "other");
      for (const c of [...MATRIX, ...EXTRA]) {
        const prepared = await c.prepare(ctx);
        await call(ctx, guest, c.method, prepared);
        await call(ctx, other, c.method, prepared);
      }
      const owner = await clientFor(ctx, "owner");
      await owner.get("/api/bookings/no-such-booking");
      await owner.post("/api/bookings", { courtId: ctx.courts[0]!.id, bookingDate: "ayer", timeSlot: "25:00", gameType: "tenis" });
      await owner.get(`/api/courts/${ctx.courts[0]!.id}/bookings?date=mañana`);
      await guest.post("/api/discount-codes/validate", { code: "NO-EXISTE" });
      await guest.get("/api/shared-payment-links/no-such-token");
      // the Problem's optional parts survive serialization: the booking of ALREADY_BOOKED, the bookings of BLOCK_CONFLICTS
      const slot = freshSlot(ctx.courts);
      const booked = await owner.post<{ id: string; date: string }>("/api/bookings", slot);
      const again = await owner.post<{ code: string; bookingId?: string }>("/api/bookings", slot);
      expect([again.status, again.body.code, again.body.bookingId]).toEqual([409, "ALREADY_BOOKED", booked.body.id]);
      const block = { courtId: slot.courtId, startDate: booked.body.date, endDate: booked.body.date, timeSlots: [slot.timeSlot], reason: "Clases" };
      const conflict = await ctx.admin.post<{ code: string; bookings?: { id: string }[] }>("/api/admin/blocks", block);
      expect([conflict.status, conflict.body.code, conflict.body.bookings?.map((b) => b.id)]).toEqual([409, "BLOCK_CONFLICTS", [booked.body.id]]);
      expect(check.violations).toEqual([]);
      expect(check.failed.size).toBeGreaterThan(20);
      expect([...check.failed.values()].flatMap((s) => [...s]).filter((s) => s === 401).length).toBeGreaterThan(10);
    });
  },
  { server: { observeAnswers: (answer) => record(answer) } },
);
