import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as Effect from "effect/Effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, drawDueBallots, instantOf, localDateOf, type VenueRules } from "@courts/core";
import { mailSteps } from "@courts/adapters/sweep/mail-steps";
import { runSweep } from "@courts/adapters/sweep/sweeper";
import { startSmtpCatcher, type SmtpCatcher } from "../support/smtp-catcher.js";
import { Client } from "./support/client.js";
import { adminClient, demoCourts, newPlayer, type CourtShape, type VenueShape } from "./support/fixtures.js";
import { movableClock } from "./support/movable-clock.js";
import { freshDatabase, HTTP_ENGINES, startServer, TEST_TIME_ZONE, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * The release ballot against the real server, a real database and a real SMTP server (DESIGN.md
 * section 15). The venue opens the date 7 days ahead at 08:00 with 60 ballot seconds; the
 * server's clock is put at 08:00:05 of the club's tomorrow, D, whatever the hour the suite runs.
 */
const RULES: VenueRules = { windowDays: 7, releaseTime: "08:00", maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 60 };

interface BallotShape {
  ballotId: string;
  state: "pending" | "won" | "lost";
  decidesAt: string;
  bookingId?: string;
}

for (const engine of HTTP_ENGINES) {
  describe.skipIf(!engine.available)(`the release ballot [${engine.name}]`, () => {
    let db: TestDatabase;
    let server: TestServer;
    let admin: Client;
    let smtp: SmtpCatcher;
    let venue: VenueShape;
    let court: CourtShape;
    const clock = movableClock();
    const D = addDays(localDateOf(new Date(), TEST_TIME_ZONE), 1);
    const released = addDays(D, 7);
    const decidesAt = instantOf(D, "08:01", TEST_TIME_ZONE);

    const sweep = async () => {
      await Effect.runPromise(drawDueBallots(server.ports, { claimMs: 60_000 }));
      await runSweep(
        mailSteps(server.ports, {
          mail: { smtpUrl: smtp.url, from: "Canchas <reservas@club.ec>", dir: mkdtempSync(path.join(tmpdir(), "courts-mail-")), retrySeconds: 0.05 },
          publicUrl: "http://localhost:3000",
        }),
        { error: () => undefined },
      );
    };

    beforeAll(async () => {
      smtp = await startSmtpCatcher();
      clock.moveTo(instantOf(D, "07:00", TEST_TIME_ZONE));
      db = await freshDatabase(engine.name);
      server = await startServer(db.url, {}, undefined, { clock });
      const demo = await demoCourts(server);
      venue = demo.venues[0]!;
      court = demo.courts.find((c) => c.venueId === venue.id)!;
      admin = await adminClient(server);
      expect((await admin.put(`/api/admin/venues/${venue.id}/rules`, RULES)).status).toBe(200);
    });
    afterAll(async () => {
      await server.close();
      await db.drop();
      await smtp.stop();
    });

    it("when players ask the hour in the release's first minute, then 202 with the entry; only the entrant and admins read it; at decidesAt one wins a hold, the others lose, each gets one mail, and the admin sees the seed and the order", async () => {
      const [ana, beto, carla] = [await newPlayer(server), await newPlayer(server), await newPlayer(server)];
      const ask = (client: Client, timeSlot = "18:00", date = released) =>
        client.post<BallotShape>("/api/bookings", { courtId: court.id, bookingDate: date, timeSlot, gameType: "singles" });
      clock.moveTo(instantOf(D, "08:00", TEST_TIME_ZONE));
      clock.advance(5_000);

      const first = await ask(ana.client);
      expect(first).toMatchObject({ status: 202, body: { state: "pending", decidesAt: decidesAt.toISOString() } });
      expect((await ask(ana.client)).body.ballotId).toBe(first.body.ballotId);
      expect((await ask(beto.client)).status).toBe(202);
      const carlas = await ask(carla.client, "19:00");
      expect(carlas.status).toBe(202);
      // the window still comes first
      expect((await ask(ana.client, "18:00", addDays(released, 1))).body).toMatchObject({ code: "OUTSIDE_BOOKING_WINDOW" });

      const path = `/api/ballots/${first.body.ballotId}`;
      expect((await ana.client.get(path)).body).toMatchObject({ ballotId: first.body.ballotId, state: "pending" });
      expect((await beto.client.get(path)).status).toBe(404);
      expect((await new Client(server.baseUrl).get(path)).status).toBe(401);
      expect((await admin.get(path)).status).toBe(200);
      const before = await admin.get<{ seed: string | null; entries: unknown[] }>(`/api/admin/ballots?venueId=${venue.id}&date=${released}`);
      expect(before).toMatchObject({ status: 200, body: { seed: null, drawnAt: null } });
      expect(before.body.entries).toHaveLength(3);
      expect((await ana.client.get(`/api/admin/ballots?venueId=${venue.id}&date=${released}`)).status).toBe(403);

      // another process, its clock already past decidesAt, has taken the draw and not written its
      // holds yet: a request still inside the ballot's seconds here is not entered, and like one just
      // after decidesAt it is refused for an hour being drawn and takes nothing; one nobody entered is served
      const claimedUntil = new Date(decidesAt.getTime() + 31_000);
      expect(await server.ports.ballots.claim({ venueId: venue.id, date: released }, "seed-of-another-process", decidesAt, claimedUntil)).toBe(
        "seed-of-another-process",
      );
      const dani = await newPlayer(server);
      const beingDrawn = { code: "SLOT_TAKEN", message: "Este horario se está sorteando ahora: vuelve a intentarlo en unos segundos" };
      expect((await ask(dani.client)).body).toMatchObject(beingDrawn);
      clock.moveTo(decidesAt);
      clock.advance(1_000);
      expect((await ask(dani.client)).body).toMatchObject(beingDrawn);
      expect((await ask(dani.client, "20:00")).status).toBe(201);
      // that process died: once its claim ran out the sweep draws the release, with its seed
      clock.moveTo(claimedUntil);
      await sweep();
      const anaOutcome = (await ana.client.get<BallotShape>(path)).body;
      const betoEntry = (await admin.get<{ entries: { ballotId: string; userId: string }[] }>(`/api/admin/ballots?venueId=${venue.id}&date=${released}`)).body.entries.find(
        (e) => e.userId === beto.user.id,
      )!;
      const betoOutcome = (await beto.client.get<BallotShape>(`/api/ballots/${betoEntry.ballotId}`)).body;
      expect([anaOutcome.state, betoOutcome.state].sort()).toEqual(["lost", "won"]);
      expect((await carla.client.get<BallotShape>(`/api/ballots/${carlas.body.ballotId}`)).body).toMatchObject({ state: "won" });
      const [winner, winning] = anaOutcome.state === "won" ? [ana, anaOutcome] : [beto, betoOutcome];
      const hold = await winner.client.get<{ paidAmount: string; holdExpiresAt: string | null; timeSlot: string }>(`/api/bookings/${winning.bookingId}`);
      expect(hold).toMatchObject({ status: 200, body: { timeSlot: "18:00" } });
      expect(hold.body.holdExpiresAt).not.toBeNull();

      const audit = await admin.get<{ seed: string | null; order: { slot: string; entries: string[] }[]; entries: { state: string }[] }>(
        `/api/admin/ballots?venueId=${venue.id}&date=${released}`,
      );
      expect(audit.body.seed).toEqual(expect.any(String));
      expect(audit.body.order.flatMap((s) => s.entries)).toHaveLength(3);
      expect(audit.body.entries.map((e) => e.state).sort()).toEqual(["lost", "won", "won"]);

      await smtp.waitFor(3);
      const ballotMails = (p: { user: { email: string } }) => smtp.to(p.user.email).filter((m) => m.subject?.includes("sorteo"));
      for (const p of [ana, beto, carla]) expect(ballotMails(p)).toHaveLength(1);
      const won = ballotMails(winner)[0]!;
      expect(won.subject).toMatch(/^Ganaste el sorteo: /);
      expect(won.text).toContain(`/checkout/${winning.bookingId}`);
      const loser = winner === ana ? beto : ana;
      expect(ballotMails(loser)[0]?.subject).toMatch(/^No ganaste el sorteo: /);

      // once decided, the hour is served first-come: it is taken
      expect((await ask(loser.client)).status).toBe(409);
    });

    it("when a member of the venue wins the ballot, then the hold is at the member's price ('Precio socio'), as a first-come booking would be", async () => {
      const day = addDays(D, 1);
      const date = addDays(day, 7);
      clock.moveTo(instantOf(day, "07:59", TEST_TIME_ZONE));
      const member = await newPlayer(server);
      const plan = await admin.post<{ id: string }>("/api/admin/membership-plans", { venueId: venue.id, name: "Socio", price: "100", months: 12, discountPercent: 20 });
      expect(plan.status, plan.text).toBe(201);
      expect((await admin.post(`/api/admin/users/${member.user.id}/memberships`, { planId: plan.body.id })).status).toBe(201);
      clock.moveTo(instantOf(day, "08:00", TEST_TIME_ZONE));
      clock.advance(5_000);
      const entry = await member.client.post<BallotShape>("/api/bookings", { courtId: court.id, bookingDate: date, timeSlot: "09:00", gameType: "singles" });
      expect(entry.status, entry.text).toBe(202);
      clock.moveTo(instantOf(day, "08:01", TEST_TIME_ZONE));
      clock.advance(1_000);
      await sweep();
      const outcome = (await member.client.get<BallotShape>(`/api/ballots/${entry.body.ballotId}`)).body;
      expect(outcome.state).toBe("won");
      const hold = await member.client.get<{ totalAmount: string }>(`/api/bookings/${outcome.bookingId}`);
      const full = Math.round(Number((await admin.get<{ daySinglesPrice: string }>(`/api/courts/${court.id}`)).body.daySinglesPrice) * 100);
      expect(Math.round(Number(hold.body.totalAmount) * 100)).toBe(full - Math.round((full * 20) / 100));
    });
  });
}
