import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_BOOKING_POLICY, enqueueMatchDigests, instantOf, localDateOf, wallClockAt } from "@courts/core";
import { runUseCase } from "@courts/adapters";
import type { SqlDatabase } from "@courts/adapters/sql/index";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mailSteps } from "@courts/adapters/sweep/mail-steps";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { startSmtpCatcher } from "../support/smtp-catcher.js";
import { Client } from "./support/client.js";
import { book, demoCourts, newPlayer, pay, type CourtShape } from "./support/fixtures.js";
import { movableClock } from "./support/movable-clock.js";
import { freshDatabase, HTTP_ENGINES, startServer, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * Open matches (DESIGN.md section 17) through the real server, on both engines: a player's level
 * in the profile, the organiser opening and closing their booking's match, the public list, joining
 * (a share intent that holds the place, counted once paid), leaving before the split deadline with
 * the share refunded in full, and the last place never sold twice when ten players race for it on
 * two server processes.
 */

const HOUR = 3_600_000;

interface MatchShape {
  readonly id: string;
  readonly bookingId: string;
  readonly venue: { readonly id: string; readonly name: string };
  readonly levelMin: number;
  readonly levelMax: number;
  readonly pricePerPlayer: string;
  readonly spotsLeft: number;
  readonly players: readonly { readonly firstName: string; readonly level: number | null }[];
  readonly deadline: string;
  readonly status: string;
}
interface JoinShape {
  readonly clientSecret: string;
  readonly paymentIntentId: string;
  readonly bookingId: string;
  readonly amount: string;
}

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`open matches [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let other: TestServer;
    let courts: CourtShape[];
    const clock = movableClock();

    beforeAll(async () => {
      db = await freshDatabase(engine.name);
      const policy = { ...DEFAULT_BOOKING_POLICY, maxUnpaidBookings: 1_000, unverifiedUnpaidBookings: 1_000 };
      server = await startServer(db.url, {}, undefined, { policy, clock });
      other = await startServer(db.url, {}, undefined, { policy, clock });
      courts = (await demoCourts(server)).courts;
    });
    afterAll(async () => {
      await other?.close();
      await server?.close();
      await db?.drop();
    });

    /** A registered player with a full name and a level. */
    const player = async (level: number | null, fullName = "Ana Pérez") => {
      const p = await newPlayer(server);
      const put = await p.client.put<{ user: { level: number | null } }>("/api/user/profile", { email: p.user.email, username: p.user.username, fullName, level });
      expect(put.status, put.text).toBe(200);
      return p;
    };

    /** A doubles booking whose organiser paid their share, opened as a match for 3.0-4.5. */
    const openDoubles = async () => {
      const organiser = await player(4, "Carla Ríos");
      const booking = await book(organiser.client, courts, { gameType: "doubles" });
      await pay(organiser.client, booking.id, { paymentType: "partial" });
      const opened = await organiser.client.post<MatchShape>(`/api/bookings/${booking.id}/open-match`, { levelMin: 3, levelMax: 4.5, note: "Partido amistoso" });
      expect(opened.status, opened.text).toBe(201);
      return { organiser, booking, match: opened.body };
    };

    const confirm = (clientSecret: string, via: TestServer = server) =>
      new Client(via.baseUrl).post("/api/simulated-card/confirm", {
        clientSecret,
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: "123",
      });

    /** Joins and pays the share: intent, card, POST /api/payments { bookingId, stripePaymentIntentId }. */
    const joinAndPay = async (client: Client, matchId: string) => {
      const joined = await client.post<JoinShape>(`/api/open-matches/${matchId}/join`);
      expect(joined.status, joined.text).toBe(200);
      expect((await confirm(joined.body.clientSecret)).status).toBe(200);
      const recorded = await client.post<{ status: string; amount: string }>("/api/payments", {
        bookingId: joined.body.bookingId,
        stripePaymentIntentId: joined.body.paymentIntentId,
      });
      expect(recorded.status, recorded.text).toBe(201);
      return { joined: joined.body, recorded: recorded.body };
    };

    const matchOf = async (id: string) => (await new Client(server.baseUrl).get<MatchShape>(`/api/open-matches/${id}`)).body;

    it("when a player sets a level in their profile, then it is in their session; a level that is not 1.0-7.0 in steps of 0.5 is 400 and nothing changes", async () => {
      const p = await player(3.5);
      expect((await p.client.get<{ user: { level: number | null; matchDigest: boolean } }>("/api/auth/me")).body.user).toMatchObject({ level: 3.5, matchDigest: false });
      for (const level of [0.5, 7.5, 3.3, "4", -1]) {
        const bad = await p.client.put<{ code: string; message: string }>("/api/user/profile", { email: p.user.email, username: p.user.username, level });
        expect(bad.status, `${String(level)}: ${bad.text}`).toBe(400);
        expect(bad.body.message).toMatch(/nivel/i);
      }
      expect((await p.client.get<{ user: { level: number | null } }>("/api/auth/me")).body.user.level).toBe(3.5);
      const digest = await p.client.put<{ user: { matchDigest: boolean } }>("/api/user/profile", { email: p.user.email, username: p.user.username, matchDigest: true });
      expect(digest.body.user).toMatchObject({ matchDigest: true, level: 3.5 });
    });

    it("when the organiser opens a match, then it is listed publicly with first names and levels only, filtered by venue, date and level", async () => {
      const { booking, match } = await openDoubles();
      expect(match).toMatchObject({ bookingId: booking.id, levelMin: 3, levelMax: 4.5, spotsLeft: 3, status: "open", players: [{ firstName: "Carla", level: 4 }] });
      expect(match.pricePerPlayer).toMatch(/^\d+\.\d{2}$/);
      const guest = new Client(server.baseUrl);
      const date = booking.date;
      const listed = await guest.get<{ items: MatchShape[] }>(`/api/open-matches?venueId=${match.venue.id}&date=${date}&level=3.5`);
      expect(listed.status, listed.text).toBe(200);
      const mine = listed.body.items.find((m) => m.id === match.id);
      expect(mine).toBeDefined();
      expect(JSON.stringify(mine)).not.toMatch(/Ríos|@correo|username/);
      expect((await guest.get<{ items: MatchShape[] }>(`/api/open-matches?date=${date}&level=5`)).body.items.map((m) => m.id)).not.toContain(match.id);
      expect((await guest.get(`/api/open-matches?level=3.3`)).status).toBe(400);
      expect((await guest.get(`/api/open-matches?date=mañana`)).status).toBe(400);
    });

    it("when the request is wrong (bad levels, someone else's booking, unpaid or cancelled booking), then a Spanish 4xx and nothing is stored", async () => {
      const organiser = await player(4);
      const booking = await book(organiser.client, courts, { gameType: "doubles" });
      const stored = async () => (await organiser.client.get(`/api/bookings/${booking.id}/open-match`)).status;
      // not paid yet
      const unpaid = await organiser.client.post<{ code: string; message: string }>(`/api/bookings/${booking.id}/open-match`, { levelMin: 3, levelMax: 4 });
      expect(unpaid.status).toBe(409);
      expect(unpaid.body).toMatchObject({ code: "ORGANISER_NOT_PAID", message: expect.stringMatching(/Paga tu parte/) });
      await pay(organiser.client, booking.id, { paymentType: "partial" });
      for (const body of [{ levelMin: 0.5, levelMax: 4 }, { levelMin: 3, levelMax: 7.5 }, { levelMin: 3.2, levelMax: 4 }, { levelMin: 5, levelMax: 4 }, { levelMax: 4 }, { levelMin: 3, levelMax: 4, note: "x".repeat(201) }]) {
        const bad = await organiser.client.post<{ message: string }>(`/api/bookings/${booking.id}/open-match`, body);
        expect(bad.status, `${JSON.stringify(body)}: ${bad.text}`).toBe(400);
        expect(bad.body.message).toMatch(/nivel|nota/i);
      }
      const stranger = await player(4);
      const foreign = await stranger.client.post<{ code: string }>(`/api/bookings/${booking.id}/open-match`, { levelMin: 3, levelMax: 4 });
      expect(foreign.status).toBe(403);
      expect((await new Client(server.baseUrl).post(`/api/bookings/${booking.id}/open-match`, { levelMin: 3, levelMax: 4 })).status).toBe(401);
      expect(await stored()).toBe(404);
      const cancelled = await organiser.client.post("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
      expect(cancelled.status, cancelled.text).toBeLessThan(300);
      const late = await organiser.client.post<{ code: string }>(`/api/bookings/${booking.id}/open-match`, { levelMin: 3, levelMax: 4 });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe("BOOKING_NOT_ACTIVE");
      expect(await stored()).toBe(404);
    });

    it("when players join, then the level range, one's own match and paying twice are refused with 409; a paid share counts and a closed match takes nobody new", async () => {
      const { organiser, booking, match } = await openDoubles();
      const own = await organiser.client.post<{ code: string }>(`/api/open-matches/${match.id}/join`);
      expect(own.status).toBe(409);
      expect(own.body.code).toBe("OWN_MATCH");
      const low = await player(2);
      const out = await low.client.post<{ code: string; message: string }>(`/api/open-matches/${match.id}/join`);
      expect(out.status).toBe(409);
      expect(out.body).toMatchObject({ code: "LEVEL_OUT_OF_RANGE", message: "Este partido es para nivel 3.0 a 4.5" });
      const unset = await player(null);
      expect((await unset.client.post<{ code: string }>(`/api/open-matches/${match.id}/join`)).body.code).toBe("LEVEL_OUT_OF_RANGE");
      expect((await new Client(server.baseUrl).post(`/api/open-matches/${match.id}/join`)).status).toBe(401);

      const ana = await player(3.5, "Ana María Torres");
      // an open intent holds the place before it is paid
      const opened = await ana.client.post<JoinShape>(`/api/open-matches/${match.id}/join`);
      expect(opened.status, opened.text).toBe(200);
      expect((await matchOf(match.id)).spotsLeft).toBe(2);
      // asking again gives the same intent (a reload), not a second place
      expect((await ana.client.post<JoinShape>(`/api/open-matches/${match.id}/join`)).body.paymentIntentId).toBe(opened.body.paymentIntentId);
      expect((await confirm(opened.body.clientSecret)).status).toBe(200);
      const recorded = await ana.client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: opened.body.paymentIntentId });
      expect(recorded.status, recorded.text).toBe(201);
      const after = await matchOf(match.id);
      expect(after.spotsLeft).toBe(2);
      expect(after.players).toEqual([{ firstName: "Carla", level: 4 }, { firstName: "Ana", level: 3.5 }]);
      expect((await ana.client.get<{ youPlay?: boolean }>(`/api/open-matches/${match.id}`)).body.youPlay).toBe(true);
      expect((await (await player(3.5)).client.get<{ youPlay?: boolean }>(`/api/open-matches/${match.id}`)).body.youPlay).toBe(false);
      const twice = await ana.client.post<{ code: string }>(`/api/open-matches/${match.id}/join`);
      expect(twice.status).toBe(409);

      // the organiser closes it: nobody new joins, the paid places stay
      const stranger = await player(3.5);
      expect((await stranger.client.delete(`/api/bookings/${booking.id}/open-match`)).status).toBe(403);
      expect((await organiser.client.delete(`/api/bookings/${booking.id}/open-match`)).status).toBe(204);
      const closed = await stranger.client.post<{ code: string }>(`/api/open-matches/${match.id}/join`);
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe("MATCH_CLOSED");
      const list = await new Client(server.baseUrl).get<{ items: MatchShape[] }>(`/api/open-matches?date=${booking.date}`);
      expect(list.body.items.map((m) => m.id)).not.toContain(match.id);
      expect((await matchOf(match.id)).players).toHaveLength(2);
    });

    it("when 10 players ask for the last place at once on two server processes, then one gets the intent, nine get 409 MATCH_FULL, and no money is taken from the nine", async () => {
      const { booking, match } = await openDoubles();
      for (let i = 0; i < 2; i++) await joinAndPay((await player(3.5)).client, match.id);
      expect((await matchOf(match.id)).spotsLeft).toBe(1);
      const racers = await Promise.all(Array.from({ length: 10 }, () => player(4)));
      const answers = await Promise.all(
        racers.map((r, i) => r.client.fork(i % 2 === 0 ? server.baseUrl : other.baseUrl).post<JoinShape & { code?: string }>(`/api/open-matches/${match.id}/join`)),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200), JSON.stringify(answers.map((a) => a.text))).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.code).toBe("MATCH_FULL");
      const payments = await server.ports.payments.listByBooking(booking.id);
      const racerIds = new Set(racers.map((r) => r.user.id));
      const theirs = payments.filter((p) => racerIds.has(p.userId));
      expect(theirs.filter((p) => p.status === "pending")).toHaveLength(1);
      expect(theirs.filter((p) => p.status === "succeeded")).toHaveLength(0);
      // the refused ones' intents (if any were opened) are cancelled at the provider: nothing can be charged
      for (const p of theirs.filter((p) => p.status !== "pending")) expect((await server.ports.gateway.retrieveIntent(p.stripePaymentIntentId))?.status).toBe("canceled");
      const winner = answers.find((a) => a.status === 200)!.body;
      expect((await confirm(winner.clientSecret)).status).toBe(200);
      const winnerClient = racers[answers.findIndex((a) => a.status === 200)]!.client;
      expect((await winnerClient.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: winner.paymentIntentId })).status).toBe(201);
      const full = await matchOf(match.id);
      expect(full.spotsLeft).toBe(0);
      expect(full.players).toHaveLength(4);
      const paid = await server.ports.bookings.findById(booking.id);
      expect(paid?.paidAmount).toBe(paid?.totalAmount);
    });

    it("when players opted in to the daily mail, then each gets one message with the new matches at their level, once, and nothing off their level", async () => {
      const { match } = await openDoubles();
      const fan = await player(3.5, "Marta Gil");
      const other = await player(6.5, "Pedro");
      for (const p of [fan, other]) await p.client.put("/api/user/profile", { email: p.user.email, username: p.user.username, matchDigest: true });
      // the mail goes out from 08:00 on the club's day: a morning hour of today if it is earlier now
      const now = clock.now();
      const morning = wallClockAt(now, clock.timeZone).hour < 8;
      if (morning) clock.moveTo(instantOf(localDateOf(now, clock.timeZone), "09:00", clock.timeZone));
      try {
        const sql = (server.database as SqlDatabase).sql;
        const mailOf = async (userId: string) => sql.all("select recipient, payload from outbox where event_key like ?", [`match-digest:${userId}:%`]);
        expect(await runUseCase(enqueueMatchDigests(server.ports))).toBeGreaterThanOrEqual(1);
        const mine = await mailOf(fan.user.id);
        expect(mine).toHaveLength(1);
        expect(mine[0]!.recipient).toBe(fan.user.email);
        expect(String(mine[0]!.payload)).toContain(match.id);
        expect(await mailOf(other.user.id)).toHaveLength(0);
        // a second pass (another process) writes nothing more today
        expect(await runUseCase(enqueueMatchDigests(server.ports))).toBe(0);
        expect(await mailOf(fan.user.id)).toHaveLength(1);
        // delivered through a real SMTP server, as the sweep sends it
        const smtp = await startSmtpCatcher();
        try {
          const steps = mailSteps(server.ports, {
            mail: { smtpUrl: smtp.url, from: "Canchas <reservas@club.ec>", dir: mkdtempSync(path.join(tmpdir(), "courts-mail-")), retrySeconds: 0.05 },
            publicUrl: "http://localhost:3000",
          });
          await runSweep(steps, { error: () => undefined });
          // (a new account's confirmation mail goes out in the same pass)
          const [mail, ...more] = smtp.to(fan.user.email).filter((m) => m.subject?.includes("de tu nivel"));
          expect(more).toHaveLength(0);
          expect(mail?.subject).toMatch(/^Un partido nuevo de tu nivel \(3[,.]5\)$|partidos nuevos de tu nivel/);
          expect(mail?.text).toContain(`/partidos/${match.id}`);
          expect(smtp.to(other.user.email).filter((m) => m.subject?.includes("de tu nivel"))).toHaveLength(0);
        } finally {
          await smtp.stop();
        }
      } finally {
        clock.moveTo(new Date());
      }
    });

    it("when a player leaves before the split deadline, then their share is refunded in full through the ledger and the place is open again; after the deadline, 409", async () => {
      const { booking, match } = await openDoubles();
      const ana = await player(3.5);
      const { joined } = await joinAndPay(ana.client, match.id);
      const before = await server.ports.bookings.findById(booking.id);
      const payment = await server.ports.payments.findByIntent(joined.paymentIntentId);
      expect(payment?.status).toBe("succeeded");
      expect((await new Client(server.baseUrl).post(`/api/open-matches/${match.id}/leave`)).status).toBe(401);
      const notIn = await (await player(3.5)).client.post<{ code: string }>(`/api/open-matches/${match.id}/leave`);
      expect(notIn.status).toBe(409);
      expect(notIn.body.code).toBe("NOT_IN_MATCH");

      const left = await ana.client.post<{ refundAmount: string; refundPending: string; message: string }>(`/api/open-matches/${match.id}/leave`);
      expect(left.status, left.text).toBe(200);
      expect(left.body).toMatchObject({ refundAmount: joined.amount, refundPending: "0.00" });
      const refunds = await server.ports.refunds.byBooking(booking.id);
      expect(refunds).toEqual([expect.objectContaining({ paymentId: payment!.id, status: "sent", amount: Math.round(Number(joined.amount) * 100) })]);
      expect((await server.ports.bookings.findById(booking.id))?.paidAmount).toBe(before!.paidAmount - payment!.amount);
      const reopened = await matchOf(match.id);
      expect(reopened.spotsLeft).toBe(3);
      expect(reopened.players).toHaveLength(1);
      // leaving twice refunds nothing twice
      expect((await ana.client.post(`/api/open-matches/${match.id}/leave`)).status).toBe(409);
      expect(await server.ports.refunds.byBooking(booking.id)).toHaveLength(1);

      // another player takes the place; past the deadline it is theirs
      const luis = await player(3, "Luis");
      await joinAndPay(luis.client, match.id);
      clock.moveTo(new Date(new Date(match.deadline).getTime() + 60_000));
      try {
        const late = await luis.client.post<{ code: string; message: string }>(`/api/open-matches/${match.id}/leave`);
        expect(late.status).toBe(409);
        expect(late.body).toMatchObject({ code: "SHARE_DEADLINE_PASSED", message: "Ya pasó el plazo para dejar el partido: tu lugar queda pagado" });
        const joinLate = await (await player(3.5)).client.post<{ code: string }>(`/api/open-matches/${match.id}/join`);
        expect(joinLate.status).toBe(409);
        expect((await new Client(server.baseUrl).get<{ items: MatchShape[] }>(`/api/open-matches`)).body.items.map((m) => m.id)).not.toContain(match.id);
      } finally {
        clock.moveTo(new Date());
      }
      expect(await server.ports.refunds.byBooking(booking.id)).toHaveLength(1);
      void HOUR;
    });

    /**
     * The public list as each server process answers it, and how many times each read it from the
     * database (open-match-repository.sql.ts keeps one answer per filter until a write it depends
     * on or the first deadline in it): a read that did not reach list() was a kept answer.
     */
    const listWatch = (date: string) => {
      const reads = [server, other].map((s) => vi.spyOn(s.ports.openMatches, "list"));
      const count = () => reads.reduce((n, spy) => n + spy.mock.calls.length, 0);
      const guest = (via: TestServer) => new Client(via.baseUrl);
      const get = async (via: TestServer) => {
        const answer = await guest(via).get<{ items: MatchShape[] }>(`/api/open-matches?date=${date}&level=3.5`);
        expect(answer.status, answer.text).toBe(200);
        return answer;
      };
      return {
        restore: () => reads.forEach((spy) => spy.mockRestore()),
        /** asked again on both processes: nothing read from the database, the same answer */
        async kept() {
          // PostgreSQL: a write's own notice may still be on its way, and moves the counter again when it comes
          await Promise.all([server, other].map((s) => (s.database as SqlDatabase).sql.changes.caughtUp()));
          await get(server);
          await get(other);
          const before = count();
          const [a, b] = [await get(server), await get(other)];
          expect(count(), "a kept answer reads nothing").toBe(before);
          return [a, b] as const;
        },
        /**
         * The item of `matchId` (undefined when not listed) as the process that wrote sees it at
         * once, and as the other one sees it once the change reached it (on PostgreSQL, its notice).
         */
        async fresh(matchId: string, expected: (item: MatchShape | undefined) => void) {
          const itemOf = (answer: { body: { items: MatchShape[] } }) => answer.body.items.find((m) => m.id === matchId);
          expected(itemOf(await get(server)));
          await vi.waitFor(async () => expected(itemOf(await get(other))), { timeout: 5_000, interval: 20 });
          // and kept again from there
          const [a, b] = await this.kept();
          expected(itemOf(a));
          expected(itemOf(b));
          return a.text;
        },
      };
    };

    it("when anything the public list shows changes (a join, a payment, a level, a leave, close, open, a cancellation), then the kept answer is dropped at once on both processes", async () => {
      const { organiser, booking, match } = await openDoubles();
      const watch = listWatch(booking.date);
      try {
        const first = await watch.fresh(match.id, (m) => expect(m).toMatchObject({ spotsLeft: 3, players: [{ firstName: "Carla", level: 4 }] }));
        // public: first names and levels only, nothing more of a player
        expect(first).not.toMatch(/Ríos|@correo|username|organiser|shareToken|email/);
        expect(first).not.toContain(organiser.user.id);
        expect(first).not.toContain(organiser.user.username);

        // a join: the open intent holds a place
        const ana = await player(3.5, "Ana María Torres");
        const joined = await ana.client.post<JoinShape>(`/api/open-matches/${match.id}/join`);
        expect(joined.status, joined.text).toBe(200);
        await watch.fresh(match.id, (m) => expect(m).toMatchObject({ spotsLeft: 2, players: [{ firstName: "Carla" }] }));

        // the payment recorded: Ana plays
        expect((await confirm(joined.body.clientSecret)).status).toBe(200);
        const recorded = await ana.client.post("/api/payments", { bookingId: booking.id, stripePaymentIntentId: joined.body.paymentIntentId });
        expect(recorded.status, recorded.text).toBe(201);
        const paid = await watch.fresh(match.id, (m) =>
          expect(m).toMatchObject({ spotsLeft: 2, players: [{ firstName: "Carla", level: 4 }, { firstName: "Ana", level: 3.5 }] }),
        );
        expect(paid).not.toMatch(/Torres|María/);

        // a player's level (and name) in their profile
        const profile = await ana.client.put("/api/user/profile", { email: ana.user.email, username: ana.user.username, fullName: "Anabel Torres", level: 3 });
        expect(profile.status, profile.text).toBe(200);
        await watch.fresh(match.id, (m) => expect(m?.players).toEqual([{ firstName: "Carla", level: 4 }, { firstName: "Anabel", level: 3 }]));

        // a leave gives the place back
        const left = await ana.client.post(`/api/open-matches/${match.id}/leave`);
        expect(left.status, left.text).toBe(200);
        await watch.fresh(match.id, (m) => expect(m).toMatchObject({ spotsLeft: 3, players: [{ firstName: "Carla" }] }));

        // closed, then opened again with another range
        expect((await organiser.client.delete(`/api/bookings/${booking.id}/open-match`)).status).toBe(204);
        await watch.fresh(match.id, (m) => expect(m).toBeUndefined());
        const reopened = await organiser.client.post<MatchShape>(`/api/bookings/${booking.id}/open-match`, { levelMin: 3.5, levelMax: 5 });
        expect(reopened.status, reopened.text).toBe(201);
        await watch.fresh(match.id, (m) => expect(m).toMatchObject({ levelMin: 3.5, levelMax: 5 }));

        // the booking cancelled
        const cancelled = await organiser.client.post("/api/cancellations", { bookingId: booking.id, userId: organiser.user.id });
        expect(cancelled.status, cancelled.text).toBeLessThan(300);
        await watch.fresh(match.id, (m) => expect(m).toBeUndefined());
      } finally {
        watch.restore();
      }
    });

    it("when the clock passes a listed match's deadline, then the kept answer no longer lists it, with no write; set back, it is listed again", async () => {
      const { booking, match } = await openDoubles();
      const watch = listWatch(booking.date);
      try {
        await watch.fresh(match.id, (m) => expect(m).toBeDefined());
        await watch.kept();
        clock.moveTo(new Date(new Date(match.deadline).getTime() + 1_000));
        await watch.fresh(match.id, (m) => expect(m).toBeUndefined());
        clock.moveTo(new Date(new Date(match.deadline).getTime() - 60_000));
        await watch.fresh(match.id, (m) => expect(m).toBeDefined());
      } finally {
        clock.moveTo(new Date());
        watch.restore();
      }
    });
  });
}
