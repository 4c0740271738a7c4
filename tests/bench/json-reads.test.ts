import { randomUUID } from "node:crypto";
import { courtAvailability, listVenueCourts, venueCalendar, type Court, type Repositories } from "@courts/core";
import { runUseCase } from "@courts/adapters";
import { presentCalendarEntry, presentCourt } from "@courts/adapters/http/presenters";
import { bookingJsonReads, courtJsonReads, type BookingJsonReads, type CourtJsonReads } from "@courts/adapters/sql/json-reads.sql";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, SQL_ENGINES } from "../sql/support/harness.js";
import { aBooking } from "../support/builders.js";
import { fixedClock } from "../support/memory/fakes.js";

const NOW = "2026-11-21T12:00:00.000Z";
import { inserted, seedBooking, seedCourt, seedPlace, type Place } from "../sql/support/seed.js";

/**
 * The public hot reads the database answers as JSON text (adapters/src/sql/json-reads.sql.ts,
 * used by the HTTP routes, measured by `npm run bench`) answer exactly what the use case and the
 * presenter answer; the cached month calendar never outlives a write, whoever made it.
 */

const NOVEMBER = { year: 2026, month: 11 } as const;
const parse = (text: string | Buffer | null): unknown => (text === null ? null : JSON.parse(text.toString()));
const failureOf = async (work: Promise<unknown>) => work.then(() => "none", (error: { _tag?: string }) => error._tag ?? "defect");

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`json reads (${engine.name})`, () => {
    let db: SqlDatabase;
    let repos: Repositories;
    let courts: CourtJsonReads;
    let bookings: BookingJsonReads;
    let url: string;
    let place: Place;
    let second: Court;
    let dispose: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const target = await openTestDatabase(engine.name as "sqlite" | "postgresql");
      db = target.db;
      url = target.url;
      dispose = target.dispose;
      repos = db.repositories;
      courts = courtJsonReads(repos.courts)!;
      bookings = bookingJsonReads(repos.bookings)!;
      place = await seedPlace(repos, {
        venue: { name: 'Club "Ñandú"' },
        court: { courtNumber: 3, name: 'Cancha "Central" \\ ñ', prices: { daySingles: 1005, dayDoubles: 0, nightSingles: 123_456, nightDoubles: 3300 } },
      });
      second = await seedCourt(repos, place.venue.id, { courtNumber: 1, name: "Cancha 1", imageUrl: "https://example.test/c.png", status: "maintenance" });
      const other = { user: place.user, court: second };
      await seedBooking(repos, place, { date: "2026-11-25", timeSlot: "18:00", gameType: "doubles" });
      await seedBooking(repos, place, { date: "2026-11-25", timeSlot: "07:00" });
      await seedBooking(repos, other, { date: "2026-11-25", timeSlot: "07:00" });
      await seedBooking(repos, other, { date: "2026-11-02", timeSlot: "21:00" });
      await seedBooking(repos, place, { date: "2026-11-30", timeSlot: "06:00" });
      await seedBooking(repos, place, { date: "2026-12-01", timeSlot: "06:00" });
      await seedBooking(repos, place, { date: "2026-10-31", timeSlot: "06:00" });
      const cancelled = await seedBooking(repos, place, { date: "2026-11-25", timeSlot: "09:00" });
      await repos.bookings.cancel(cancelled.id, { reason: "lluvia", refundPercentage: 100, at: new Date() });
    });
    afterAll(async () => {
      await dispose();
    });

    const calendarOfUseCase = async (venueId: string) =>
      (await runUseCase(venueCalendar(repos, venueId, NOVEMBER))).map(presentCalendarEntry);
    const calendarOfJson = async (venueId: string) => parse(await bookings.calendarJson(venueId, "2026-11-01", "2026-11-30"));

    it("when a venue's courts are read as JSON, then they equal the use case's courts as presented, by number", async () => {
      const expected = [...(await runUseCase(listVenueCourts(repos, place.venue.id)))]
        .sort((a, b) => a.courtNumber - b.courtNumber)
        .map(presentCourt);
      expect(expected.map((c) => c.daySinglesPrice)).toEqual(["14.50", "10.05"]);
      expect(parse(await courts.venueCourtsJson(place.venue.id))).toEqual(expected);
    });

    it("when a venue has no courts, then its courts are [], and an unknown venue is null like the use case's 404", async () => {
      const empty = await repos.venues.insert({ ...place.venue, id: randomUUID(), name: "Vacío" });
      expect(parse(await courts.venueCourtsJson(empty.id))).toEqual([]);
      const unknown = randomUUID();
      expect(await courts.venueCourtsJson(unknown)).toBeNull();
      expect(await failureOf(runUseCase(listVenueCourts(repos, unknown)))).toBe("VenueNotFound");
    });

    it("when a court's slots of a day are read as JSON, then they equal the use case's, without cancelled ones", async () => {
      for (const [court, date] of [[place.court, "2026-11-25"], [second, "2026-11-25"], [second, "2026-11-26"]] as const) {
        const expected = await runUseCase(courtAvailability({ ...repos, clock: fixedClock(NOW) }, court.id, { date }));
        expect(parse(await bookings.bookedSlotsJson(court.id, date, new Date(NOW)))).toEqual(expected.bookedSlots);
      }
      expect(parse(await bookings.bookedSlotsJson(place.court.id, "2026-11-25"))).toEqual(["07:00", "18:00"]);
      const unknown = randomUUID();
      expect(await bookings.bookedSlotsJson(unknown, "2026-11-25")).toBeNull();
      expect(await failureOf(runUseCase(courtAvailability({ ...repos, clock: fixedClock(NOW) }, unknown, { date: "2026-11-25" })))).toBe("CourtNotFound");
    });

    it("when a month calendar is read as JSON, then it equals the use case's entries as presented, in the same order", async () => {
      const expected = await calendarOfUseCase(place.venue.id);
      expect(expected).toHaveLength(5);
      expect(await calendarOfJson(place.venue.id)).toEqual(expected);
      expect(parse(await bookings.calendarJson(place.venue.id, "2027-02-01", "2027-02-28"))).toEqual([]);
      expect(await bookings.calendarJson(randomUUID(), "2026-11-01", "2026-11-30")).toBeNull();
    });

    it("when a calendar is read twice with no write between, then the second answer is the cached one", async () => {
      // On PostgreSQL any commit on the server (another database too) renews the stamp: a few tries.
      let cached = false;
      for (let i = 0; i < 5 && !cached; i++) {
        const first = await bookings.calendarJson(place.venue.id, "2026-11-01", "2026-11-30");
        cached = (await bookings.calendarJson(place.venue.id, "2026-11-01", "2026-11-30")) === first;
      }
      expect(cached).toBe(true);
    });

    it("when a booking is made, cancelled or a court renamed, by this process or another, then the next calendar read shows it", async () => {
      const read = () => calendarOfJson(place.venue.id);
      await read();
      // a booking through this process's repository
      const made = inserted(await repos.bookings.insert({ ...bookingAt(place), date: "2026-11-10", timeSlot: "12:00" }));
      expect(await read()).toEqual(await calendarOfUseCase(place.venue.id));
      expect(JSON.stringify(await read())).toContain(made.id);
      // its cancellation
      await repos.bookings.cancel(made.id, { reason: null, refundPercentage: 0, at: new Date() });
      expect(JSON.stringify(await read())).not.toContain(made.id);
      // a court renamed through the ORM's own connection (em.nativeUpdate)
      await repos.courts.update({ ...second, name: "Cancha Uno" });
      expect(JSON.stringify(await read())).toContain("Cancha Uno");
      // a booking made by another server process: another connection to the same database
      const otherProcess = await openSqlDatabase(url);
      try {
        const theirs = inserted(
          await otherProcess.repositories.bookings.insert({ ...bookingAt(place), date: "2026-11-11", timeSlot: "12:00" }),
        );
        expect(JSON.stringify(await read())).toContain(theirs.id);
        await otherProcess.sql.run("delete from bookings where id = ?", [theirs.id]);
        expect(JSON.stringify(await read())).not.toContain(theirs.id);
      } finally {
        await otherProcess.close();
      }
      expect(await read()).toEqual(await calendarOfUseCase(place.venue.id));
    });
  });
}

/** A booking of the place's court and user, ready to insert (fresh id). */
const bookingAt = (place: Place) => aBooking({ userId: place.user.id, courtId: place.court.id });
