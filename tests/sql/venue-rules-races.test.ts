import type { Booking, HoldLimits, Repositories } from "@courts/core";
import { describe, expect, it } from "vitest";
import { aBooking } from "../support/builders.js";
import { noticesCaughtUp, SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { int } from "./support/rows.js";
import { seedCourt, seedPlace } from "./support/seed.js";

/**
 * A venue's per-player limits (DESIGN.md section 15) held by the database: one player's 50 holds
 * asked at once, from several processes, for different slots. The count and the insert are one
 * statement (SQLite) or one call of insert_hold under the player's row lock (PostgreSQL).
 */
const NOW = new Date("2026-11-21T12:00:00.000Z");
const FROM = { at: NOW, date: "2026-11-21", time: "07:00" };
const SLOTS = Array.from({ length: 16 }, (_, i) => `${String(6 + i).padStart(2, "0")}:00`);

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`a venue's per-player limits under concurrency (${engine.name})`, () => {
    const target = useTestDatabase(engine.name, { others: engine.name === "sqlite" ? 2 : 3, poolSize: 4, empty: true });

    const burst = <T>(n: number, work: (repos: Repositories, i: number) => Promise<T>): Promise<T[]> =>
      Promise.all(Array.from({ length: n }, (_, i) => work(target.processes[i % target.processes.length]!.repositories, i)));
    const count = async (sql: string, params: (string | number)[]) => int((await target.db.sql.one(sql, params))!, "n");

    /** A player, a venue with 4 courts, and the limits a player's hold there carries (the unpaid one lifted). */
    const venueWith = async (perPlayer: { maxUpcoming: number | null; maxPerDay: number | null }) => {
      const place = await seedPlace(target.db.repositories, { court: { courtNumber: 1 } });
      const courts = [place.court, ...(await Promise.all([2, 3, 4].map((n) => seedCourt(target.db.repositories, place.venue.id, { courtNumber: n }))))];
      const limits: HoldLimits = { maxUnpaid: 100, maxUnpaidUnverified: 100, now: NOW, perPlayer: { venueId: place.venue.id, ...perPlayer, from: FROM } };
      const hold = (repos: Repositories, booking: Booking) => repos.bookings.insertHold(booking, limits);
      return { ...place, courts, limits, hold };
    };

    it("when one player asks 50 holds at once at a venue of at most 3 upcoming bookings, then exactly 3 are written and the rest told which limit", async () => {
      const { user, courts, hold } = await venueWith({ maxUpcoming: 3, maxPerDay: null });
      const outcomes = await burst(50, (repos, i) =>
        hold(repos, aBooking({ userId: user.id, courtId: courts[i % 4]!.id, date: `2026-12-${String(1 + Math.floor(i / 16)).padStart(2, "0")}`, timeSlot: SLOTS[i % 16]! })),
      );
      expect(outcomes.filter((o) => typeof o === "object")).toHaveLength(3);
      expect(outcomes.filter((o) => o === "upcoming-limit")).toHaveLength(47);
      expect(await count("select count(*) as n from bookings where user_id = ?", [user.id])).toBe(3);
    });

    it("when one player asks 50 holds at once for one day at a venue of at most 2 a day, then exactly 2 are written; another day still books", async () => {
      const { user, courts, hold } = await venueWith({ maxUpcoming: null, maxPerDay: 2 });
      const outcomes = await burst(50, (repos, i) =>
        hold(repos, aBooking({ userId: user.id, courtId: courts[i % 4]!.id, date: "2026-12-10", timeSlot: SLOTS[Math.floor(i / 4) % 16]! })),
      );
      expect(outcomes.filter((o) => typeof o === "object")).toHaveLength(2);
      expect(outcomes.filter((o) => o === "day-limit")).toHaveLength(48);
      expect(await count("select count(*) as n from bookings where user_id = ? and booking_date = ?", [user.id, "2026-12-10"])).toBe(2);
      expect(typeof (await hold(target.db.repositories, aBooking({ userId: user.id, courtId: courts[0]!.id, date: "2026-12-11" })))).toBe("object");
    });

    it("when the rules change in one process, then a court read for a booking in another carries the new rules", async () => {
      const place = await seedPlace(target.db.repositories);
      const other = target.processes[1]!.repositories;
      expect((await other.courts.findForBooking(place.court.id))?.rules).toMatchObject({ windowDays: 180, maxUpcomingPerPlayer: null });
      const rules = { windowDays: 7, releaseTime: "08:00", maxUpcomingPerPlayer: 2, maxPerPlayerPerDay: 1, ballotSeconds: 30 };
      expect(await target.db.repositories.venues.setRules(place.venue.id, rules)).toBe(true);
      expect(await target.db.repositories.venues.rulesOf(place.venue.id)).toEqual(rules);
      await noticesCaughtUp(target.processes[1]!);
      expect((await other.courts.findForBooking(place.court.id))?.rules).toEqual(rules);
    });
  });
}
