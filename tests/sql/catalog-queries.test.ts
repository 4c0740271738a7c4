import { randomUUID } from "node:crypto";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Booking, type Repositories } from "@courts/core";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { beforeAll, describe, expect, it } from "vitest";
import { aBooking } from "../support/builders.js";
import { catalogQueriesContract } from "./contracts/catalog-queries.contract.js";
import { describeOnEngines, seenByAnotherProcess, SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { inserted, seedBooking, seedCourt, seedPlace, type Place } from "./support/seed.js";

describeOnEngines("CatalogQueries contract", catalogQueriesContract);

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * The SQL read model keeps month calendars per process and checks each against the database's
 * change stamp: a calendar never outlives a write, whoever made it and on whichever connection.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`month calendar cache (${engine.name})`, () => {
    const target = useTestDatabase(engine.name);
    let repos: Repositories;
    let place: Place;

    beforeAll(async () => {
      repos = target.db.repositories;
      place = await seedPlace(repos);
      await seedBooking(repos, place, { date: "2026-11-25", timeSlot: "18:00" });
    });

    const read = () => repos.catalog.venueMonth(place.venue.id, "2026-11-01", "2026-11-30");
    const readText = async () => new TextDecoder().decode(await read());
    const bookingAt = (date: string, timeSlot: string) => aBooking({ userId: place.user.id, courtId: place.court.id, date, timeSlot });

    it("when a calendar is read twice with no write between, then the second answer is the cached one", async () => {
      // On PostgreSQL any commit on the server (another database too) renews the stamp: a few tries.
      let cached = false;
      for (let i = 0; i < 5 && !cached; i++) {
        const first = await read();
        cached = (await read()) === first;
      }
      expect(cached).toBe(true);
    });

    it("when a booking is made, cancelled or a court renamed, by this process or another, then the next calendar read shows it", async () => {
      await read();
      const made = inserted(await repos.bookings.insert(bookingAt("2026-11-10", "12:00")));
      expect(await readText()).toContain(made.id);
      await repos.bookings.cancel(made.id, { reason: null, refundPercentage: 0, at: new Date() });
      expect(await readText()).not.toContain(made.id);
      // a court renamed through the ORM (em.nativeUpdate)
      await repos.courts.update({ ...place.court, name: "Cancha Uno" });
      expect(await readText()).toContain("Cancha Uno");
      // a write inside a transaction
      await target.db.sql.transaction((tx) => tx.run("update courts set name = 'Cancha Dos' where id = ?", [place.court.id]));
      expect(await readText()).toContain("Cancha Dos");
      // a booking made by another server process: another connection to the same database
      const otherProcess = await openSqlDatabase(target.url);
      try {
        const theirs = inserted(await otherProcess.repositories.bookings.insert(bookingAt("2026-11-11", "12:00")));
        expect(await readText()).toContain(theirs.id);
        await otherProcess.sql.run("delete from bookings where id = ?", [theirs.id]);
        expect(await readText()).not.toContain(theirs.id);
        const second = await seedCourt(otherProcess.repositories, place.venue.id, { courtNumber: 9 });
        await seedBooking(otherProcess.repositories, { user: place.user, court: second }, { date: "2026-11-12", timeSlot: "08:00" });
        expect(await readText()).toContain(second.id);
      } finally {
        await otherProcess.close();
      }
    });
  });
}

