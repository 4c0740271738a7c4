import { realpathSync } from "node:fs";
import { UniqueConstraintViolationException, type MikroORM } from "@mikro-orm/core";
// @mikro-orm/knex, re-exported by both driver packages.
import type { AbstractSqlConnection, AbstractSqlDriver } from "@mikro-orm/sqlite";
import type { Knex } from "@mikro-orm/sqlite";
import { TimedOut, withTimeout } from "../limit.js";
import type { DatabaseTarget, Engine } from "./database-url.js";
import { ChangeNotices, type ListeningConnection } from "./change-notices.js";
import { DataChanges } from "./data-changes.js";
import { postgresChannels, sqliteChannels, type Channels } from "./direct-channel.js";
import { sqlitePragmas } from "./orm.js";
import { walStamp, type WalStamp } from "./wal-stamp.js";

/** node-postgres's client, as far as its socket goes. */
interface PgSocket {
  readonly connection?: { readonly stream?: { setKeepAlive?(on: boolean, delayMs: number): unknown; destroy?(): unknown } };
}

/** A connection that only listens, given up after this long when ending it politely gets no answer (a half-open one waits for minutes). */
const LISTENER_CLOSE_MS = 2_000;

/**
 * PostgreSQL: the change notices of one process, on a connection outside the pool opened as the
 * pool opens its own; `notify` sends its heartbeats through the pool.
 */
const postgresNotices = (knex: Knex, notify: (payload: string) => Promise<unknown>): ChangeNotices => {
  const pool = knex.client as {
    acquireRawConnection(): Promise<ListeningConnection & PgSocket>;
    destroyRawConnection(c: ListeningConnection): Promise<void>;
  };
  return new ChangeNotices({
    open: async () => {
      const connection = await pool.acquireRawConnection();
      // a connection that only listens sends nothing: without keepalive a cut one is never noticed
      connection.connection?.stream?.setKeepAlive?.(true, 10_000);
      return connection;
    },
    close: (connection) =>
      withTimeout(pool.destroyRawConnection(connection), LISTENER_CLOSE_MS).catch((error: unknown) => {
        if (!(error instanceof TimedOut)) throw error;
        (connection as ListeningConnection & PgSocket).connection?.stream?.destroy?.();
      }),
    notify,
  });
};

/** SQLite: how long without a write before a process empties the WAL (see SqlClient.checkpointWhenIdle). */
export const WAL_IDLE_MS = 3_000;
/** ...and how long that checkpoint waits for other connections before it is tried again. */
const WAL_CHECKPOINT_WAIT_MS = 200;

/** A result row of a raw query: read it with the helpers in rows.ts, never cast it. */
export type Row = Readonly<Record<string, unknown>>;
export type Param = string | number | boolean | null | Buffer;

/** Runs statements within one transaction, on its one connection. */
export interface SqlTx {
  all(sql: string, params?: readonly Param[]): Promise<Row[]>;
  one(sql: string, params?: readonly Param[]): Promise<Row | undefined>;
  /** affected row count */
  run(sql: string, params?: readonly Param[]): Promise<number>;
}

const isSelect = (sql: string) => /^\s*select\b/i.test(sql);

/**
 * The one query API of the SQL adapter: raw SQL with `?` placeholders, bound by the driver,
 * for reads, writes and transactions (em.find measured about 15 times slower than the bare
 * driver for a one-row lookup). Errors are converted to the ORM's exceptions
 * (UniqueConstraintViolationException, ...); instants are bound as ISO strings. Which
 * connection runs what is decided once, in direct-channel.ts: on SQLite one connection of the
 * process writes (transactions included) and another reads.
 */
export class SqlClient {
  private readonly driver: AbstractSqlDriver;
  private readonly onQuery: (sql: string, params: unknown[]) => string;
  private writes = 0;
  /** The change counters for answers kept per process (SQLite in WAL mode, PostgreSQL while it listens; elsewhere always unknown). */
  readonly changes: DataChanges;

