import { randomUUID } from "node:crypto";
import fc from "fast-check";
import pg from "pg";
import { clubMomentOf, type Booking, type Repositories, type User } from "@courts/core";
import { openSqlDatabase } from "@courts/adapters/sql/index";
import { beforeAll, describe, expect, it } from "vitest";
import { aBooking, aUser } from "../support/builders.js";
import { waitFor } from "../support/wait-for.js";
import { SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { inserted, seedCourt, seedPlace, type Place } from "./support/seed.js";

/**
 * Holds asked in the same moment go to the database together (booking-repository.sql.ts,
 * holdsTogether): one statement and one commit, each hold with its own answer, as if asked one
 * after the other. What one statement does not write is asked again alone, which tells why.
 */
const NOW = new Date("2026-11-22T15:00:00.000Z");
const HELD_UNTIL = new Date("2026-11-22T15:15:00.000Z");
const MAX_UNPAID = 2;
type Outcome = Awaited<ReturnType<Repositories["bookings"]["insertHold"]>>;
const tag = (outcome: Outcome) =>
  typeof outcome === "string"
    ? outcome
    : "heldUntil" in outcome
      ? "held-recently"
      : "ownBooking" in outcome
        ? "own-booking"
        : "overdueHold" in outcome
          ? "overdue-hold"
          : "written";

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`holds asked together (${engine.name})`, () => {
    const target = useTestDatabase(engine.name);
    let repos: Repositories;
    let place: Place;
    let dates = 0;
    /** a day no other test of this file books */
    const freshDate = () => `2027-0${1 + Math.floor(dates / 28)}-${String(1 + (dates++ % 28)).padStart(2, "0")}`;

    beforeAll(async () => {
      repos = target.db.repositories;
      place = await seedPlace(repos);
    });

    const players = async (n: number): Promise<User[]> => Promise.all(Array.from({ length: n }, async () => inserted(await repos.users.insert(aUser()))));
    const holdOf = (user: User, courtId: string, date: string, timeSlot: string) =>
      aBooking({ userId: user.id, courtId, date, timeSlot, createdAt: NOW, holdExpiresAt: HELD_UNTIL });

    it("when sixteen holds are asked in one moment, then one statement writes them and each player gets their own answer: taken, refused, owed or written", async () => {
      const second = await seedCourt(repos, place.venue.id);
      const date = freshDate();
      const [a, b, c, owing, full, admin, ...rest] = await players(16);
      // owes the rest of a booking their card could not pay
      inserted(await repos.bookings.insert(aBooking({ userId: owing!.id, courtId: second.id, date, timeSlot: "20:00", paidAmount: 725, remainderStatus: "failed" })));
      // holds as many unpaid bookings as allowed; so does the player an admin books for
      for (const [user, slot] of [[full, "16:00"], [full, "17:00"], [admin, "18:00"], [admin, "19:00"]] as const)
        inserted(await repos.bookings.insert(holdOf(user!, second.id, date, slot)));

      const statements: string[] = [];
      const other = await openSqlDatabase(target.url, { onQuery: (sql) => statements.push(sql) });
      try {
        const limited = { maxUnpaid: MAX_UNPAID, now: NOW };
        const asked: [Booking, { maxUnpaid: number | null; now: Date }][] = [
          [holdOf(a!, place.court.id, date, "10:00"), limited],
          // the same slot, in the same moment: the first one asked has it
          [holdOf(b!, place.court.id, date, "10:00"), limited],
          [holdOf(c!, place.court.id, date, "11:00"), limited],
          // a second hold of a player already in the statement
          [holdOf(a!, place.court.id, date, "12:00"), limited],
          [holdOf(owing!, second.id, date, "10:00"), limited],
          [holdOf(full!, second.id, date, "11:00"), limited],
          // booked by an admin: no limit
          [holdOf(admin!, second.id, date, "12:00"), { maxUnpaid: null, now: NOW }],
          ...rest.map((user, i): [Booking, typeof limited] => [holdOf(user, second.id, date, `${String(8 + (i % 2)).padStart(2, "0")}:00`), limited]),
        ];
        const answers = await Promise.all(asked.map(([booking, limits]) => other.repositories.bookings.insertHold(booking, limits)));
        expect(answers.slice(0, 7).map(tag)).toEqual(["written", "slot-taken", "written", "written", "balance-due", "too-many-unpaid", "written"]);
        // ten players, two slots: one each
        expect(answers.slice(7).map(tag).sort()).toEqual([...Array(8).fill("slot-taken"), "written", "written"]);
        for (const [i, answer] of answers.entries())
          expect((await repos.bookings.findById(asked[i]![0].id))?.id, `hold ${i}: ${tag(answer)}`).toBe(typeof answer === "string" ? undefined : asked[i]![0].id);
        expect((await repos.bookings.pageByUser(a!.id, { page: 1, pageSize: 10, now: clubMomentOf(NOW, "America/Guayaquil") })).total).toBe(2);

        const together = statements.filter((s) => (engine.name === "sqlite" ? s.startsWith("insert or ignore into bookings") : s.includes("insert_holds(")));
        expect(together).toHaveLength(1);
      } finally {
        await other.close();
      }
    });

    it("when holds asked together include a second one of a player whose email is not confirmed and one of a slot whose hold of the player's own just ran out, then those two are refused and the others written, in one statement", async () => {
      const date = freshDate();
      const [lapsed, c, d] = await players(3);
      const unconfirmed = inserted(await repos.users.insert(aUser({ emailVerified: false })));
      inserted(await repos.bookings.insert(holdOf(unconfirmed, place.court.id, date, "08:00")));
      const ended = inserted(await repos.bookings.insert({ ...holdOf(lapsed!, place.court.id, date, "09:00"), holdExpiresAt: new Date("2026-11-22T14:55:00.000Z") }));
      expect(await repos.bookings.expireHold(ended.id, NOW)).toBe(true);

      const statements: string[] = [];
      const other = await openSqlDatabase(target.url, { onQuery: (sql) => statements.push(sql) });
      try {
        const limits = { maxUnpaid: MAX_UNPAID, maxUnpaidUnverified: 1, reholdBarSince: new Date("2026-11-22T14:45:00.000Z"), now: NOW };
        const asked = [
          holdOf(unconfirmed, place.court.id, date, "10:00"),
          holdOf(lapsed!, place.court.id, date, "09:00"),
          holdOf(c!, place.court.id, date, "11:00"),
          holdOf(d!, place.court.id, date, "12:00"),
        ];
        const answers = await Promise.all(asked.map((booking) => other.repositories.bookings.insertHold(booking, limits)));
        expect(answers.map(tag)).toEqual(["too-many-unpaid", "held-recently", "written", "written"]);
        expect(answers[1]).toEqual({ heldUntil: ended.holdExpiresAt });
        for (const [i, answer] of answers.entries())
          expect((await repos.bookings.findById(asked[i]!.id))?.id).toBe(tag(answer) === "written" ? asked[i]!.id : undefined);
        const together = statements.filter((s) => (engine.name === "sqlite" ? s.startsWith("insert or ignore into bookings") : s.includes("insert_holds(")));
        expect(together).toHaveLength(1);
        // the statement itself refused the two and wrote the others: only the refused ones went again alone, to tell why
        const alone = statements.filter((s) => (engine.name === "sqlite" ? s.startsWith("insert into bookings") : s.includes("place_hold(")));
        expect(alone).toHaveLength(2);
      } finally {
        await other.close();
      }
    });

    it("when one of the holds asked together is for a slot a block closes, then that one is refused as slot-blocked and the others are written", async () => {
      const date = freshDate();
      const block = await repos.blocks.create(
        { id: randomUUID(), venueId: place.venue.id, courtId: place.court.id, startDate: date, endDate: date, timeSlots: ["15:00"], weekdays: null, reason: "Torneo", note: null, createdAt: NOW },
        { cancelConflicts: false, at: NOW, cancellationReason: "Cierre" },
      );
      expect(block.kind).toBe("created");
      const users = await players(4);
      const asked = users.map((user, i) => holdOf(user, place.court.id, date, ["15:00", "08:00", "09:00", "10:00"][i]!));
      const answers = await Promise.all(asked.map((booking) => repos.bookings.insertHold(booking, { maxUnpaid: MAX_UNPAID, now: NOW })));
      expect(answers.map(tag)).toEqual(["slot-blocked", "written", "written", "written"]);
      expect(await repos.bookings.findById(asked[0]!.id)).toBeUndefined();
    });

    it("when one of the holds asked together fails on its own (its court no longer exists), then only its caller gets the error and the others are written", async () => {
      const date = freshDate();
      const users = await players(4);
      const asked = users.map((user, i) => holdOf(user, i === 1 ? randomUUID() : place.court.id, date, ["08:00", "09:00", "10:00", "11:00"][i]!));
      const answers = await Promise.allSettled(asked.map((booking) => repos.bookings.insertHold(booking, { maxUnpaid: MAX_UNPAID, now: NOW })));
      expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
      for (const i of [0, 2, 3]) expect((await repos.bookings.findById(asked[i]!.id))?.id).toBe(asked[i]!.id);
    });

    // insert_hold's lock (migration ...20261127000200): FOR NO KEY UPDATE, as insert_holds'
    it.skipIf(engine.name !== "postgresql")(
      "when a player's hold is being written, then another row of theirs does not wait for it (KEY SHARE), and a second hold of theirs does",
      async () => {
        const [player] = await players(1);
        const date = freshDate();
        const row = (timeSlot: string) => ({
          id: randomUUID(),
          user_id: player!.id,
          court_id: place.court.id,
          booking_date: date,
          time_slot: timeSlot,
          game_type: "singles",
          tariff_type: "day",
          total_amount: 1450,
          paid_amount: 0,
          status: "active",
          created_at: NOW.toISOString(),
          hold_expires_at: HELD_UNTIL.toISOString(),
        });
        const hold = "select insert_hold($1::jsonb, $2, $3) as written";
        const [writing, other] = [new pg.Client({ connectionString: target.url }), new pg.Client({ connectionString: target.url })];
        await Promise.all([writing.connect(), other.connect()]);
        try {
          await writing.query("begin");
          // one unpaid hold allowed: the first one, not committed yet
          expect((await writing.query(hold, [row("10:00"), NOW, 1])).rows[0].written).toBe(true);
          await other.query("set lock_timeout = '1s'");
          // what the foreign key of any other row of the player takes (their booking series, waitlist entries, settings)
          expect((await other.query("select id from users where id = $1 for key share", [player!.id])).rowCount).toBe(1);
          await other.query("set lock_timeout = 0");
          const { pid } = (await other.query("select pg_backend_pid() as pid")).rows[0] as { pid: number };
          // the second hold waits on the player's row, then counts the first one once it is committed
          const second = other.query(hold, [row("12:00"), NOW, 1]);
          const waitsOn = async () =>
            ((await writing.query("select wait_event_type from pg_stat_activity where pid = $1", [pid])).rows[0] as { wait_event_type: string | null })
              .wait_event_type;
          await waitFor(async () => (await waitsOn()) === "Lock", { message: "the second hold never waited on the player's row" });
          await writing.query("commit");
          expect((await second).rows[0].written).toBe(false);
          expect((await other.query(hold, [row("12:00"), NOW, 2])).rows[0].written).toBe(true);
        } finally {
          await writing.query("rollback").catch(() => undefined);
          await Promise.all([writing.end(), other.end()]);
        }
      },
    );

    it("when any holds are asked in one moment, then no slot is held twice, no player passes the limit, and every answer is what the database holds", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.record({ player: fc.nat(2), slot: fc.constantFrom("08:00", "09:00", "10:00", "11:00"), admin: fc.boolean() }), { minLength: 1, maxLength: 14 }),
          async (asks) => {
            const date = freshDate();
            const users = await players(3);
            const asked = asks.map((ask) => ({ ...ask, booking: holdOf(users[ask.player]!, place.court.id, date, ask.slot) }));
            const answers = await Promise.all(
              asked.map(({ booking, admin }) => repos.bookings.insertHold(booking, { maxUnpaid: admin ? null : MAX_UNPAID, now: NOW })),
            );
            const held = (await repos.bookings.listByDate(date)).filter((b) => b.courtId === place.court.id);
            // what was answered written is there, and nothing else
            expect(held.map((b) => b.id).sort()).toEqual(asked.filter((_, i) => tag(answers[i]!) === "written").map((a) => a.booking.id).sort());
            expect(new Set(held.map((b) => b.timeSlot)).size).toBe(held.length);
            for (const [i, answer] of answers.entries()) {
              const { booking, admin, player } = asked[i]!;
              const theirs = held.filter((b) => b.userId === booking.userId);
              if (answer === "slot-taken") expect(held.some((b) => b.timeSlot === booking.timeSlot && b.userId !== booking.userId)).toBe(true);
              // a player asking again a slot their own hold has is told so, with that hold's id
              if (tag(answer) === "own-booking") expect(held.find((b) => b.timeSlot === booking.timeSlot)?.id).toBe((answer as { ownBooking: string }).ownBooking);
              if (answer === "too-many-unpaid") expect(admin === false && theirs.length >= MAX_UNPAID).toBe(true);
              expect(["slot-blocked", "balance-due"]).not.toContain(answer);
              // holds written under the limit never make more than it; an admin's come on top
              const byAdmin = asked.filter((a, j) => a.player === player && a.admin && tag(answers[j]!) === "written").length;
              expect(theirs.length - byAdmin).toBeLessThanOrEqual(MAX_UNPAID);
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  });
}
