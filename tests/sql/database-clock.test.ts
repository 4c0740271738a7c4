import { afterAll, describe, expect, it } from "vitest";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { CLOCK_SKEW_LIMIT_MS, clockCheck, sharedClock, type ClockSkew } from "@courts/adapters/sql/database-clock";
import { createTestDatabase, TEST_DATABASE_URL } from "./support/postgres.js";

/**
 * The clock every process on one database decides with (DESIGN.md section 19): the database's
 * time, measured at start and every 30 s and run on with the monotonic clock in between.
 */

/** A machine whose wall clock is `wallAheadMs` ahead of a database server, with round trips the test chooses. */
const machine = (wallAheadMs: number) => {
  let real = 1_800_000_000_000; // the database's clock: the real time of this made-up world
  let mono = 5_000;
  let wallStep = 0;
  const trips: { ms: number; readAt: number }[] = [];
  const pass = (ms: number) => {
    real += ms;
    mono += ms;
  };
  return {
    pass,
    /** the machine's wall clock jumps (NTP, an operator); its monotonic clock does not */
    stepWall: (ms: number) => (wallStep += ms),
    /** the next readings take these round trips, the database read at `readAt` of each (its middle unless told) */
    trips: (ms: readonly number[], readAt = 0.5) => trips.push(...ms.map((t) => ({ ms: t, readAt }))),
    wallNow: () => real + wallAheadMs + wallStep,
    monotonicNow: () => mono,
    readDatabaseTime: async () => {
      const trip = trips.shift() ?? { ms: 2, readAt: 0.5 };
      pass(trip.ms * trip.readAt);
      const at = real;
      pass(trip.ms * (1 - trip.readAt));
      return at;
    },
    real: () => real,
  };
};

const opened: { stop(): void }[] = [];
afterAll(() => opened.forEach((c) => c.stop()));

const clockOn = async (m: ReturnType<typeof machine>, extra: { follow?: "database" | "process"; onSample?: (skew: ClockSkew, error?: unknown) => void; readDatabaseTime?: () => Promise<number | null> } = {}) => {
  const clock = await sharedClock({ timeZone: "America/Guayaquil", readDatabaseTime: m.readDatabaseTime, wallNow: m.wallNow, monotonicNow: m.monotonicNow, resampleMs: 3_600_000, ...extra });
  opened.push(clock);
  return clock;
};

