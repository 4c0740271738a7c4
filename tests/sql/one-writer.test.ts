import { statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AbstractSqlConnection } from "@mikro-orm/sqlite";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { WAL_CHECKPOINT_PAGES } from "@courts/adapters/sql/orm";
import { waitFor } from "../support/wait-for.js";
import { openTestDatabase } from "./support/harness.js";

/**
 * SQLite's single writer, inside one process and across two (two databases opened on one file
 * stand for a server and `npx courts ...`). Before, a write outside a transaction went to a
 * second connection of the same process and waited behind that process's own transaction until
 * busy_timeout (10 s) failed it with SQLITE_BUSY.
 */

const now = () => new Date().toISOString();

/** A promise the test settles: `open` until `release()` is called. */
const latch = () => {
  let release!: () => void;
  const open = new Promise<void>((resolve) => (release = resolve));
  return { open, release };
};

/** The pool of `database`'s writer (one connection): whether it is lent, and how many wait for it. */
const writerPool = (database: SqlDatabase) =>
  (database.sql.orm.em.getConnection() as AbstractSqlConnection).getKnex().client.pool as { numUsed(): number; numPendingAcquires(): number };

/** Waits until a borrower waits in `database`'s pool for the writer (held by a transaction). */
const writesQueued = (database: SqlDatabase, what: string) =>
  waitFor(() => writerPool(database).numPendingAcquires() > 0, { message: `${what} never queued for the writer behind the open transaction` });