  private constructor(
    readonly orm: MikroORM,
    readonly engine: Engine,
    private readonly channels: Channels,
    private readonly wal: WalStamp | null,
    knex: Knex,
  ) {
    this.driver = orm.em.getDriver() as unknown as AbstractSqlDriver;
    this.onQuery = orm.config.get("onQuery");
    const notices = engine === "postgresql" ? postgresNotices(knex, (payload) => this.run("select pg_notify('data_changes', ?)", [payload])) : null;
    this.changes = new DataChanges(this, notices);
  }

  /** The client of an open ORM; on SQLite its pool must hold exactly one connection (orm.ts). */
  static async open(orm: MikroORM, target: DatabaseTarget, writesAtOnce?: number): Promise<SqlClient> {
    const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
    const channels =
      target.engine === "postgresql"
        ? postgresChannels(knex)
        : // `:memory:` lives in its one connection: a second one would open another, empty database
          await sqliteChannels(knex, sqlitePragmas(target.path), target.path !== ":memory:", writesAtOnce);
    let wal: WalStamp | null = null;
    if (target.engine === "sqlite" && channels.separateReader) {
      const [mode] = await channels.read.all("pragma journal_mode", []);
      const [locking] = await channels.read.all("pragma locking_mode", []);
      if (mode?.journal_mode === "wal" && locking?.locking_mode === "normal") wal = walStamp(realpathSync(target.path));
    }
    const client = new SqlClient(orm, target.engine, channels, wal, knex);
    if (wal !== null) client.checkpointWhenIdle(WAL_IDLE_MS);
    await client.changes.listen();
    return client;
  }

  private idleTimer: NodeJS.Timeout | null = null;

  /**
   * SQLite in WAL mode: once this process has written and then stays `idleMs` without writing,
   * the WAL is copied into the database file and emptied (TRUNCATE), so a burst of bookings does
   * not leave tens of MiB behind it until the next restart. Looked at every `idleMs`: a quiet
   * process checkpoints between one and two periods after its last write; a busy one never stops
   * for it (SQLite's own checkpoints and journal_size_limit keep the WAL bounded meanwhile).
   * Another process still reading an older snapshot makes it wait at most WAL_CHECKPOINT_WAIT_MS;
   * then it is tried again at the next look.
   */
  private checkpointWhenIdle(idleMs: number): void {
    const checkpoint = this.channels.checkpoint;
    if (checkpoint === undefined) return;
    let seen = this.writes;
    let dirty = false;
    let running = false;
    this.idleTimer = setInterval(() => {
      if (this.writes !== seen) {
        seen = this.writes;
        dirty = true;
        return;
      }
      if (!dirty || running) return;
      running = true;
      checkpoint(WAL_CHECKPOINT_WAIT_MS)
        .then((done) => {
          if (done) dirty = false;
        })
        // a database closing, a disk error: the next look tries again, the writes tell their own errors
        .catch(() => undefined)
        .finally(() => {
          running = false;
        });
    }, idleMs);
    this.idleTimer.unref();
  }

  /**
   * SQLite in WAL mode only: a stamp of everything committed to the file so far, by any process,
   * read without a statement (wal-stamp.ts); null when it cannot be read exactly at this moment.
   * Equal stamps at two moments: nothing was committed in between.
   */
  get fileStamp(): (() => string | null) | null {
    const wal = this.wal;
    if (wal === null) return null;
    return () => {
      if (this.turnStamp !== undefined) return this.turnStamp;
      const stamp = wal.read();
      this.turnStamp = stamp;
      setImmediate(this.endTurn);
      return stamp;
    };
  }

  /**
   * The stamp read in this turn of the event loop, kept until its check phase (one pread for all
   * the requests of a busy turn instead of one each). Every request served in the turn arrived
   * before it began, so before the stamp was read: a commit it could know of is in the stamp. A
   * write of this process that completes in the turn forgets it (wrote()).
   */
  private turnStamp: string | null | undefined = undefined;
  private readonly endTurn = () => {
    this.turnStamp = undefined;
  };
  private wrote(...statements: readonly string[]): void {
    this.turnStamp = undefined;
    this.writes++;
    for (const statement of statements) this.changes.wrote(statement);
  }