describe("the shared clock", () => {
  it("when this machine's clock runs 16 minutes ahead, then now() is the database's time and the skew is said, over the limit", async () => {
    const m = machine(960_000);
    const clock = await clockOn(m);
    expect(clock.now().getTime()).toBe(m.real());
    m.pass(12_345);
    expect(clock.now().getTime()).toBe(m.real());
    const skew = clock.skew();
    expect(skew).toMatchObject({ source: "database", offsetMs: -960_000, overLimit: true });
    expect(skew.sampledAt).toBeInstanceOf(Date);
  });

  it("when the readings' round trips differ, then the shortest is kept and the database's time is placed at its middle", async () => {
    const m = machine(0);
    m.trips([400, 10, 300]);
    const clock = await clockOn(m);
    expect(clock.skew()).toMatchObject({ offsetMs: 0, roundTripMs: 10, overLimit: false });
    expect(Math.abs(clock.now().getTime() - m.real())).toBeLessThanOrEqual(1);
  });

  it("when the machine's wall clock is stepped after the reading, then now() does not move with it", async () => {
    const m = machine(0);
    const clock = await clockOn(m);
    m.stepWall(-3_600_000);
    m.pass(1_000);
    expect(clock.now().getTime()).toBe(m.real());
    // the next reading says how far the wall clock is now
    await clock.sample();
    expect(clock.skew()).toMatchObject({ offsetMs: 3_600_000, overLimit: true });
    expect(clock.now().getTime()).toBe(m.real());
  });

  it("when a new reading places now a little earlier than an instant already given, then now() never goes back", async () => {
    const m = machine(0);
    // readings whose database answered at the end of a long trip: placed at its middle, 200 ms late
    m.trips([400, 400, 400], 1);
    const clock = await clockOn(m);
    const given = clock.now().getTime();
    expect(given).toBe(m.real() + 200);
    // exact readings now (2 ms each, 6 ms in all): they place now 194 ms before what was given
    await clock.sample();
    expect(clock.now().getTime()).toBe(given);
    m.pass(100);
    expect(clock.now().getTime()).toBe(given);
    m.pass(200);
    expect(clock.now().getTime()).toBe(m.real());
  });

  it("when a reading fails, then the last offset stays, the failure is told and sample() rejects", async () => {
    const m = machine(5_000);
    const told: unknown[] = [];
    let fail = false;
    const clock = await clockOn(m, {
      readDatabaseTime: () => (fail ? Promise.reject(new Error("sin conexión")) : m.readDatabaseTime()),
      onSample: (_skew, error) => told.push(error),
    });
    fail = true;
    await expect(clock.sample()).rejects.toThrow("sin conexión");
    expect(told.at(-1)).toBeInstanceOf(Error);
    m.pass(1_000);
    expect(clock.now().getTime()).toBe(m.real());
    expect(clock.skew()).toMatchObject({ offsetMs: -5_000, overLimit: true });
  });

  it(`when the skew is within ${CLOCK_SKEW_LIMIT_MS} ms, then it is not over the limit`, async () => {
    const clock = await clockOn(machine(-CLOCK_SKEW_LIMIT_MS + 1));
    expect(clock.skew()).toMatchObject({ offsetMs: CLOCK_SKEW_LIMIT_MS - 1, overLimit: false });
  });

  it("when told to follow the process (tests moving one process with libfaketime), then now() is the process's and the skew is still measured", async () => {
    const m = machine(960_000);
    const clock = await clockOn(m, { follow: "process" });
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
    expect(clock.skew()).toMatchObject({ source: "process", offsetMs: -960_000, overLimit: true });
  });

  it("when the database has no clock of its own (SQLite), then now() is the process's and nothing is measured", async () => {
    const clock = await sharedClock({ timeZone: "America/Guayaquil", readDatabaseTime: async () => null });
    opened.push(clock);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
    expect(clock.skew()).toEqual({ source: "process", offsetMs: null, roundTripMs: null, sampledAt: null, overLimit: false });
  });
});

describe("the clock's line in /readyz", () => {
  it("when the machine is 16 minutes ahead, then it is still ok, over the limit, with a Spanish warning saying which way; within the limit, no warning", async () => {
    const ahead = clockCheck((await clockOn(machine(960_000))).skew());
    expect(ahead).toMatchObject({ ok: true, source: "database", offsetMs: -960_000, overLimit: true });
    expect(ahead.sampledAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect((ahead as { warning?: string }).warning).toMatch(/^El reloj de este servidor difiere 960\.0 s del de la base de datos \(va adelantado\): .*NTP/);
    const behind = clockCheck((await clockOn(machine(-5_000))).skew()) as { warning?: string };
    expect(behind.warning).toMatch(/difiere 5\.0 s .*\(va atrasado\)/);
    expect(clockCheck((await clockOn(machine(1_000))).skew())).not.toHaveProperty("warning");
  });
});

describe("the database's time", () => {
  it("when the database is SQLite, then it has none of its own", async () => {
    const db = await openSqlDatabase("sqlite::memory:");
    try {
      expect(await db.serverTime()).toBeNull();
    } finally {
      await db.close();
    }
  });

  describe.skipIf(TEST_DATABASE_URL === undefined)("on PostgreSQL", () => {
    let db: SqlDatabase | undefined;
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await db?.close();
      await drop?.();
    });

    it("when read, then it is PostgreSQL's clock_timestamp(), and a shared clock on it gives that time", async () => {
      const created = await createTestDatabase();
      drop = created.drop;
      db = await openSqlDatabase(created.url);
      const first = await db.serverTime();
      const second = await db.serverTime();
      expect(first).not.toBeNull();
      expect(second!).toBeGreaterThan(first!);
      const clock = await sharedClock({ timeZone: "America/Guayaquil", readDatabaseTime: () => db!.serverTime() });
      opened.push(clock);
      const before = (await db.serverTime())!;
      const now = clock.now().getTime();
      const after = (await db.serverTime())!;
      expect(now).toBeGreaterThanOrEqual(Math.floor(before) - 50);
      expect(now).toBeLessThanOrEqual(Math.ceil(after) + 50);
      expect(clock.skew().source).toBe("database");
    });
  });
});
