import type { SqlDatabase } from "@courts/adapters/sql/index";
import { describe, expect, it, vi } from "vitest";
import { aCourt, aVenue } from "../support/builders.js";
import { noticesCaughtUp, SQL_ENGINES, statementsReading, useTestDatabase } from "./support/harness.js";

const postgres = SQL_ENGINES.find((e) => e.name === "postgresql");

describe.skipIf(!postgres?.available)("PostgreSQL: the notices that keep a court or a session per process", () => {
  // processes[0] and processes[1] stand for two servers on one database
  const target = useTestDatabase("postgresql", { others: 1, empty: true });

  const listenersLost = (db: SqlDatabase) =>
    // a listening connection's last statement checked the notices' triggers
    db.sql.run("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'select count(*)::int as n from pg_trigger %'");

  it("when the listening connection is lost, then reads go to the database until it listens again, and a change made meanwhile shows", async () => {
    const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
    const venue = await one.repositories.venues.insert(aVenue());
    const court = aCourt(venue.id, { courtNumber: 1, status: "available" });
    await one.repositories.courts.insert(court);
    await noticesCaughtUp(two);
    const read = () => two.repositories.courts.findForBooking(court.id);
    expect(await statementsReading(two, "courts", read)).toBe(1);
    expect(await statementsReading(two, "courts", read)).toBe(0);

    await listenersLost(one);
    await vi.waitFor(async () => expect(await two.sql.changes.now()).toBeNull(), { timeout: 2_000, interval: 5 });
    // written while nobody listens: no notice will ever reach the other process
    await one.sql.run("update courts set status = 'maintenance' where id = ?", [court.id]);
    expect(await statementsReading(two, "courts", async () => expect(await read()).toMatchObject({ status: "maintenance" }))).toBe(1);
    expect(await statementsReading(two, "courts", read)).toBe(1);

    // listening again (a second later): what was kept before is not used, then reads are kept again
    await vi.waitFor(async () => expect(await two.sql.changes.now()).not.toBeNull(), { timeout: 5_000, interval: 20 });
    await noticesCaughtUp(two);
    expect(await statementsReading(two, "courts", async () => expect(await read()).toMatchObject({ status: "maintenance" }))).toBe(1);
    expect(await statementsReading(two, "courts", read)).toBe(0);
    await one.sql.run("update courts set status = 'available' where id = ?", [court.id]);
    await vi.waitFor(async () => expect(await read()).toMatchObject({ status: "available" }), { timeout: 2_000, interval: 2 });
  });

  it("when a transaction of this process writes a court, then its next read shows it at once", async () => {
    const [one] = target.processes as [SqlDatabase];
    const venue = await one.repositories.venues.insert(aVenue());
    const court = aCourt(venue.id, { courtNumber: 2, status: "available" });
    await one.repositories.courts.insert(court);
    expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available" });
    await one.sql.transaction((tx) => tx.run("update courts set status = 'maintenance' where id = ?", [court.id]));
    expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "maintenance" });
  });
});
