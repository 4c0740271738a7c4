import { keepNewest } from "@courts/core";
import { int, str } from "./rows.js";
import type { ChangeNotices } from "./change-notices.js";
import type { SqlClient } from "./sql-client.js";

/** The counters of table data_changes, by the migration that made each. */
const COUNTERS = ["availability", "courts", "sessions", "memberships", "open_matches"] as const;
export type CounterName = (typeof COUNTERS)[number];
/** The counters by name, as read together in one statement. */
export type Counters = ReadonlyMap<CounterName, number>;

/**
 * The counters of data_changes as of this moment, for answers kept per process. Triggers bump a
 * counter in the transaction of every write that can change what it guards (migrations ...001900
 * availability, ...000200 courts, ...20261126000100 sessions, ...20261208000900 memberships), so an answer read under a counter
 * stays true while that counter stands.
 *
 * - SQLite in WAL mode, where the file's stamp costs no statement (wal-stamp.ts): while the
 *   stamp stands nothing was committed, and the counters known stand too. When it moved (this
 *   process, another server, the CLI), one statement, read after the stamp so it sees at least as
 *   much, reads them all, once for every caller waiting on that stamp.
 * - PostgreSQL: the courts, sessions and memberships counters move with the notices of the database's
 *   triggers and with this process's own writes (change-notices.ts); availability is not kept.
 * - Elsewhere, and whenever the stamp cannot be read exactly or no connection listens, `now()`
 *   answers null: the caller reads from the database.
 */
export class DataChanges {
  private stamp: string | null = null;
  private counters: Counters | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly notices: ChangeNotices | null = null,
  ) {}

  async now(): Promise<Counters | null> {
    if (this.notices !== null) return this.notices.now();
    const fileStamp = this.sql.fileStamp;
    // read before the statement: a commit after it can only make a kept answer miss later
    const stamp = fileStamp === null ? null : fileStamp();
    if (stamp === null) return null;
    if (stamp !== this.stamp) await this.check(stamp);
    // a check under way may have been for an older stamp: then this caller reads from the database
    return stamp === this.stamp ? this.counters : null;
  }

  /**
   * What now() would answer when it needs no statement: the counters while the file's stamp
   * stands as it was when they were read. `undefined`: ask now().
   */
  known(): Counters | undefined {
    if (this.notices !== null || this.counters === null) return undefined;
    const stamp = this.sql.fileStamp?.() ?? null;
    return stamp !== null && stamp === this.stamp ? this.counters : undefined;
  }

  /**
   * A write of this process completed: on PostgreSQL the counters of what its statement names
   * move at once, its notice may come later. (On SQLite the next read of the stamp sees it.)
   */
  wrote(statement: string): void {
    if (this.notices === null) return;
    const moved: CounterName[] = [];
    if (/\b(courts|venues)\b/i.test(statement)) moved.push("courts");
    if (/\bsessions\b/i.test(statement)) moved.push("sessions");
    if (/\bmemberships\b/i.test(statement)) moved.push("memberships");
    // what GET /api/open-matches reads (migration ...20261208000950): coarser than its triggers, never later
    if (/\b(open_matches|bookings|share_links|payments|payment_payers|users|courts|venues)\b/i.test(statement)) moved.push("open_matches");
    if (moved.length > 0) this.notices.moved(moved);
  }

  /** A write of this process outside its statements (an ORM call) changed what `name` guards. */
  changed(name: CounterName): void {
    this.notices?.moved([name]);
  }

  /**
   * PostgreSQL: resolves true once the notices of every commit made before the call, by any
   * process, moved their counters here; false if no connection listens. Elsewhere true at once:
   * the stamp is read with each request.
   */
  async caughtUp(): Promise<boolean> {
    return this.notices === null ? true : this.notices.caughtUp();
  }

  /** PostgreSQL: listens now if it does not yet (after the migrations made the notices' triggers). */
  async listen(): Promise<void> {
    await this.notices?.start();
  }

  async close(): Promise<void> {
    await this.notices?.close();
  }

  private check(stamp: string): Promise<void> {
    this.checking ??= (async () => {
      try {
        // by primary key: the names' rows only
        const rows = await this.sql.all(`select name, n from data_changes where name in (${COUNTERS.map(() => "?").join(", ")})`, COUNTERS);
        this.counters = new Map(rows.map((row) => [str(row, "name") as CounterName, int(row, "n")]));
        this.stamp = stamp;
      } catch (error) {
        this.counters = null;
        this.stamp = null;
        throw error;
      } finally {
        this.checking = null;
      }
    })();
    return this.checking;
  }
}

/**
 * Answers by key, kept while the counter `name` stands, at most `entries` of them (the oldest
 * forgotten first), and only those `keepable` accepts. `read` answers from the database; an
 * unknown key (undefined) is not kept, so a row written later is found at once. A read is kept
 * only if the counter did not move while it ran: it began after the counter was read, so it saw
 * at least that state. Callers missing the same key under the same counter share one read (the
 * burst after a change asks the database once, not once per request): a kept answer would have
 * been as old. `unkept` answers instead of `read` while the counter is unknown (nothing is kept).
 */
export const keptWhileCounter = <V>(changes: DataChanges, name: CounterName, entries: number, keepable: (value: V) => boolean = () => true) => {
  const kept = new Map<string, V>();
  const reading = new Map<string, Promise<V | undefined>>();
  let keptUnder: number | undefined;
  return async (key: string, read: () => Promise<V | undefined>, unkept: () => Promise<V | undefined> = read): Promise<V | undefined> => {
    const counter = (await changes.now())?.get(name);
    if (counter === undefined) return unkept();
    if (counter !== keptUnder) {
      kept.clear();
      reading.clear();
      keptUnder = counter;
    }
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const shared = reading.get(key);
    if (shared !== undefined) return shared;
    const pending = read();
    reading.set(key, pending);
    try {
      const value = await pending;
      if (value !== undefined && keptUnder === counter && keepable(value)) keepNewest(kept, key, value, entries);
      return value;
    } finally {
      if (reading.get(key) === pending) reading.delete(key);
    }
  };
};
