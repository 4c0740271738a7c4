import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Repositories } from "@courts/core";
import { afterAll, beforeAll, beforeEach, describe, vi } from "vitest";
import type { SimulatedIntentStore } from "@courts/adapters/payments/simulated-intent-store";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { memoryRepositories, memorySimulatedIntents } from "../../support/memory/index.js";
import { createTestDatabase, TEST_DATABASE_URL } from "./postgres.js";

export type EngineName = "memory" | "sqlite" | "postgresql";

/** What a contract test reaches: the ports, renewed (emptied) before every test. */
export interface Subject {
  readonly engine: EngineName;
  readonly repos: Repositories;
  readonly simulatedIntents: SimulatedIntentStore;
}

interface Harness {
  subject(): Subject;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Children first, so foreign keys never object. */
const TABLES = [
  "refunds",
  "domain_events",
  "booking_series_items",
  "booking_series",
  "court_blocks",
  "share_links",
  "payments",
  "bookings",
  "courts",
  "venues",
  "users",
  "discount_codes",
  "images",
  "invoice_counters",
  "sessions",
  "simulated_refunds",
  "simulated_intents",
  "webhook_events",
];

export const emptyTables = async (db: SqlDatabase): Promise<void> => {
  for (const table of TABLES) await db.sql.run(`delete from ${table}`);
};

/** A temporary directory for one suite's SQLite files, removed with it. */
export const tempDir = (): { path: string; remove(): void } => {
  const path = mkdtempSync(join(tmpdir(), "courts-sql-"));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
};

/** A migrated database of `engine` (a temp SQLite file, or a fresh PostgreSQL database). */
export const openTestDatabase = async (
  engine: "sqlite" | "postgresql",
  options: { migrate?: boolean } = {},
): Promise<{ db: SqlDatabase; url: string; dispose(): Promise<void> }> => {
  const place =
    engine === "sqlite"
      ? (() => {
          const dir = tempDir();
          return { url: `sqlite:${join(dir.path, "courts.sqlite")}`, drop: async () => dir.remove() };
        })()
      : await createTestDatabase();
  const db = await openSqlDatabase(place.url);
  if (options.migrate ?? true) await db.migrate();
  return {
    db,
    url: place.url,
    dispose: async () => {
      await db.close();
      await place.drop();
    },
  };
};

const memoryHarness = async (): Promise<Harness> => {
  let current: Subject = { engine: "memory", repos: memoryRepositories(), simulatedIntents: memorySimulatedIntents() };
  return {
    subject: () => current,
    reset: async () => {
      current = { engine: "memory", repos: memoryRepositories(), simulatedIntents: memorySimulatedIntents() };
    },
    close: async () => undefined,
  };
};

const sqlHarness = async (engine: "sqlite" | "postgresql"): Promise<Harness> => {
  const { db, dispose } = await openTestDatabase(engine);
  const subject: Subject = { engine, repos: db.repositories, simulatedIntents: db.simulatedIntents };
  return { subject: () => subject, reset: () => emptyTables(db), close: dispose };
};

export const ENGINES: readonly { readonly name: EngineName; readonly available: boolean }[] = [
  { name: "memory", available: true },
  { name: "sqlite", available: true },
  { name: "postgresql", available: TEST_DATABASE_URL !== undefined },
];

export const SQL_ENGINES = ENGINES.filter(
  (e): e is { readonly name: "sqlite" | "postgresql"; readonly available: boolean } => e.name !== "memory",
);

/**
 * The database of one describe block: migrated before its tests, with `others` more databases
 * opened on it (standing for other server processes) when asked, emptied before each test when
 * `empty`, closed after. Read its fields inside hooks and tests.
 */
export const useTestDatabase = (
  engine: "sqlite" | "postgresql",
  options: { readonly others?: number; readonly poolSize?: number; readonly empty?: boolean } = {},
): { readonly db: SqlDatabase; readonly url: string; readonly processes: readonly SqlDatabase[] } => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let processes: SqlDatabase[] = [];
  beforeAll(async () => {
    opened = await openTestDatabase(engine);
    processes = [opened.db];
    for (let i = 0; i < (options.others ?? 0); i++) processes.push(await openSqlDatabase(opened.url, { poolSize: options.poolSize }));
  });
  if (options.empty) beforeEach(() => emptyTables(processes[0] as SqlDatabase));
  afterAll(async () => {
    for (const db of processes.slice(1)) await db.close();
    await opened?.dispose();
  });
  const current = () => {
    if (opened === undefined) throw new Error("the test database opens in beforeAll");
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
    get processes() {
      return processes;
    },
  };
};

/**
 * Runs one contract against every engine: in memory, SQLite (a temp file per suite) and
 * PostgreSQL (a fresh database per suite) when TEST_DATABASE_URL is set. Every test starts on
 * empty tables. (postgres-availability.test.ts prints the one line when PostgreSQL is skipped.)
 */
export const describeOnEngines = (
  title: string,
  contract: (subject: () => Subject) => void,
  engines: readonly { readonly name: EngineName; readonly available: boolean }[] = ENGINES,
): void => {
  for (const engine of engines) {
    describe.skipIf(!engine.available)(`${title} (${engine.name})`, () => {
      let harness: Harness | undefined;
      beforeAll(async () => {
        harness = engine.name === "memory" ? await memoryHarness() : await sqlHarness(engine.name);
      });
      beforeEach(async () => {
        await harness!.reset();
      });
      afterAll(async () => {
        await harness?.close();
      });
      contract(() => harness!.subject());
    });
  }
};

/**
 * `check` of what another server process wrote, as this one sees it: at once on SQLite (the file's
 * stamp moved with the commit); on PostgreSQL once the commit's notice reached this process
 * (change-notices.ts), waited for up to 2 s.
 */
export const seenByAnotherProcess = async (engine: EngineName, check: () => Promise<void>): Promise<void> => {
  if (engine === "postgresql") await vi.waitFor(check, { timeout: 2_000, interval: 2 });
  else await check();
};

/** Waits until every commit made so far, by any process, moved `db`'s counters (PostgreSQL; at once on SQLite). */
export const noticesCaughtUp = async (db: SqlDatabase): Promise<void> => {
  if (!(await db.sql.changes.caughtUp())) throw new Error("no connection of this process listens for notices");
};

/** How many statements `db` sent that read `table` (`from <table>`) while `work` ran. */
export const statementsReading = async (db: SqlDatabase, table: string, work: () => Promise<unknown>): Promise<number> => {
  const all = vi.spyOn(db.sql, "all");
  try {
    await work();
    return all.mock.calls.filter(([text]) => new RegExp(`from ${table}\\b`).test(text)).length;
  } finally {
    all.mockRestore();
  }
};