describe("SQLite: one writer", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: SqlDatabase;

  beforeAll(async () => {
    opened = await openTestDatabase("sqlite");
    db = opened.db;
  });
  afterAll(async () => opened?.dispose());

  it("when writes arrive while a transaction of the same process is open, then they wait for it and all succeed", async () => {
    const started = performance.now();
    const ending = latch();
    const inTransaction = db.sql.transaction(async (tx) => {
      await tx.run("insert into venues (id, name, location, created_at) values ('v-tx', 'Club Transacción', 'Quito', ?)", [now()]);
      await ending.open;
      return tx.one("select count(*) as n from venues");
    });
    const writes = Array.from({ length: 10 }, (_, i) =>
      db.sql.run("insert into venues (id, name, location, created_at) values (?, ?, 'Quito', ?)", [`v-${i}`, `Club ${i}`, now()]),
    );
    // the transaction stays open until the writes wait for it
    await writesQueued(db, "the writes");
    ending.release();
    const inside = await inTransaction;
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 10 }, () => 1));
    // the transaction did not see the writes that queued behind it
    expect(Number(inside?.n)).toBe(1);
    expect(performance.now() - started).toBeLessThan(2_000);
    // and a read right after sees every commit
    expect(Number((await db.sql.one("select count(*) as n from venues"))?.n)).toBe(11);
  });

  it("when a transaction fails, then it is rolled back and the writer serves the next write", async () => {
    await expect(
      db.sql.transaction(async (tx) => {
        await tx.run("insert into venues (id, name, location, created_at) values ('v-gone', 'Club Fugaz', 'Quito', ?)", [now()]);
        throw new Error("abandonada");
      }),
    ).rejects.toThrow("abandonada");
    expect(await db.sql.one("select id from venues where id = 'v-gone'")).toBeUndefined();
    expect(await db.sql.run("update venues set location = 'Loja' where id = 'v-tx'")).toBe(1);
  });

  /**
   * Another process (a second database on the file) in a transaction that inserts venue `id` at
   * `location` and then keeps the file's write lock for `ms` of wall time: the time it takes is
   * the point (this process's writes wait for it in SQLite's busy handler, which shows nothing to
   * wait for from here). It holds the lock once this resolves.
   */
  const anotherProcessHoldsTheLock = async (id: string, location: string, ms: number) => {
    const other = await openSqlDatabase(opened.url);
    const locked = latch();
    const held = other.sql.transaction(async (tx) => {
      await tx.run("insert into venues (id, name, location, created_at) values (?, ?, ?, ?)", [id, `Club ${id}`, location, now()]);
      locked.release();
      await new Promise((resolve) => setTimeout(resolve, ms)); // the other process's slow transaction
    });
    // its insert ran: the transaction holds the file's write lock
    await Promise.race([locked.open, held]);
    return { held, close: () => other.close() };
  };

  it("when another process holds the file's write lock for a moment, then this one's writes and transactions wait and succeed", async () => {
    const { held, close } = await anotherProcessHoldsTheLock("v-other", "Ambato", 400);
    try {
      const started = performance.now();
      const [written, counted] = await Promise.all([
        db.sql.run("insert into venues (id, name, location, created_at) values ('v-mine', 'Club Propio', 'Ambato', ?)", [now()]),
        db.sql.transaction(async (tx) => {
          const before = await tx.one("select count(*) as n from venues where location = 'Ambato'");
          await tx.run("insert into venues (id, name, location, created_at) values ('v-mine-2', 'Club Propio 2', 'Ambato', ?)", [now()]);
          return Number(before?.n);
        }),
        held,
      ]);
      const waited = performance.now() - started;
      expect(written).toBe(1);
      // the transaction began after the other process committed, so it saw its venue
      expect(counted).toBeGreaterThanOrEqual(1);
      expect(waited).toBeGreaterThan(200);
      expect(waited).toBeLessThan(3_000);
    } finally {
      await close();
    }
  });

  it("when another process holds the write lock and writes queue here, then reads are still answered at once", async () => {
    // each write sent to the writer waits on a worker thread meanwhile: they never take the threads reads need
    const { held, close } = await anotherProcessHoldsTheLock("v-lock", "Tena", 500);
    try {
      const writes = Array.from({ length: 12 }, (_, i) =>
        db.sql.run("insert into venues (id, name, location, created_at) values (?, ?, 'Tena', ?)", [`v-queued-${i}`, `Club ${i}`, now()]),
      );
      // the writes have the writer and wait on the other process's lock
      await waitFor(() => writerPool(db).numUsed() > 0, { message: "the queued writes never took this process's writer" });
      const started = performance.now();
      for (let i = 0; i < 5; i++) await db.sql.one("select count(*) as n from venues");
      expect(performance.now() - started).toBeLessThan(200);
      await Promise.all([held, ...writes]);
      expect(Number((await db.sql.one("select count(*) as n from venues where location = 'Tena'"))?.n)).toBe(13);
    } finally {
      await close();
    }
  });

  describe("with writes sent together (npm start's 32 worker threads: 24 at once)", () => {
    let grouped: SqlDatabase;
    beforeAll(async () => {
      grouped = await openSqlDatabase(opened.url, { writesAtOnce: 24 });
    });
    afterAll(async () => grouped?.close());

    /** how many times the writer is borrowed from the pool while `work` runs */
    const borrows = async (work: () => Promise<unknown>) => {
      const knex = (grouped.sql.orm.em.getConnection() as AbstractSqlConnection).getKnex();
      const acquire = knex.client.acquireConnection.bind(knex.client);
      let borrowed = 0;
      knex.client.acquireConnection = () => {
        borrowed++;
        return acquire();
      };
      try {
        await work();
        return borrowed;
      } finally {
        knex.client.acquireConnection = acquire;
      }
    };
    const insert = (id: string, location: string) =>
      grouped.sql.run("insert into venues (id, name, location, created_at) values (?, ?, ?, ?)", [id, `Club ${id}`, location, now()]);
    const counted = async (location: string) => Number((await grouped.sql.one("select count(*) as n from venues where location = ?", [location]))?.n);

    it("when writes are sent together, then they share the writer and each commits or fails by itself", async () => {
      const ids = Array.from({ length: 40 }, (_, i) => `v-group-${i}`);
      let settled: PromiseSettledResult<number>[] = [];
      const borrowed = await borrows(async () => {
        // the 11th repeats the first id: its primary key refuses it
        settled = await Promise.allSettled([...ids.slice(0, 10), ids[0]!, ...ids.slice(10)].map((id) => insert(id, "Cuenca")));
      });
      expect(settled.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual(ids.map(() => 1));
      const refused = settled.filter((r) => r.status === "rejected");
      expect(refused).toHaveLength(1);
      expect(String(refused[0]?.reason)).toMatch(/UNIQUE/i);
      expect(await counted("Cuenca")).toBe(40);
      // borrowed once for the group (24 at once, the rest joining as others end), not once per statement
      expect(borrowed).toBeLessThan(5);
    });

    it("when a transaction asks for the writer while writes are in flight, then it runs after those and before the ones sent after it", async () => {
      const before = Array.from({ length: 20 }, (_, i) => insert(`v-before-${i}`, "Manta"));
      const inside = grouped.sql.transaction(async (tx) => Number((await tx.one("select count(*) as n from venues where location = 'Manta'"))?.n));
      const after = Array.from({ length: 20 }, (_, i) => insert(`v-after-${i}`, "Manta"));
      // the later writes do not join the group that was open: the transaction would wait for them too
      expect(await inside).toBe(20);
      await Promise.all([...before, ...after]);
      expect(await counted("Manta")).toBe(40);
    });

    it("when writes arrive while a transaction holds the writer, then they wait for it together and borrow it once", async () => {
      const borrowed = await borrows(async () => {
        const ending = latch();
        const held = grouped.sql.transaction(async (tx) => {
          await tx.run("insert into venues (id, name, location, created_at) values ('v-held', 'Club Retenido', 'Ibarra', ?)", [now()]);
          await ending.open;
        });
        // each sees the pool's queue non-empty (the first one's own borrow): they still go together
        const waiting = Array.from({ length: 20 }, (_, i) => insert(`v-wait-${i}`, "Ibarra"));
        await writesQueued(grouped, "the 20 writes");
        ending.release();
        await Promise.all([held, ...waiting]);
      });
      expect(await counted("Ibarra")).toBe(21);
      // the transaction's borrow and one for the 20 writes
      expect(borrowed).toBe(2);
    });
  });

  it("when a select runs outside a transaction, then it runs on a connection that refuses writes", async () => {
    // a write that reached the reader would otherwise fight this process's writer for the lock
    const row = await db.sql.one("select query_only from pragma_query_only");
    expect(Number(row?.query_only)).toBe(1);
  });
});

