import { type Repositories } from "@courts/core";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aBooking } from "../support/builders.js";
import { catalogQueriesContract } from "./contracts/catalog-queries.contract.js";
import { describeOnEngines, openTestDatabase, SQL_ENGINES } from "./support/harness.js";
import { inserted, seedBooking, seedCourt, seedPlace, type Place } from "./support/seed.js";

describeOnEngines("CatalogQueries contract", catalogQueriesContract);

/**
 * The SQL read model keeps month calendars per process and checks each against the database's
 * change stamp: a calendar never outlives a write, whoever made it and on whichever connection.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`month calendar cache (${engine.name})`, () => {
    let db: SqlDatabase;
    let repos: Repositories;
    let url: string;
    let place: Place;
    let dispose: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const target = await openTestDatabase(engine.name as "sqlite" | "postgresql");
      db = target.db;
      url = target.url;
      dispose = target.dispose;
      repos = db.repositories;
      place = await seedPlace(repos);
      await seedBooking(repos, place, { date: "2026-11-25", timeSlot: "18:00" });
    });
    afterAll(async () => {
      await dispose();
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
      await db.sql.transaction((tx) => tx.run("update courts set name = 'Cancha Dos' where id = ?", [place.court.id]));
      expect(await readText()).toContain("Cancha Dos");
      // a booking made by another server process: another connection to the same database
      const otherProcess = await openSqlDatabase(url);
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
