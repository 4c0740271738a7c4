import { existsSync, statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlDatabase } from "@courts/adapters";
import { waitFor } from "../support/wait-for.js";
import { book, demoCourts, newPlayer } from "../http/support/fixtures.js";
import { freshDatabase, startServer, type TestDatabase, type TestServer } from "../http/support/server.js";

/**
 * SQLite's WAL stays bounded: under continuous booking load a checkpoint every WAL_CHECKPOINT_PAGES
 * (SQLite's 1,000 pages, 4 MiB) keeps it at about 4 MiB, SQLite cuts it back to journal_size_limit
 * whenever it starts over, and a server that stops writing empties it (a TRUNCATE checkpoint once
 * idle). Before, 9 s of booking load left a 39 MiB WAL beside a 2.5 MiB database until the next
 * restart; with checkpoints at 10,000 pages it still reached 39.5 MiB under load.
 */

const MiB = 1024 * 1024;
/** What the WAL may weigh once the server has been idle a moment (journal_size_limit is 4 MiB; an idle checkpoint empties it). */
const IDLE_BOUND = 4 * MiB;
/** What it may weigh under load: WAL_CHECKPOINT_PAGES of 4 KiB and the commit that passed them. */
const LOAD_BOUND = 6 * MiB;
/** Bookings in the burst: about 12 MiB of WAL frames (13.7 MiB for 679 with checkpoints at 10,000 pages, 8 December). */
const BURST = 600;

describe("the SQLite WAL under a burst of bookings [sqlite]", () => {
  let db: TestDatabase;
  let server: TestServer;
  let wal: string;

  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    wal = `${db.url.slice("sqlite:".length)}-wal`;
    server = await startServer(db.url);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  const walBytes = () => (existsSync(wal) ? statSync(wal).size : 0);

  it("when players book as fast as they can, then the WAL never passes about 4 MiB; when they stop, it is emptied within seconds of the last write", async () => {
    const sql = (server.database as SqlDatabase).sql;
    expect(await sql.all("pragma journal_size_limit")).toEqual([{ journal_size_limit: 4 * MiB }]);
    const { courts } = await demoCourts(server);
    const players = await Promise.all(Array.from({ length: 4 }, async () => (await newPlayer(server)).client));
    let peak = 0;
    let booked = 0;
    const started = performance.now();
    // a burst of BURST bookings (or 25 s on a machine too busy to get there): a booking adds about
    // 20 KiB of WAL frames, so a WAL never checkpointed would pass LOAD_BOUND twice over
    await Promise.all(
      players.map(async (client) => {
        while (booked < BURST && performance.now() - started < 25_000) {
          await book(client, courts);
          booked++;
          peak = Math.max(peak, walBytes());
        }
      }),
    );
    const lastWrite = performance.now();
    expect(booked).toBeGreaterThan(BURST / 2);
    expect(peak).toBeGreaterThan(MiB);
    expect(peak).toBeLessThanOrEqual(LOAD_BOUND);

    await waitFor(() => walBytes() <= IDLE_BOUND, { timeout: 15_000, interval: 100, message: () => `the WAL still weighs ${walBytes()} bytes` });
    const shrunkAfterMs = Math.round(performance.now() - lastWrite);
    // emptied, not only cut back: the idle checkpoint was a TRUNCATE
    await waitFor(() => walBytes() === 0, { timeout: 10_000, interval: 100, message: () => `the WAL still weighs ${walBytes()} bytes` });
    console.info(`WAL: ${booked} bookings in ${Math.round(lastWrite - started)} ms, WAL peak ${(peak / MiB).toFixed(1)} MiB; under ${IDLE_BOUND / MiB} MiB ${shrunkAfterMs} ms after the last write, then 0 bytes`);

    // everything is in the database file: a fresh reader sees every booking
    const [{ n }] = (await sql.all("select count(*) as n from bookings")) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(booked);
  }, 60_000);
});
