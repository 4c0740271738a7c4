import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MikroORM, type Options } from "@mikro-orm/core";
import { Migrator } from "@mikro-orm/migrations";
import type { DatabaseTarget } from "./database-url.js";
import { MIGRATIONS } from "./migrations/index.js";

export interface OrmOptions {
  /** log every query */
  readonly debug?: boolean;
  /** PostgreSQL connections per process (SQLite always uses one) */
  readonly poolSize?: number;
  /**
   * SQLite: writes sent to the one writer at once (direct-channel.ts); by default libuv's worker
   * threads (UV_THREADPOOL_SIZE) but 8, at least 1
   */
  readonly writesAtOnce?: number;
  /** sees every statement before it runs (SQL with `?` placeholders and its parameters): tracing, tests */
  readonly onQuery?: (sql: string, params: readonly unknown[]) => void;
}

interface SqliteHandle {
  exec(sql: string, callback: (error: Error | null) => void): void;
}

/**
 * Pages the WAL holds before the connection that commits copies them into the database file (a
 * checkpoint: the copy and two fsyncs, while every write queued behind it waits). SQLite's default,
 * 1,000 pages (4 MiB): the WAL stays at about 4 MiB under continuous booking load. At 10,000 pages
 * (28 November) it reached 39.5 MiB within 12 s of it, ten times a small database, for a gain the
 * same load could not tell from noise on 2 busy cores: 175.6 bookings/s at 1,000 pages against
 * 166.4 at 10,000, three interleaved runs of 12 s each (8 players booking in one process, 8
 * December); on a quiet machine create booking alone had measured 0.097-0.101 of the bare route
 * at 1,000 and 0.112-0.117 at 10,000 (docs/PERFORMANCE.md).
 */
export const WAL_CHECKPOINT_PAGES = 1_000;

/**
 * What the WAL file is cut back to each time it starts over after a checkpoint. Without a limit
 * SQLite keeps the file at its largest (39 MiB after 9 s of booking load on a 2.5 MiB database
 * with checkpoints at 10,000 pages, forever); writes then reuse it from its start, so the limit
 * only costs growing it again under load. When a process stops writing, its idle checkpoint
 * (sql-client.ts) empties the file.
 */
export const WAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024;

/** How long a statement waits for another connection's lock (another process writing) before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * Per-connection SQLite settings: foreign keys (for the cascades), waiting instead of failing
 * when another process holds the write lock, and WAL so readers never wait for a writer.
 */
export const sqlitePragmas = (path: string): string => {
  const pragmas = ["pragma foreign_keys = on", `pragma busy_timeout = ${BUSY_TIMEOUT_MS}`];
  if (path !== ":memory:")
    pragmas.push(
      "pragma journal_mode = wal",
      "pragma synchronous = normal",
      `pragma wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`,
      `pragma journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`,
    );
  return pragmas.join("; ");
};

const applySqlitePragmas = (path: string) => {
  const pragmas = sqlitePragmas(path);
  return (connection: SqliteHandle, done: (error: Error | null, connection: SqliteHandle) => void) =>
    connection.exec(pragmas, (error) => done(error, connection));
};

const common = (options: OrmOptions) =>
  ({
    // MikroORM keeps the pool and runs the migrations; every statement goes through SqlClient
    entities: [],
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    discovery: { warnWhenNoEntities: false },
    // The schema belongs to the migrations; no implicit CREATE DATABASE either.
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: options.debug ?? false,
    onQuery: (sql: string, params: readonly unknown[]) => {
      options.onQuery?.(sql, params);
      return sql;
    },
  }) satisfies Partial<Options>;

/** Each engine's driver is loaded only when that engine is used (the other one's costs 4-10 MB resident). */
export const createOrm = async (target: DatabaseTarget, options: OrmOptions = {}): Promise<MikroORM> => {
  if (target.engine === "sqlite") {
    const { SqliteDriver } = await import("@mikro-orm/sqlite");
    if (target.path !== ":memory:") mkdirSync(dirname(target.path), { recursive: true });
    return MikroORM.init({
      ...common(options),
      driver: SqliteDriver,
      dbName: target.path,
      // One connection per process: SQLite has one writer anyway, and `:memory:` lives in it.
      pool: { min: 1, max: 1, afterCreate: applySqlitePragmas(target.path) },
    });
  }
  const { PostgreSqlDriver } = await import("@mikro-orm/postgresql");
  return MikroORM.init({
    ...common(options),
    driver: PostgreSqlDriver,
    clientUrl: target.url,
    // At least two: migrate() holds its lock on one connection while migrating on another.
    pool: { min: 0, max: Math.max(2, options.poolSize ?? 10) },
  });
};
