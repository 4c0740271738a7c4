// knex, re-exported by both MikroORM driver packages
import type { Knex } from "@mikro-orm/sqlite";
import { concurrencyLimit } from "../limit.js";
import { BUSY_TIMEOUT_MS } from "./orm.js";
import type { Param, Row } from "./sql-client.js";

/**
 * How statements reach the database driver: bound parameters, no knex query runner, no ORM query
 * formatting (`npm run bench` measured the ORM path at about 90 us of main-thread time per
 * statement against 30 us here).
 *
 * The writer is the ORM's own pool, so the migrations the ORM runs, the
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
  /**
   * SQLite in WAL mode: copies the WAL into the database file and empties it (`wal_checkpoint(TRUNCATE)`),
   * on the writer, waiting at most `waitMs` for readers and writers of other processes; true when done
   */
  readonly checkpoint?: (waitMs: number) => Promise<boolean>;
  close(): Promise<void>;
}

interface SqliteStatement {
  all(params: Param[], callback: (error: Error | null, rows: Row[]) => void): void;
  run(params: Param[], callback: (this: { changes: number }, error: Error | null) => void): void;
  finalize(callback: (error: Error | null) => void): void;
}

interface SqliteConnection {
  all(sql: string, params: Param[], callback: (error: Error | null, rows: Row[]) => void): void;
  prepare(sql: string, callback: (error: Error | null) => void): SqliteStatement;
  run(sql: string, params: Param[], callback: (this: { changes: number }, error: Error | null) => void): void;
  exec(sql: string, callback: (error: Error | null) => void): void;
  close(callback: (error: Error | null) => void): void;
}

