// knex, re-exported by both MikroORM driver packages
import type { Knex } from "@mikro-orm/sqlite";
import type { Param, Row } from "./sql-client.js";

/**
 * Statements outside a transaction, handed straight to the database driver: bound parameters,
 * no knex query runner, no ORM query formatting. `npm run bench` measured the ORM path at about
 * 90 us of main-thread time per statement against 30 us here, and on SQLite the ORM's single
 * pooled connection runs one statement at a time while the event loop waits.
 *
 * - SQLite (a file): one more connection to the same file, opened by the ORM's own knex client
 *   with the same pragmas. In WAL mode every statement sees everything committed before it
 *   started, whichever connection committed it, so a booking written here or in a transaction
 *   of the ORM's connection is visible to the next read. Writers on the two connections queue
 *   on SQLite's lock (busy_timeout).
 * - PostgreSQL: a connection of the ORM's own pool (same type parsers), borrowed per statement.
 *
 * Transactions stay on the ORM (SqlClient.transaction), so they are never interleaved with
 * these statements.
 */
export interface DirectChannel {
  all(sql: string, params: readonly Param[]): Promise<Row[]>;
  /** affected row count */
  run(sql: string, params: readonly Param[]): Promise<number>;
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
}

export const sqliteDirectChannel = async (knex: Knex, pragmas: string): Promise<DirectChannel> => {
  const connection = (await knex.client.acquireRawConnection()) as SqliteConnection;
  await new Promise<void>((resolve, reject) => connection.exec(pragmas, (error) => (error ? reject(error) : resolve())));
  return {
    all: (sql, params) =>
      new Promise((resolve, reject) => connection.all(sql, [...params], (error, rows) => (error ? reject(error) : resolve(rows)))),
    run: (sql, params) =>
      new Promise((resolve, reject) =>
        connection.run(sql, [...params], function (error) {
          if (error) reject(error);
          else resolve(this.changes);
        }),
      ),
    close: () => new Promise((resolve, reject) => connection.close((error) => (error ? reject(error) : resolve()))),
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

export const postgresDirectChannel = (knex: Knex): DirectChannel => {
  const query = async (sql: string, params: readonly Param[]) => {
    const connection = (await knex.client.acquireConnection()) as PgConnection;
    try {
      return await connection.query({ text: toPositional(sql), values: [...params] });
    } finally {
      await knex.client.releaseConnection(connection);
    }
  };
  return {
    all: async (sql, params) => (await query(sql, params)).rows,
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
    // its connections belong to the ORM's pool, closed with the ORM
    close: async () => undefined,
  };
};