describe("SQLite: checkpoints", () => {
  /** a WAL file: a 32-byte header, then frames of a 24-byte header and a 4,096-byte page */
  const framesIn = (walBytes: number) => Math.max(0, (walBytes - 32) / (24 + 4096));
  /** one commit of 100 rows of 3,000 bytes: about 100 pages */
  const ROWS = "insert into scratch (b) select randomblob(3000) from (with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) select i from n)";

  it("when commits add fewer pages than WAL_CHECKPOINT_PAGES, then they stay in the WAL; the commit past it copies them into the file and the WAL starts again", async () => {
    const opened = await openTestDatabase("sqlite");
    try {
      const file = opened.url.slice("sqlite:".length);
      await opened.db.sql.run("create table scratch (b blob)");
      const fileBefore = statSync(file).size;
      // commits of about 100 pages each: six tenths of the threshold stay in the WAL
      const first = Math.floor((WAL_CHECKPOINT_PAGES * 0.6) / 100);
      for (let i = 0; i < first; i++) await opened.db.sql.run(ROWS);
      expect(framesIn(statSync(`${file}-wal`).size)).toBeGreaterThan(WAL_CHECKPOINT_PAGES * 0.5);
      expect(statSync(file).size - fileBefore).toBeLessThan(1_000_000);

      // about the threshold again: past it, the pages are in the file, and the WAL never grew much beyond it
      const more = Math.ceil(WAL_CHECKPOINT_PAGES / 100);
      for (let i = 0; i < more; i++) await opened.db.sql.run(ROWS);
      expect(statSync(file).size - fileBefore).toBeGreaterThan(WAL_CHECKPOINT_PAGES * 4096 * 0.5);
      expect(framesIn(statSync(`${file}-wal`).size)).toBeLessThan(WAL_CHECKPOINT_PAGES + 500);
      expect(Number((await opened.db.sql.one("select count(*) as n from scratch"))?.n)).toBe(100 * (first + more));
    } finally {
      await opened.dispose();
    }
  });
});