interface PgConnection {
  query(config: { text: string; name?: string | undefined; values: Param[] }): Promise<{ rows: Row[]; rowCount: number | null }>;
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

/** Distinct statement texts kept prepared on a connection; past that, statements are prepared per call. */
const PREPARED_TEXTS = 500;
/**
 * Prepared copies of one text on the reading connection. A statement runs one call at a time, and
 * the next call queued on it starts only once the main thread has taken the previous one's rows:
 * with one copy, a text runs at most once per turn of a busy event loop. Four keep libuv's four
 * worker threads fed.
 */
const COPIES_PER_TEXT = 4;
/** libuv's worker threads: UV_THREADPOOL_SIZE (package.json's start script sets 32), else its default of 4 */
const WORKER_THREADS = Math.min(1_024, Math.max(1, Number(process.env.UV_THREADPOOL_SIZE) || 4));
/**
 * Worker threads never given to writes: the reader's statements, argon2's password checks, files.
 * A write waiting on the writer holds its thread, and while another process holds the file's
 * write lock each waits up to busy_timeout: without these, such a wait would stall every read.
 */
const THREADS_NOT_FOR_WRITES = 8;
/**
 * Writes sent to SQLite's one writer at once (their statements then run one after the other under
 * the connection's mutex, each waiting on a worker thread meanwhile), and the prepared copies of
 * each write text: the next write is already there when one ends. One at a time, the writer stood
 * still whenever the main thread took longer to hand it the next write than the write took to run
 * (create booking: 80-110 ms per INSERT from its call to its answer, of which about half a
 * millisecond running; `npm run bench`). With libuv's default of 4 threads, one at a time as before.
 */
export const DEFAULT_WRITES_AT_ONCE = Math.max(1, WORKER_THREADS - THREADS_NOT_FOR_WRITES);

interface PreparedCopy {
  readonly statement: Promise<SqliteStatement>;
  running: number;
}

/**
 * A connection's statements, each text prepared once and run again and again. The driver's
 * `Database#all` and `Database#run` prepare, run and finalize a statement per call, and finalize
 * on the main thread: while a worker thread runs another statement of the connection, the main
 * thread waits for the connection's mutex (`npm run bench`: a third of the main thread on a busy
 * read). Preparing is not cheap either: an INSERT into bookings compiles its foreign keys and
 * triggers, about 190 us of its 450 us (tests/bench). A prepared statement is bound, stepped to its
 * end and reset on a worker thread. Each run steps to the last row, which ends a read's
 * transaction: the next run reads the database as it is then. SQLite prepares a statement again
 * by itself when the schema changed under it (a migration).
 */
const preparedStatements = (connection: SqliteConnection, copiesPerText: number) => {
  const prepared = new Map<string, PreparedCopy[]>();
  const prepare = (sql: string): PreparedCopy => ({
    running: 0,
    statement: new Promise<SqliteStatement>((resolve, reject) => {
      const made = connection.prepare(sql, (error) => {
        if (error) {
          prepared.delete(sql);
          reject(error);
        } else resolve(made);
      });
    }),
  });
  /** an idle copy, a new one while there are fewer than `copiesPerText`, else the least busy */
  const copyOf = (sql: string): PreparedCopy | undefined => {
    let copies = prepared.get(sql);
    if (copies === undefined) {
      if (prepared.size >= PREPARED_TEXTS) return undefined;
      copies = [];
      prepared.set(sql, copies);
    }
    let best: PreparedCopy | undefined;
    for (const copy of copies) {
      if (copy.running === 0) return copy;
      if (best === undefined || copy.running < best.running) best = copy;
    }
    if (best !== undefined && copies.length >= copiesPerText) return best;
    const copy = prepare(sql);
    copies.push(copy);
    return copy;
  };
  const statements: Statements = {
    all: (sql, params) => {
      const copy = copyOf(sql);
      if (copy === undefined) return sqliteStatements(connection).all(sql, params);
      copy.running++;
      return copy.statement
        .then((ready) => new Promise<Row[]>((resolve, reject) => ready.all([...params], (error, rows) => (error ? reject(error) : resolve(rows)))))
        .finally(() => copy.running--);
    },
    run: (sql, params) => {
      const copy = copyOf(sql);
      if (copy === undefined) return sqliteStatements(connection).run(sql, params);
      copy.running++;
      return copy.statement
        .then(
          (ready) =>
            new Promise<number>((resolve, reject) =>
              ready.run([...params], function (error) {
                if (error) reject(error);
                else resolve(this.changes);
              }),
            ),
        )
        .finally(() => copy.running--);
    },
  };
  const finalizeAll = async () => {
    const all = [...prepared.values()].flat();
    prepared.clear();
    for (const copy of all) {
      const statement = await copy.statement.catch(() => null);
      if (statement) await new Promise<void>((resolve) => statement.finalize(() => resolve()));
    }
  };
  return { statements, finalizeAll };
};

/** INSERT, UPDATE, DELETE or SELECT (a select inside a transaction) */
const DML = /^\s*(insert|update|delete|select|with)\b/i;

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
 * Like `borrowing`, for single statements that commit by themselves (INSERT, UPDATE, DELETE
 * outside a transaction): those arriving while others hold the connection join them, so the next
 * one is already queued on the connection when the last one's rows come back, and SQLite runs them
 * back to back under the connection's mutex, each its own transaction. Borrowed one at a time,
 * the writer sat idle from each statement's end until the main thread took its result and handed
 * the connection on, which in a busy turn of the event loop is longer than the statement: the
 * writer then limited create booking (README, Performance). At most `writesAtOnce` are sent at
 * once; the others wait here, holding no thread. A transaction or an ORM call waiting for the
 * connection closes the group: later statements queue behind it in the pool (in a group of their
 * own, which the next ones join), and it runs once the statements already sent have ended, so it
 * never waits for more than those.
 */
const sharingAutocommit = (knex: Knex, writesAtOnce: number) => {
  interface Group {
    /** the connection, or why it could not be had (a timeout), told to every member */
    readonly connection: Promise<SqliteConnection | Error>;
    /** whether the pool has handed the connection over (or failed to) */
    acquired: boolean;
    /** borrowers waiting in the pool just after this group asked, itself included */
    readonly waitingBehind: number;
    members: number;
  }
  let open: Group | null = null;
  const waiting = () => knex.client.pool?.numPendingAcquires() ?? 0;
  /**
   * Whether a new write may go with `group`: not once someone waits for the writer behind it.
   * While the group itself waits in the pool, those already waiting when it asked are ahead of it.
   */
  const mayJoin = (group: Group) => (group.acquired ? waiting() === 0 : waiting() <= group.waitingBehind);
  const atOnce = concurrencyLimit(writesAtOnce);
  return <T>(work: (connection: SqliteConnection) => Promise<T>): Promise<T> =>
    atOnce(async () => {
      let group = open;
      if (group === null || !mayJoin(group)) {
        // the pool takes the request at once (a free connection is handed over, else it queues)
        const acquired = knex.client.acquireConnection() as Promise<SqliteConnection>;
        const opened: Group = {
          connection: acquired.then(
            (connection) => {
              opened.acquired = true;
              return connection;
            },
            (error: unknown) => {
              opened.acquired = true;
              return error instanceof Error ? error : new Error(String(error));
            },
          ),
          acquired: false,
          waitingBehind: waiting(),
          members: 0,
        };
        group = opened;
        open = group;
      }
      group.members++;
      try {
        const connection = await group.connection;
        if (connection instanceof Error) throw connection;
        return await work(connection);
      } finally {
        if (--group.members === 0) {
          if (open === group) open = null;
          const connection = await group.connection;
          if (!(connection instanceof Error)) await knex.client.releaseConnection(connection);
        }
      }
    });
};

/**
 * `knex` is the ORM's (its pool must hold one connection); `pragmas` are the per-connection
 * settings; `reader` opens the second, read-only connection (not for `:memory:`, which a second
 * connection would not see); `writesAtOnce`, the writes sent to the writer at once.
 */
export const sqliteChannels = async (knex: Knex, pragmas: string, reader: boolean, writesAtOnce = DEFAULT_WRITES_AT_ONCE): Promise<Channels> => {
  const atOnce = Math.max(1, Math.floor(writesAtOnce));
  const withWriter = borrowing<SqliteConnection>(knex);
  // the pool keeps its one connection for the life of the ORM; should it ever make a new one,
  // that one gets its own statements
  const writerStatements = new Map<SqliteConnection, ReturnType<typeof preparedStatements>>();
  // Only plain DML is kept prepared on the writer: a kept EXPLAIN or PRAGMA stays "in progress"
  // after its last row and a later COMMIT on the connection would fail.
  const preparedOn = (connection: SqliteConnection): Statements => {
    let statements = writerStatements.get(connection);
    if (statements === undefined) {
      statements = preparedStatements(connection, Math.max(COPIES_PER_TEXT, atOnce));
      writerStatements.set(connection, statements);
    }
    return statements.statements;
  };
  const statementsFor = (connection: SqliteConnection, sql: string): Statements =>
    DML.test(sql) ? preparedOn(connection) : sqliteStatements(connection);
  const withSharedWriter = sharingAutocommit(knex, atOnce);
  const writer = (sql: string) => (DML.test(sql) ? withSharedWriter : withWriter);
  const write: Statements = {
    all: (sql, params) => writer(sql)((connection) => statementsFor(connection, sql).all(sql, params)),
    run: (sql, params) => writer(sql)((connection) => statementsFor(connection, sql).run(sql, params)),
  };
  let readConnection: SqliteConnection | null = null;
  let reads: ReturnType<typeof preparedStatements> | null = null;
  if (reader) {
    readConnection = (await knex.client.acquireRawConnection()) as SqliteConnection;
    await sqliteExec(readConnection, `${pragmas}; pragma query_only = on`);
    reads = preparedStatements(readConnection, COPIES_PER_TEXT);
  }
  return {
    read: reads === null ? write : reads.statements,
    write,
    separateReader: readConnection !== null,
    // While it waits, a TRUNCATE checkpoint holds the file's write lock: it waits a short while
    // (not the writes' busy_timeout) and is tried again later rather than stall every writer.
    checkpoint: (waitMs) =>
      withWriter(async (connection) => {
        await sqliteExec(connection, `pragma busy_timeout = ${Math.max(0, Math.floor(waitMs))}`);
        try {
          const [result] = await sqliteStatements(connection).all("pragma wal_checkpoint(truncate)", []);
          return result?.busy === 0;
        } finally {
          await sqliteExec(connection, `pragma busy_timeout = ${BUSY_TIMEOUT_MS}`);
        }
      }),
    transaction: (work) =>
      withWriter(async (connection) => {
        await sqliteExec(connection, "begin immediate");
        try {
          const result = await work({
            all: (sql, params) => statementsFor(connection, sql).all(sql, params),
            run: (sql, params) => statementsFor(connection, sql).run(sql, params),
          });
          await sqliteExec(connection, "commit");
          return result;
        } catch (error) {
          // also after a failed COMMIT, which leaves the transaction open
          await sqliteExec(connection, "rollback").catch(() => undefined);
          throw error;
        }
      }),
    close: async () => {
      // a connection with statements left unfinalized does not close (the ORM closes the writer)
      for (const statements of writerStatements.values()) await statements.finalizeAll();
      writerStatements.clear();
      const connection = readConnection;
      if (connection === null) return;
      await reads?.finalizeAll();
      await new Promise<void>((resolve, reject) => connection.close((error) => (error ? reject(error) : resolve())));
    },
  };
};

interface PgText {
  readonly text: string;
  /** the name it is prepared under on each connection, or undefined past PG_PREPARED_TEXTS */
  readonly name: string | undefined;
}

const positional = new Map<string, PgText>();
/** Distinct statement texts prepared by name; past that, statements are parsed per call. */
const PG_PREPARED_TEXTS = 2_000;

const pgText = (sql: string): PgText => {
  const known = positional.get(sql);
  if (known !== undefined) return known;
  const text = toPositional(sql);
  const entry = { text, name: positional.size < PG_PREPARED_TEXTS ? `courts_${positional.size + 1}` : undefined };
  if (entry.name !== undefined) positional.set(sql, entry);
  return entry;
};

/** `?` placeholders to PostgreSQL's `$1, $2, ...`, skipping quoted literals. */
export const toPositional = (sql: string): string => {
  let n = 0;
  let quoted = false;
  let text = "";
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    text += ch === "?" && !quoted ? `$${++n}` : ch;
  }
  return text;
};

/**
 * Each text is prepared once per connection under its name (node-postgres keeps which names a
 * connection knows): the next runs skip parsing, and PostgreSQL may keep a generic plan
 * (plan_cache_mode) where it costs no more than planning each time.
 */
const pgStatements = (connection: PgConnection): Statements => ({
  all: async (sql, params) => (await connection.query({ ...pgText(sql), values: [...params] })).rows,
  run: async (sql, params) => (await connection.query({ ...pgText(sql), values: [...params] })).rowCount ?? 0,
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
