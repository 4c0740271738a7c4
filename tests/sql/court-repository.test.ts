import type { SqlDatabase } from "@courts/adapters/sql/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { aCourt, aPayment, aVenue } from "../support/builders.js";
import { seedBooking, seedPlace } from "./support/seed.js";
import { courtRepositoryContract } from "./contracts/court-repository.contract.js";
import { describeOnEngines, noticesCaughtUp, seenByAnotherProcess, SQL_ENGINES, statementsReading, useTestDatabase } from "./support/harness.js";
import { lockWatch } from "./support/postgres.js";
import { waitFor } from "../support/wait-for.js";

describeOnEngines("CourtRepository contract", courtRepositoryContract);

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`a court read for a booking, by two server processes (${engine.name})`, () => {
    // processes[0] and processes[1] stand for two servers on one database
    const target = useTestDatabase(engine.name, { others: 1, empty: true });

    it("when one process changes the court or renames its venue, then the other's next read shows it; else it is not read again", async () => {
      const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
      const venue = await one.repositories.venues.insert(aVenue({ name: "Club Ribera" }));
      const court = aCourt(venue.id, { courtNumber: 1, status: "available" });
      await one.repositories.courts.insert(court);
      await noticesCaughtUp(two);
      expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available", venueName: "Club Ribera" });
      expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available" });
      // a write to another table (a booking, a session) leaves the court as it was read
      await one.sql.run("insert into venues (id, name, location, created_at) values ('v-other', 'Club Otro', 'Quito', ?)", [new Date().toISOString()]);
      const again = await statementsReading(two, "courts", async () => expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available" }));
      expect(again).toBe(0);

      await one.repositories.courts.update({ ...court, status: "maintenance" });
      // the writing process at once, with no wait for its notice
      expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "maintenance" });
      await seenByAnotherProcess(engine.name, async () => expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "maintenance" }));
      // no screen renames a venue yet; an operator may, in SQL
      await one.sql.run("update venues set name = 'Club Ribera Norte' where id = ?", [venue.id]);
      expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ venueName: "Club Ribera Norte" });
      await seenByAnotherProcess(engine.name, async () => expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ venueName: "Club Ribera Norte" }));
    });
  });
}

const POSTGRES = SQL_ENGINES.find((engine) => engine.name === "postgresql");

