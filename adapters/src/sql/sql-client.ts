import { UniqueConstraintViolationException, type MikroORM } from "@mikro-orm/core";
// @mikro-orm/knex, re-exported by both driver packages.
import type { AbstractSqlConnection, AbstractSqlDriver, SqlEntityManager } from "@mikro-orm/sqlite";
import type { DatabaseTarget, Engine } from "./database-url.js";
import { postgresDirectChannel, sqliteDirectChannel, type DirectChannel } from "./direct-channel.js";
import { sqlitePragmas } from "./orm.js";

/** A result row of a raw query: read it with the helpers in rows.ts, never cast it. */
export type Row = Readonly<Record<string, unknown>>;
export type Param = string | number | boolean | null | Buffer;

/** Runs statements within one transaction (an EntityManager fork in `transactional`). */
export interface SqlTx {
  readonly em: SqlEntityManager;
  all(sql: string, params?: readonly Param[]): Promise<Row[]>;
  one(sql: string, params?: readonly Param[]): Promise<Row | undefined>;
  /** affected row count */
  run(sql: string, params?: readonly Param[]): Promise<number>;
}

interface RunResult {
  readonly affectedRows: number;
}

/**
 * Raw SQL for the hot paths that need no entity hydration (em.find measured about 15 times
 * slower than the bare driver for a one-row lookup). `?` placeholders, bound by the driver;
 * errors are converted to the ORM's exceptions (UniqueConstraintViolationException, ...).
 * Instants are bound as ISO strings. Statements outside a transaction go to the driver directly
 * (direct-channel.ts); transactions and the ORM's own calls (fork) use MikroORM's connection.
 */
export class SqlClient {
  private readonly driver: AbstractSqlDriver;
  private readonly onQuery: (sql: string, params: unknown[]) => string;
  private writes = 0;

  private constructor(
    readonly orm: MikroORM,
    readonly engine: Engine,
    private readonly direct: DirectChannel | null,
  ) {
    this.driver = orm.em.getDriver() as unknown as AbstractSqlDriver;
    this.onQuery = orm.config.get("onQuery");
  }

  /**
   * The client of an open ORM. Without a direct channel (an in-memory SQLite database, which a
   * second connection would not see, or debug logging of every statement) everything goes
   * through the ORM's connection.
   */
  static async open(orm: MikroORM, target: DatabaseTarget): Promise<SqlClient> {
    const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
    let direct: DirectChannel | null = null;
    if (!orm.config.get("debug")) {
      if (target.engine === "postgresql") direct = postgresDirectChannel(knex);
      else if (target.path !== ":memory:") direct = await sqliteDirectChannel(knex, sqlitePragmas(target.path));
    }
    return new SqlClient(orm, target.engine, direct);
  }

  /**
   * Whether json-reads.sql.ts may cache: the statements outside transactions run on a connection
   * of their own, so other writers show in the database's change stamp and this client counts
   * its own writes (localWrites).
   */
  get tracksChanges(): boolean {
    return this.direct !== null;
  }

  /** Statements other than a select run on the direct channel so far, counted once they completed. */
  get localWrites(): number {
    return this.writes;
  }

  /** A fresh EntityManager for one repository call: no identity map shared between requests. */
  fork(): SqlEntityManager {
    return this.orm.em.fork() as unknown as SqlEntityManager;
  }

  all(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    if (this.direct === null) return this.driver.execute<Row[]>(sql, [...params], "all");
    const text = this.onQuery(sql, [...params]);
    const rows = this.direct.all(text, params).catch((error: unknown) => this.rethrow(error));
    // `insert ... returning` and the like write too
    return /^\s*select\b/i.test(text) ? rows : rows.finally(() => this.writes++);
  }

  async one(sql: string, params: readonly Param[] = []): Promise<Row | undefined> {
    const rows = await this.all(sql, params);
    return rows[0];
  }

  async run(sql: string, params: readonly Param[] = []): Promise<number> {
    if (this.direct === null) return (await this.driver.execute<RunResult>(sql, [...params], "run")).affectedRows;
    return this.direct
      .run(this.onQuery(sql, [...params]), params)
      .catch((error: unknown) => this.rethrow(error))
      .finally(() => this.writes++);
  }

  /** Closes the direct channel; the ORM closes its own connections. */
  async close(): Promise<void> {
    await this.direct?.close();
  }

  private rethrow(error: unknown): never {
    throw error instanceof Error ? this.driver.convertException(error) : error;
  }

  /**
   * One transaction on a fresh fork. Errors propagate after the rollback, so callers catch
   * outside the transaction: on PostgreSQL a failed statement aborts the whole transaction.
   */
  transaction<T>(work: (tx: SqlTx) => Promise<T>): Promise<T> {
    return this.fork().transactional(async (em) => {
      const tx: SqlTx = {
        em,
        all: (sql, params = []) => em.execute<Row[]>(sql, [...params], "all"),
        one: async (sql, params = []) => (await em.execute<Row[]>(sql, [...params], "all"))[0],
        run: async (sql, params = []) => (await em.execute<RunResult>(sql, [...params], "run")).affectedRows,
      };
      return work(tx);
    });
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