  /**
   * Whether catalog-queries.sql.ts may cache: reads run on a connection other than the writer's, so
   * every commit, this process's included, shows in the database's change stamp, and this client
   * also counts its own writes (localWrites).
   */
  get tracksChanges(): boolean {
    return this.channels.separateReader;
  }

  /** Statements other than a select run outside transactions so far, counted once they completed. */
  get localWrites(): number {
    return this.writes;
  }

  all(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    const text = this.onQuery(sql, [...params]);
    // `insert ... returning` and the like write too
    if (isSelect(text)) return this.channels.read.all(text, params).catch((error: unknown) => this.rethrow(error));
    return this.channels.write
      .all(text, params)
      .catch((error: unknown) => this.rethrow(error))
      .finally(() => this.wrote(text));
  }

  async one(sql: string, params: readonly Param[] = []): Promise<Row | undefined> {
    const rows = await this.all(sql, params);
    return rows[0];
  }

  async run(sql: string, params: readonly Param[] = []): Promise<number> {
    const text = this.onQuery(sql, [...params]);
    return this.channels.write
      .run(text, params)
      .catch((error: unknown) => this.rethrow(error))
      .finally(() => this.wrote(text));
  }

  /** Closes the reading and the listening connections; the ORM closes its own. */
  async close(): Promise<void> {
    if (this.idleTimer !== null) clearInterval(this.idleTimer);
    this.idleTimer = null;
    this.wal?.close();
    await this.changes.close();
    await this.channels.close();
  }

  private rethrow(error: unknown): never {
    throw error instanceof Error ? this.driver.convertException(error) : error;
  }

  /**
   * One transaction on one connection. Errors propagate after the rollback, so callers catch
   * outside the transaction: on PostgreSQL a failed statement aborts the whole transaction.
   */
  transaction<T>(work: (tx: SqlTx) => Promise<T>): Promise<T> {
    const texts: string[] = [];
    const text = (sql: string, params: readonly Param[]) => {
      const query = this.onQuery(sql, [...params]);
      // what it may have written, for the counters (data-changes.ts)
      if (!isSelect(query)) texts.push(query);
      return query;
    };
    return this.channels
      .transaction((statements) => {
        const all = (sql: string, params: readonly Param[] = []) =>
          statements.all(text(sql, params), params).catch((error: unknown) => this.rethrow(error));
        const tx: SqlTx = {
          all,
          one: async (sql, params = []) => (await all(sql, params))[0],
          run: (sql, params = []) => statements.run(text(sql, params), params).catch((error: unknown) => this.rethrow(error)),
        };
        return work(tx);
      })
      .finally(() => this.wrote(...texts));
  }
}

/** The unique index (or, on SQLite, its column list) that a violation names. */
export const uniqueViolation = (error: unknown): string | undefined =>
  error instanceof UniqueConstraintViolationException ? error.message : undefined;

/**
 * True when `error` is a unique violation of `index`. PostgreSQL names the index; SQLite names an
 * expression index but lists columns ("bookings.court_id, ...") for a column index, hence both.
 */
export const violates = (error: unknown, index: string, sqliteColumns?: string): boolean => {
  const message = uniqueViolation(error);
  if (message === undefined) return false;
  return message.includes(index) || (sqliteColumns !== undefined && message.includes(sqliteColumns));
};

/** `?, ?, ?` for an `in (...)` list of n values. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => "?").join(", ");

/**
 * Takes a batch of rows for one sweeping process with one conditional UPDATE: `set` marks them
 * taken, `pick` selects the ids of the free ones (`select ... limit ?`). On PostgreSQL they are
 * picked FOR UPDATE SKIP LOCKED, so concurrent sweepers take different rows instead of queueing on
 * the same ones; SQLite has a single writer, the condition in `pick` is enough.
 */
export const claimBatch = (
  sql: SqlClient,
  claim: { readonly table: string; readonly set: string; readonly pick: string; readonly returning?: string },
  params: readonly Param[],
): Promise<Row[]> => {
  const lock = sql.engine === "postgresql" ? " for update skip locked" : "";
  return sql.all(`update ${claim.table} set ${claim.set} where id in (${claim.pick}${lock}) returning ${claim.returning ?? "id"}`, params);
};
