// knex, re-exported by both MikroORM driver packages
import type { Knex } from "@mikro-orm/sqlite";
import type { Param, Row } from "./sql-client.js";

/**
 * How statements reach the database driver: bound parameters, no knex query runner, no ORM query
 * formatting (`npm run bench` measured the ORM path at about 90 us of main-thread time per
 * statement against 30 us here).
 *
 * The writer is the ORM's own pool, so the ORM's calls (insert, nativeUpdate, migrations), the
 * statements here and the transactions all take their connection from one queue:
 *
 * - SQLite: the pool holds ONE connection, and it is the only one of this process that writes.
 *   A write waits in the pool's queue behind a transaction of this process, never in SQLite's
 *   busy handler. Reads outside transactions go to a second connection, opened `query_only` so
 *   that a write sent there fails at once instead of fighting the writer for the file's lock;
 *   in WAL mode it sees every commit made before each statement starts, and never waits for a
 *   writer. Transactions begin IMMEDIATE: they take the file's write lock first, so another
 *   process (a second server, `npx courts ...`) waits on busy_timeout while they run, and a
 *   transaction never fails half-way because another process committed after its first read.
 * - PostgreSQL: every statement borrows a connection of the ORM's pool (same type parsers); a
 *   transaction keeps its connection from BEGIN to COMMIT.
 */
export interface Statements {
  all(sql: string, params: readonly Param[]): Promise<Row[]>;
  /** affected row count */
  run(sql: string, params: readonly Param[]): Promise<number>;
}

export interface Channels {
  /** selects outside transactions */
  readonly read: Statements;
  /** every other statement outside transactions */
  readonly write: Statements;
  /** BEGIN (IMMEDIATE on SQLite) .. COMMIT on one connection, ROLLBACK when `work` throws */
  transaction<T>(work: (statements: Statements) => Promise<T>): Promise<T>;
  /** whether reads use a connection other than the writer's (the change stamp then sees this process's writes) */
  readonly separateReader: boolean;
  close(): Promise<void>;
}

interface SqliteConnection {
  all(sql: string, params: Param[], callback: (error: Error | null, rows: Row[]) => void): void;
  run(sql: string, params: Param[], callback: (this: { changes: number }, error: Error | null) => void): void;
  exec(sql: string, callback: (error: Error | null) => void): void;
  close(callback: (error: Error | null) => void): void;
}

interface PgConnection {
  query(config: { text: string; values: Param[] }): Promise<{ rows: Row[]; rowCount: number | null }>;
  query(text: string): Promise<unknown>;
}

const sqliteStatements = (connection: SqliteConnection): Statements => ({
  all: (sql, params) =>
    new Promise((resolve, reject) => connection.all(sql, [...params], (error, rows) => (error ? reject(error) : resolve(rows)))),
  run: (sql, params) =>
    new Promise((resolve, reject) =>
      connection.run(sql, [...params], function (error) {
        if (error) reject(error);
        else resolve(this.changes);
      }),
    ),
});

const sqliteExec = (connection: SqliteConnection, sql: string) =>
  new Promise<void>((resolve, reject) => connection.exec(sql, (error) => (error ? reject(error) : resolve())));

/** Runs `work` on a connection of the ORM's pool, given back afterwards whatever happens. */
const borrowing =
  <C>(knex: Knex) =>
  async <T>(work: (connection: C) => Promise<T>): Promise<T> => {
    const connection = (await knex.client.acquireConnection()) as C;
    try {
      return await work(connection);
    } finally {
      await knex.client.releaseConnection(connection);
    }
  };

/**
 * `knex` is the ORM's (its pool must hold one connection); `pragmas` are the per-connection
 * settings; `reader` opens the second, read-only connection (not for `:memory:`, which a second
 * connection would not see).
 */
export const sqliteChannels = async (knex: Knex, pragmas: string, reader: boolean): Promise<Channels> => {
  const withWriter = borrowing<SqliteConnection>(knex);
  const write: Statements = {
    all: (sql, params) => withWriter((connection) => sqliteStatements(connection).all(sql, params)),
    run: (sql, params) => withWriter((connection) => sqliteStatements(connection).run(sql, params)),
  };
  let readConnection: SqliteConnection | null = null;
  if (reader) {
    readConnection = (await knex.client.acquireRawConnection()) as SqliteConnection;
    await sqliteExec(readConnection, `${pragmas}; pragma query_only = on`);
  }
  return {
    read: readConnection === null ? write : sqliteStatements(readConnection),
    write,
    separateReader: readConnection !== null,
    transaction: (work) =>
      withWriter(async (connection) => {
        await sqliteExec(connection, "begin immediate");
        try {
          const result = await work(sqliteStatements(connection));
          await sqliteExec(connection, "commit");
          return result;
        } catch (error) {
          // also after a failed COMMIT, which leaves the transaction open
          await sqliteExec(connection, "rollback").catch(() => undefined);
          throw error;
        }
      }),
    close: async () => {
      const connection = readConnection;
      if (connection === null) return;
      await new Promise<void>((resolve, reject) => connection.close((error) => (error ? reject(error) : resolve())));
    },
  };
};

const positional = new Map<string, string>();

/** `?` placeholders to PostgreSQL's `$1, $2, ...`, skipping quoted literals; cached per statement text. */
export const toPositional = (sql: string): string => {
  const known = positional.get(sql);
  if (known !== undefined) return known;
  let n = 0;
  let quoted = false;
  let text = "";
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    text += ch === "?" && !quoted ? `$${++n}` : ch;
  }
  if (positional.size < 2_000) positional.set(sql, text);
  return text;
};

const pgStatements = (connection: PgConnection): Statements => ({
  all: async (sql, params) => (await connection.query({ text: toPositional(sql), values: [...params] })).rows,
  run: async (sql, params) => (await connection.query({ text: toPositional(sql), values: [...params] })).rowCount ?? 0,
});

export const postgresChannels = (knex: Knex): Channels => {
  const withConnection = borrowing<PgConnection>(knex);
  const statements: Statements = {
    all: (sql, params) => withConnection((connection) => pgStatements(connection).all(sql, params)),
    run: (sql, params) => withConnection((connection) => pgStatements(connection).run(sql, params)),
  };
  return {
    read: statements,
    write: statements,
    separateReader: true,
    transaction: (work) =>
      withConnection(async (connection) => {
        await connection.query("begin");
        try {
          const result = await work(pgStatements(connection));
          await connection.query("commit");
          return result;
        } catch (error) {
          await connection.query("rollback").catch(() => undefined);
          throw error;
        }
      }),
    // its connections belong to the ORM's pool, closed with the ORM
    close: async () => undefined,
  };
};