describe.skipIf(!POSTGRES?.available)("a court moved while a payment of its game is being recorded (postgresql)", () => {
  // processes[0] records the payment, processes[1] is the admin's server
  const target = useTestDatabase("postgresql", { others: 1, empty: true });
  let locks: Awaited<ReturnType<typeof lockWatch>>;
  beforeAll(async () => {
    locks = await lockWatch(target.url);
  });
  afterAll(async () => locks?.close());

  /** `work` and whether it has answered yet (either way) */
  const tracked = <T>(work: Promise<T>) => {
    let answered = false;
    work.then(
      () => (answered = true),
      () => (answered = true),
    );
    return { work, answered: () => answered };
  };
  /** Waits until each of `changes` waits on a lock or has answered (then there was nothing to wait for). */
  const queued = (changes: ReadonlyArray<ReturnType<typeof tracked>>, what: string) =>
    waitFor(async () => (await locks.waiting()) + changes.filter((c) => c.answered()).length >= changes.length, {
      message: `${what} never queued behind the write left open`,
    });
  /**
   * A statement on one booking in a transaction left open (as markSucceeded writes the booking's
   * paid amount a moment before it commits): answers once the statement has run; `commit` ends it.
   */
  const openWrite = async (db: SqlDatabase, statement: string, bookingId: string) => {
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const done = db.sql.transaction(async (tx) => {
      await tx.run(statement, [bookingId]);
      written();
      await committing;
    });
    await wrote;
    return {
      commit: async () => {
        commit();
        await done;
      },
    };
  };

  const CHANGES = { move: "the move of its court to another venue", court: "the removal of its court", venue: "the removal of its venue" } as const;
  for (const [change, what] of Object.entries(CHANGES)) {
    it(`when the payment has written its booking but not committed, then ${what} waits for it, and then refuses ('paid-ahead')`, async () => {
      const [payments, admin] = target.processes as [SqlDatabase, SqlDatabase];
      const place = await seedPlace(payments.repositories);
      const elsewhere = await payments.repositories.venues.insert(aVenue({ name: "Club Lejano" }));
      const booking = await seedBooking(payments.repositories, place, { date: "2026-11-25", timeSlot: "20:00", paidAmount: 0, totalAmount: 1450 });
      const after = { date: "2026-11-25", time: "19:30" };
      // as markSucceeded does: the booking's paid amount first, the commit a moment later
      const recording = await openWrite(payments, "update bookings set paid_amount = paid_amount + 725 where id = ?", booking.id);
      const changing = tracked<unknown>(
        change === "move"
          ? admin.repositories.courts.update({ ...place.court, venueId: elsewhere.id }, after)
          : change === "court"
            ? admin.repositories.courts.delete(place.court.id, after)
            : admin.repositories.venues.delete(place.venue.id, after),
      );
      try {
        await queued([changing], what);
        expect(changing.answered(), `${what} answered before the payment committed`).toBe(false);
      } finally {
        // committed whatever the answer, so no later test waits on its lock
        await recording.commit();
      }
      expect(await changing.work).toBe("paid-ahead");
      // the game is where it was, with the money recorded on it
      expect(await admin.repositories.courts.findById(place.court.id)).toMatchObject({ venueId: place.venue.id });
      expect(await admin.repositories.bookings.findById(booking.id)).toMatchObject({ paidAmount: 725 });
    });
  }

  it("when an admin closes a court's evening (a rain-out) while another removes the court or its venue, then both answer and none fails: the paid game is closed and refunded, or keeps the court", async () => {
    const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
    const after = { date: "2026-11-25", time: "19:30" };
    for (let round = 0; round < 6; round++) {
      const place = await seedPlace(one.repositories);
      const paid = await seedBooking(one.repositories, place, { date: "2026-11-25", timeSlot: "20:00", paidAmount: 0, totalAmount: 1450 });
      const payment = aPayment({ kind: "full", amount: 1450 }, { booking: paid, ...place });
      await one.repositories.payments.insertPending(payment);
      expect(await one.repositories.payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: new Date(), shareLinkId: null })).toMatchObject({ kind: "recorded" });
      for (const timeSlot of ["19:00", "21:00"]) await seedBooking(one.repositories, place, { date: "2026-11-25", timeSlot, paidAmount: 0, totalAmount: 1450 });
      const at = new Date("2026-11-25T12:00:00.000Z");
      // a write on the paid game still open (a payment being recorded), so that both changes queue
      // behind it and start together once it commits
      const writing = await openWrite(one, "update bookings set paid_amount = paid_amount where id = ?", paid.id);
      const closing = one.repositories.blocks.create(
        { id: randomUUID(), venueId: place.venue.id, courtId: place.court.id, startDate: "2026-11-25", endDate: "2026-11-25", timeSlots: null, weekdays: null, reason: "Otro", note: null, createdAt: at },
        { cancelConflicts: true, at, cancellationReason: "Lluvia" },
      );
      const removing = round % 2 === 0 ? two.repositories.courts.delete(place.court.id, after) : two.repositories.venues.delete(place.venue.id, after);
      await queued([tracked(closing), tracked(removing)], `round ${round}: the closure and the removal`);
      await writing.commit();
      const [closed, removed] = await Promise.allSettled([closing, removing]);
      expect([closed.status, removed.status], `round ${round}`).toEqual(["fulfilled", "fulfilled"]);
      const court = await one.repositories.courts.findById(place.court.id);
      if (court === undefined) {
        // the closure went first: the paid game was cancelled with its refund owed, then the court went
        expect(closed.status === "fulfilled" && closed.value.kind === "created" && closed.value.closed.map((c) => c.booking.id)).toContain(paid.id);
        expect(removed.status === "fulfilled" && removed.value).toBe(true);
      } else {
        // the removal went first and found the paid game: it refused, and the closure then closed the evening
        expect(removed.status === "fulfilled" && removed.value).toBe("paid-ahead");
        expect(await one.repositories.bookings.findById(paid.id)).toMatchObject({ status: "cancelled", refundPercentage: 100 });
      }
    }
  });

  it("when an admin records cash on a game while another removes its court, then both answer and neither fails: the court goes, and the cash is told the booking is gone", async () => {
    const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
    const after = { date: "2026-11-25", time: "19:30" };
    const place = await seedPlace(one.repositories);
    const booking = await seedBooking(one.repositories, place, { date: "2026-11-25", timeSlot: "20:00", paidAmount: 0, totalAmount: 1450 });
    // a write on another club's booking still open, so that the removal and then the cash payment queue behind it
    const elsewhere = await seedPlace(one.repositories);
    const unrelated = await seedBooking(one.repositories, elsewhere, { date: "2026-11-25", timeSlot: "20:00", paidAmount: 0, totalAmount: 1450 });
    const writing = await openWrite(one, "update bookings set paid_amount = paid_amount where id = ?", unrelated.id);
    const removing = tracked(two.repositories.courts.delete(place.court.id, after));
    await queued([removing], "the removal");
    // the desk's payment: written first, then the booking's paid amount (recordCash), for the booking's own player
    const recording = tracked(one.repositories.payments.recordCash(aPayment({ kind: "cash", amount: 1450 }, { booking, ...place }), new Date()));
    await queued([removing, recording], "the cash payment");
    await writing.commit();
    const [removed, recorded] = await Promise.allSettled([removing.work, recording.work]);
    expect(removed).toEqual({ status: "fulfilled", value: true });
    expect(recorded).toMatchObject({ status: "fulfilled", value: { kind: "booking-gone" } });
    expect(await one.repositories.courts.findById(place.court.id)).toBeUndefined();
  });

  it("when two admins change the same court at once (a double click on 'Eliminar', a move and a removal), then each answers, none fails", async () => {
    const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
    const after = { date: "2026-11-25", time: "19:30" };
    for (const change of ["delete twice", "move and delete", "venue and court"] as const) {
      const place = await seedPlace(one.repositories);
      const elsewhere = await one.repositories.venues.insert(aVenue());
      // unpaid bookings ahead: each change share-locks them before its own statement
      for (const timeSlot of ["20:00", "21:00"]) await seedBooking(one.repositories, place, { date: "2026-11-25", timeSlot, paidAmount: 0, totalAmount: 1450 });
      const answers = await Promise.allSettled(
        change === "delete twice"
          ? [one.repositories.courts.delete(place.court.id, after), two.repositories.courts.delete(place.court.id, after)]
          : change === "move and delete"
            ? [one.repositories.courts.update({ ...place.court, venueId: elsewhere.id }, after), two.repositories.courts.delete(place.court.id, after)]
            : [one.repositories.venues.delete(place.venue.id, after), two.repositories.courts.delete(place.court.id, after)],
      );
      expect(answers.filter((a) => a.status === "rejected"), change).toEqual([]);
      expect(await one.repositories.courts.findById(place.court.id), change).toBeUndefined();
    }
  });
});
