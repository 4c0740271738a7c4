import { againAfterDeadlock } from "@courts/adapters/sql/booking-repository.sql";
import { describe, expect, it } from "vitest";
import { SQL_ENGINES, useTestDatabase } from "./support/harness.js";

/**
 * A transaction that PostgreSQL's deadlock detector ends runs again from the start
 * (againAfterDeadlock: a cancellation's and a closure's refunds write several payments in turn,
 * and the triggers' aggregates they move can be taken the other way round by another such
 * transaction). Two transactions on two processes take two rows in opposite orders: one is ended
 * by the detector, runs again once the other committed, and both effects land once each.
 */
const postgres = SQL_ENGINES.find((e) => e.name === "postgresql")!;

describe.skipIf(!postgres.available)("a transaction ended by a deadlock (postgresql)", () => {
  const target = useTestDatabase("postgresql", { others: 1, poolSize: 2 });

  it("when two transactions take two rows in opposite orders, then the one the detector ends runs again and both land once", async () => {
    const [a, b] = target.processes;
    await a!.sql.run("create table deadlock_probe (id integer primary key, n integer not null)");
    await a!.sql.run("insert into deadlock_probe (id, n) values (1, 0), (2, 0)");
    // each takes its first row, then waits until the other has its own before asking for the second
    let firstTaken = 0;
    let bothTaken: () => void = () => {};
    const together = new Promise<void>((resolve) => (bothTaken = resolve));
    const attempts = { a: 0, b: 0 };
    const crossing = (db: typeof a, who: "a" | "b", first: number, second: number) =>
      againAfterDeadlock(() =>
        db!.sql.transaction(async (tx) => {
          attempts[who]++;
          await tx.run("update deadlock_probe set n = n + 1 where id = ?", [first]);
          if (++firstTaken === 2) bothTaken();
          await together;
          await tx.run("update deadlock_probe set n = n + 1 where id = ?", [second]);
          return who;
        }),
      );
    const done = await Promise.all([crossing(a, "a", 1, 2), crossing(b, "b", 2, 1)]);
    expect(done).toEqual(["a", "b"]);
    expect(attempts.a + attempts.b).toBe(3);
    const rows = await a!.sql.all("select id, n from deadlock_probe order by id");
    expect(rows.map((r) => Number(r["n"]))).toEqual([2, 2]);
  });

  it("when a transaction fails for another reason, then it is not run again", async () => {
    let runs = 0;
    await expect(
      againAfterDeadlock(async () => {
        runs++;
        throw new Error("otra cosa");
      }),
    ).rejects.toThrow("otra cosa");
    expect(runs).toBe(1);
  });
});