/**
 * On SQLite the read model answers a court's availability from memory while the WAL-index header
 * (the database file's commit stamp) stays the same. Exactness: whoever commits, by whatever path,
 * the next read shows it; and a hold that runs out frees its slot with no write at all.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`court availability cache (${engine.name})`, () => {
    const target = useTestDatabase(engine.name);
    let db: SqlDatabase;
    let repos: Repositories;
    let url: string;
    let place: Place;

    beforeAll(async () => {
      db = target.db;
      url = target.url;
      repos = db.repositories;
      place = await seedPlace(repos);
    });

    const DAY = "2026-12-10";
    const now = () => new Date("2026-12-01T12:00:00.000Z");
    const slots = async (at = now()) => (await repos.catalog.courtAvailability(place.court.id, DAY, at))?.bookedSlots;
    const bookingAt = (timeSlot: string, overrides: Partial<Booking> = {}) =>
      aBooking({ userId: place.user.id, courtId: place.court.id, date: DAY, timeSlot, ...overrides });

    it.skipIf(engine.name !== "sqlite")("when availability is read twice with no commit between, then the second answer comes from memory", async () => {
      const first = await repos.catalog.courtAvailability(place.court.id, DAY, now());
      expect(await repos.catalog.courtAvailability(place.court.id, DAY, now())).toBe(first);
      // another date, another court: their own entries
      expect(await repos.catalog.courtAvailability(place.court.id, "2026-12-11", now())).not.toBe(first);
    });

    it.skipIf(engine.name !== "sqlite")("when a commit touches no booking, block or court (a venue's text, a session), then the answers stay in memory", async () => {
      const first = await repos.catalog.courtAvailability(place.court.id, DAY, now());
      const stampBefore = db.sql.fileStamp?.();
      await db.sql.run("update venues set description = ? where id = ?", [`otra ${randomUUID()}`, place.venue.id]);
      await new Promise<void>((resolve, reject) => db.sessionStore.set("sid-cache", { cookie: { expires: new Date(Date.now() + 60_000) } } as never, (e) => (e ? reject(e) : resolve())));
      expect(db.sql.fileStamp?.()).not.toBe(stampBefore);
      expect(await repos.catalog.courtAvailability(place.court.id, DAY, now())).toBe(first);
      // a booking's paid amount is read by availability (an unpaid hold): that commit empties the cache
      const made = inserted(await repos.bookings.insert(bookingAt("15:00")));
      const withIt = await repos.catalog.courtAvailability(place.court.id, DAY, now());
      expect(withIt?.bookedSlots).toContain("15:00");
      await db.sql.run("update bookings set paid_amount = 100 where id = ?", [made.id]);
      expect(await repos.catalog.courtAvailability(place.court.id, DAY, now())).not.toBe(withIt);
      await db.sql.run("delete from bookings where id = ?", [made.id]);
    });

    it.skipIf(engine.name !== "sqlite")("when the file's stamp is read again in the same turn of the event loop, then it is not read again; the next turn, or a write of this process, reads it anew", async () => {
      const file = url.slice("sqlite:".length);
      const commitElsewhere = () => {
        const script =
          "const s = require('sqlite3'); const db = new s.Database(process.argv[1]);" +
          "db.exec('pragma busy_timeout = 10000; ' + process.argv[2], (e) => { if (e) { console.error(e); process.exit(1); } db.close(); });";
        const child = spawnSync(process.execPath, ["-e", script, file, `update venues set description = '${randomUUID()}' where id = '${place.venue.id}'`], { cwd: ROOT, encoding: "utf8" });
        expect(child.status, child.stderr).toBe(0);
      };
      await new Promise((resolve) => setImmediate(resolve));
      const first = db.sql.fileStamp?.();
      expect(first).toEqual(expect.any(String));
      // another process commits while this turn runs (it waits for it): the turn keeps its stamp
      commitElsewhere();
      expect(db.sql.fileStamp?.()).toBe(first);
      await new Promise((resolve) => setImmediate(resolve));
      const next = db.sql.fileStamp?.();
      expect(next).not.toBe(first);
      // a write of this process forgets the turn's stamp as soon as it completes
      await db.sql.run("update venues set description = ? where id = ?", [`otra ${randomUUID()}`, place.venue.id]);
      expect(db.sql.fileStamp?.()).not.toBe(next);
    });

    it("when a day is held in memory, then keptCourtAvailability gives it at once, and nothing after a commit that changes it, another process's commit or the end of a hold in it", async () => {
      const day = "2026-12-12";
      const kept = (at = now()) => repos.catalog.keptCourtAvailability?.(place.court.id, day, at);
      const read = (at = now()) => repos.catalog.courtAvailability(place.court.id, day, at);
      const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
      await nextTurn();
      expect(kept()).toBeUndefined();
      const first = await read();
      if (engine.name !== "sqlite") {
        // PostgreSQL reads every time: nothing is held
        expect(kept()).toBeUndefined();
        return;
      }
      expect(kept()).toBe(first);
      expect(repos.catalog.keptCourtAvailability?.(place.court.id, "2026-12-13", now())).toBeUndefined();

      // a booking of this process: not held from the moment its commit returns
      const heldUntil = new Date(now().getTime() + 10 * 60_000);
      const hold = inserted(await repos.bookings.insert(bookingAt("16:00", { date: day, holdExpiresAt: heldUntil })));
      expect(kept()).toBeUndefined();
      const withHold = await read();
      expect(withHold?.bookedSlots).toEqual(["16:00"]);
      expect(kept()).toBe(withHold);
      // the hold runs out: the day is not held at that moment, and the read frees its slot
      const after = new Date(heldUntil.getTime() + 1);
      expect(kept(after)).toBeUndefined();
      expect((await read(after))?.bookedSlots).toEqual([]);
      // a day kept as read at a later moment is not an answer for an earlier one
      expect(kept(after)?.bookedSlots).toEqual([]);
      expect(kept()).toBeUndefined();

      // another OS process commits: the turn that began before it keeps its stamp; the next turn holds nothing
      await read();
      await nextTurn();
      const held = kept();
      expect(held?.bookedSlots).toEqual(["16:00"]);
      const script =
        "const s = require('sqlite3'); const db = new s.Database(process.argv[1]);" +
        "db.exec('pragma busy_timeout = 10000; ' + process.argv[2], (e) => { if (e) { console.error(e); process.exit(1); } db.close(); });";
      const child = spawnSync(process.execPath, ["-e", script, url.slice("sqlite:".length), `update bookings set status = 'cancelled' where id = '${hold.id}'`], { cwd: ROOT, encoding: "utf8" });
      expect(child.status, child.stderr).toBe(0);
      await nextTurn();
      expect(kept()).toBeUndefined();
      // another read brought the counters up to date first (the courts of a venue): the day, read
      // before the commit, is still not given
      await repos.catalog.venueCourts(place.venue.id);
      expect(db.sql.changes.known()).toBeDefined();
      expect(kept()).toBeUndefined();
      expect((await read())?.bookedSlots).toEqual([]);
      expect(kept()?.bookedSlots).toEqual([]);
      await db.sql.run("delete from bookings where id = ?", [hold.id]);
    });

    it("when a booking is made, cancelled or changed by this process, a transaction, another server or another OS process, then the next read shows it", async () => {
      expect(await slots()).toEqual([]);
      const made = inserted(await repos.bookings.insert(bookingAt("12:00")));
      expect(await slots()).toEqual(["12:00"]);
      await repos.bookings.cancel(made.id, { reason: null, refundPercentage: 0, at: now() });
      expect(await slots()).toEqual([]);
      await db.sql.transaction((tx) => tx.run("update bookings set status = 'active', cancelled_at = null where id = ?", [made.id]));
      expect(await slots()).toEqual(["12:00"]);

      // another server process: its own ORM and connections on the same database
      const otherServer = await openSqlDatabase(url);
      try {
        const theirs = inserted(await otherServer.repositories.bookings.insert(bookingAt("13:00")));
        expect(await slots()).toEqual(["12:00", "13:00"]);
        await otherServer.sql.run("delete from bookings where id = ?", [theirs.id]);
        expect(await slots()).toEqual(["12:00"]);
      } finally {
        await otherServer.close();
      }

      if (engine.name === "sqlite") {
        // another OS process writing through the plain driver, as a script or a CLI would
        const file = url.slice("sqlite:".length);
        const write = (statement: string) => {
          const script =
            "const s = require('sqlite3'); const db = new s.Database(process.argv[1]);" +
            "db.exec('pragma busy_timeout = 10000; ' + process.argv[2], (e) => { if (e) { console.error(e); process.exit(1); } db.close(); });";
          const child = spawnSync(process.execPath, ["-e", script, file, statement], { cwd: ROOT, encoding: "utf8" });
          expect(child.status, child.stderr).toBe(0);
        };
        write(`update bookings set status = 'cancelled' where id = '${made.id}'`);
        expect(await slots()).toEqual([]);
        write(`update bookings set status = 'active' where id = '${made.id}'`);
        expect(await slots()).toEqual(["12:00"]);
      }

      // a court closed for the day by a block: every slot is the block's
      const closed = await repos.blocks.create(
        {
          id: randomUUID(), venueId: place.venue.id, courtId: null, startDate: DAY, endDate: DAY, timeSlots: ["20:00"], weekdays: null,
          reason: "Torneo", note: null, createdAt: now(),
        },
        { cancelConflicts: false, at: now(), cancellationReason: "Cierre" },
      );
      expect(closed.kind).toBe("created");
      expect((await repos.catalog.courtAvailability(place.court.id, DAY, now()))?.blocks.map((b) => b.reason)).toEqual(["Torneo"]);
    });

    it("when 75 players read courts' days in the same moment, then each gets its own court, date and holds (on PostgreSQL from 2 statements, 64 reads each at most)", async () => {
      const other = await seedCourt(repos, place.venue.id, { courtNumber: 57 });
      const heldUntil = new Date("2026-12-01T12:10:00.000Z");
      // days no other test of this file books
      const day = "2026-12-20";
      const nextDate = "2026-12-21";
      const paid = inserted(await repos.bookings.insert(bookingAt("10:00", { date: day, paidAmount: 1450 })));
      const hold = inserted(
        await repos.bookings.insert(aBooking({ userId: place.user.id, courtId: other.id, date: day, timeSlot: "19:00", holdExpiresAt: heldUntil })),
      );
      const nextDay = inserted(await repos.bookings.insert(bookingAt("09:00", { date: nextDate, paidAmount: 1450 })));
      const statements: string[] = [];
      const reader = await openSqlDatabase(url, { onQuery: (sql) => statements.push(sql) });
      try {
        const read = (courtId: string, date: string, at: Date) => reader.repositories.catalog.courtAvailability(courtId, date, at);
        const asked = [
          read(place.court.id, day, now()),
          read(other.id, day, now()),
          // the hold has run out at this reader's moment: its slot is free again
          read(other.id, day, new Date(heldUntil.getTime() + 1)),
          read(place.court.id, nextDate, now()),
          read(randomUUID(), day, now()),
          ...Array.from({ length: 70 }, (_, i) => read(i % 2 === 0 ? other.id : place.court.id, day, now())),
        ];
        const answers = await Promise.all(asked);
        expect(answers.slice(0, 5).map((a) => a?.bookedSlots)).toEqual([["10:00"], ["19:00"], [], ["09:00"], undefined]);
        expect(answers[1]).toMatchObject({ date: day, venueId: place.venue.id, blocks: [] });
        expect(answers.slice(5).map((a) => a?.bookedSlots)).toEqual(Array.from({ length: 70 }, (_, i) => (i % 2 === 0 ? ["19:00"] : ["10:00"])));
        if (engine.name === "postgresql") expect(statements.filter((s) => s.includes("jsonb_to_recordset"))).toHaveLength(2);
      } finally {
        await reader.close();
        for (const made of [paid, hold, nextDay]) await db.sql.run("delete from bookings where id = ?", [made.id]);
      }
    });

    it.skipIf(engine.name !== "sqlite")("when the courts of a venue are read twice with no commit between, then the second read runs no statement", async () => {
      const statements: string[] = [];
      const reader = await openSqlDatabase(url, { onQuery: (sql) => statements.push(sql) });
      try {
        const first = await reader.repositories.catalog.venueCourts(place.venue.id);
        expect(first).toContain(place.court.id);
        statements.length = 0;
        expect(await reader.repositories.catalog.venueCourts(place.venue.id)).toBe(first);
        expect(statements).toEqual([]);
        // a commit that touches no court (a booking) asks the counters once, and the list stands
        inserted(await repos.bookings.insert(bookingAt("18:00")));
        expect(await reader.repositories.catalog.venueCourts(place.venue.id)).toBe(first);
        expect(statements).toHaveLength(1);
      } finally {
        await reader.close();
      }
    });

    it("when a court is added, renamed, priced or removed by this process, another server or another OS process, then the next list of its venue shows it; a removed venue is not found", async () => {
      const own = await seedPlace(repos);
      const list = async () =>
        (JSON.parse((await repos.catalog.venueCourts(own.venue.id)) ?? "null") as { name: string; daySinglesPrice: string }[] | null)?.map(
          (c) => `${c.name} ${c.daySinglesPrice}`,
        );
      expect(await list()).toEqual([`${own.court.name} 14.50`]);
      const second = await seedCourt(repos, own.venue.id);
      expect(await list()).toHaveLength(2);
      await db.sql.run("update courts set name = 'Central' where id = ?", [own.court.id]);
      expect((await list())?.[0]).toBe("Central 14.50");

      const otherServer = await openSqlDatabase(url);
      try {
        // on PostgreSQL, once the commit's notice reached this process
        await otherServer.sql.run("update courts set day_singles_price = 1600 where id = ?", [own.court.id]);
        await seenByAnotherProcess(engine.name, async () => expect((await list())?.[0]).toBe("Central 16.00"));
        await otherServer.sql.run("delete from courts where id = ?", [second.id]);
        await seenByAnotherProcess(engine.name, async () => expect(await list()).toHaveLength(1));
      } finally {
        await otherServer.close();
      }

      if (engine.name === "sqlite") {
        const file = url.slice("sqlite:".length);
        const script =
          "const s = require('sqlite3'); const db = new s.Database(process.argv[1]);" +
          "db.exec('pragma busy_timeout = 10000; ' + process.argv[2], (e) => { if (e) { console.error(e); process.exit(1); } db.close(); });";
        const child = spawnSync(process.execPath, ["-e", script, file, `update courts set name = 'Pista 1' where id = '${own.court.id}'`], { cwd: ROOT, encoding: "utf8" });
        expect(child.status, child.stderr).toBe(0);
        expect((await list())?.[0]).toBe("Pista 1 16.00");
      }

      await db.sql.run("delete from courts where venue_id = ?", [own.venue.id]);
      expect(await list()).toEqual([]);
      await db.sql.run("delete from venues where id = ?", [own.venue.id]);
      expect(await repos.catalog.venueCourts(own.venue.id)).toBeUndefined();
    });

    it("when a venue's day is kept, then a booking, a block or a court renamed, by this process or another OS process, shows in the next read", async () => {
      const day = "2026-12-12";
      const read = () => repos.catalog.venueDay(place.venue.id, day, now());
      const first = await read();
      if (engine.name === "sqlite") {
        expect(await read()).toBe(first);
        expect(repos.catalog.keptVenueDay?.(place.venue.id, day, now())).toBe(first);
      }
      const made = inserted(await repos.bookings.insert(bookingAt("16:00", { date: day })));
      const courtOf = async () => (await read())?.courts.find((c) => c.id === place.court.id);
      expect((await courtOf())?.bookedSlots).toEqual(["16:00"]);
      await repos.bookings.cancel(made.id, { reason: null, refundPercentage: 0, at: now() });
      expect((await courtOf())?.bookedSlots).toEqual([]);
      await db.sql.run("update courts set name = ? where id = ?", ["Renombrada", place.court.id]);
      expect((await courtOf())?.name).toBe("Renombrada");
      if (engine.name === "sqlite") {
        // another OS process writing through the plain driver, as a script or a CLI would
        const script =
          "const s = require('sqlite3'); const db = new s.Database(process.argv[1]);" +
          "db.exec('pragma busy_timeout = 10000; ' + process.argv[2], (e) => { if (e) { console.error(e); process.exit(1); } db.close(); });";
        const child = spawnSync(process.execPath, ["-e", script, url.slice("sqlite:".length), `update bookings set status = 'active' where id = '${made.id}'`], { cwd: ROOT, encoding: "utf8" });
        expect(child.status, child.stderr).toBe(0);
        expect((await courtOf())?.bookedSlots).toEqual(["16:00"]);
      }
      const closed = await repos.blocks.create(
        { id: randomUUID(), venueId: place.venue.id, courtId: null, startDate: day, endDate: day, timeSlots: ["07:00"], weekdays: null, reason: "Clases", note: null, createdAt: now() },
        { cancelConflicts: false, at: now(), cancellationReason: "Cierre" },
      );
      expect(closed.kind).toBe("created");
      expect((await read())?.blocks.map((b) => b.reason)).toEqual(["Clases"]);
    });

    it("when an unpaid hold in a cached answer runs out, then its slot is free at once, with no write", async () => {
      const expires = new Date("2026-12-01T12:10:00.000Z");
      const hold = inserted(await repos.bookings.insert(bookingAt("09:00", { holdExpiresAt: expires })));
      expect(await slots()).toContain("09:00");
      expect(await slots(new Date(expires.getTime() - 1))).toContain("09:00");
      expect(await slots(expires)).not.toContain("09:00");
      // an earlier instant than the answer read last: the hold holds again
      expect(await slots(now())).toContain("09:00");
      await repos.bookings.cancel(hold.id, { reason: null, refundPercentage: 0, at: now() });
    });
  });
}
