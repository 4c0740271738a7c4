import { randomUUID } from "node:crypto";
import { withTimeout } from "../limit.js";
import type { CounterName, Counters } from "./data-changes.js";

/** The channel the triggers of migration ...20261126000200 notify, the counter's name as payload. */
export const CHANGES_CHANNEL = "data_changes";
/** The counters moved by notices; availability is not among them (PostgreSQL reads it each time). */
export const NOTICE_COUNTERS: readonly CounterName[] = ["courts", "sessions", "memberships", "open_matches"];
/** The triggers that send them (migrations ...20261126000200, ...20261208000900): without them, no notice would come. */
export const NOTICE_TRIGGERS = [
  "courts_notice",
  "venues_notice",
  "sessions_notice",
  "sessions_truncate_notice",
  "memberships_notice",
  // migration ...20261208000950: the open matches' list
  "open_matches_notice_match",
  "open_matches_notice_booking",
  "open_matches_notice_link",
  "open_matches_notice_payment",
  "open_matches_notice_payer",
  "open_matches_notice_user",
  "open_matches_notice_court",
  "open_matches_notice_venue",
];

/** A connection of node-postgres, as far as listening uses it. */
export interface ListeningConnection {
  query(text: string): Promise<{ rows?: readonly Record<string, unknown>[] }>;
  on(event: "notification", listener: (message: { channel: string; payload?: string | undefined }) => void): unknown;
  on(event: "error" | "end", listener: (error?: unknown) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

export interface NoticeConnections {
  /** a new connection outside the pool, as the pool would open it */
  open(): Promise<ListeningConnection>;
  close(connection: ListeningConnection): Promise<void>;
  /** sends a notice with this payload on `data_changes` through another connection */
  notify(payload: string): Promise<unknown>;
}

export interface NoticeTimings {
  /** wait before listening again after the listening connection failed */
  readonly retryMs: number;
  /** how often a notice of its own checks that the connection still hears; counters older than 3 of these are not trusted */
  readonly heartbeatMs: number;
}

const TIMINGS: NoticeTimings = { retryMs: 1_000, heartbeatMs: 5_000 };

/**
 * PostgreSQL's counterpart of the file's stamp (data-changes.ts): one connection per process
 * LISTENs on `data_changes`, and each notice moves the counter it names. PostgreSQL sends a
 * notice at the commit of the transaction that wrote, to every listening process, in commit order.
 *
 * - The counters are known only while the connection listens, the triggers exist and the last
 *   heartbeat (a notice this process sends itself, every few seconds) came back; otherwise (not
 *   yet, lost, silently cut, closed) every read goes to the database.
 * - Listening again moves every counter: notices sent in between were missed.
 * - This process's own writes move their counters when they complete (`moved`), before their
 *   callers go on, so a process never answers from what it kept against its own write.
 * - Another process's write shows once its notice arrived: after its commit, by the time a
 *   notice takes between two processes (well under a millisecond on one machine).
 */
export class ChangeNotices {
  private readonly counters = new Map<CounterName, number>(NOTICE_COUNTERS.map((name) => [name, 0]));
  private connection: ListeningConnection | null = null;
  /** forgets the current connection and listens again later */
  private drop: (() => void) | null = null;
  private starting: Promise<void> | null = null;
  private listening = false;
  private confirmedAt = 0;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private beating = false;
  /** payloads awaited by caughtUp() */
  private readonly awaited = new Map<string, () => void>();

  constructor(
    private readonly connections: NoticeConnections,
    private readonly timings: NoticeTimings = TIMINGS,
  ) {}

  /** Starts listening unless it does already; a failure leaves the counters unknown and is tried again later. */
  start(): Promise<void> {
    if (this.closed || this.connection !== null) return Promise.resolve();
    this.starting ??= this.listen().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** The counters now, or null while they cannot be trusted. */
  now(): Counters | null {
    if (!this.listening || Date.now() - this.confirmedAt > 3 * this.timings.heartbeatMs) return null;
    return this.counters;
  }

  /** This process wrote what these counters guard (its own notice may still be on its way). */
  moved(names: readonly CounterName[]): void {
    for (const name of names) {
      const n = this.counters.get(name);
      if (n !== undefined) this.counters.set(name, n + 1);
    }
  }

  /**
   * Resolves true once every notice of a commit made before the call has arrived (a notice of its
   * own is sent through another connection: notices reach a listener in commit order); false when
   * no connection listens or it did not arrive within `timeoutMs`.
   */
  async caughtUp(timeoutMs = 5_000): Promise<boolean> {
    if (!this.listening) return false;
    const payload = `caught-up:${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => this.awaited.set(payload, resolve));
    try {
      await this.connections.notify(payload);
      await withTimeout(arrived, timeoutMs);
      return true;
    } catch {
      return false;
    } finally {
      this.awaited.delete(payload);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry !== null) clearTimeout(this.retry);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.retry = null;
    this.heartbeat = null;
    await this.starting;
    const connection = this.connection;
    this.connection = null;
    if (connection !== null) {
      connection.removeAllListeners("notification");
      await this.connections.close(connection).catch(() => undefined);
    }
  }

  private async listen(): Promise<void> {
    let connection: ListeningConnection;
    try {
      connection = await this.connections.open();
    } catch {
      this.tryAgainLater();
      return;
    }
    if (this.closed) {
      await this.connections.close(connection).catch(() => undefined);
      return;
    }
    this.connection = connection;
    const lost = () => {
      if (this.connection !== connection) return;
      this.connection = null;
      this.drop = null;
      this.listening = false;
      connection.removeAllListeners("notification");
      void this.connections.close(connection).catch(() => undefined);
      this.tryAgainLater();
    };
    this.drop = lost;
    connection.on("error", lost);
    connection.on("end", lost);
    connection.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL) return;
      const waiter = this.awaited.get(message.payload ?? "");
      if (waiter !== undefined) return waiter();
      this.moved([message.payload as CounterName]);
    });
    try {
      await connection.query(`listen ${CHANGES_CHANNEL}`);
      // before the migration ran (or with its triggers off) no notice would ever come
      const { rows = [] } = await connection.query(
        `select count(*)::int as n from pg_trigger where tgname in (${NOTICE_TRIGGERS.map((t) => `'${t}'`).join(", ")}) and tgenabled <> 'D'`,
      );
      if (rows[0]?.["n"] !== NOTICE_TRIGGERS.length) throw new Error("the notices' triggers are missing");
    } catch {
      lost();
      return;
    }
    if (this.connection !== connection) return;
    // what was kept before may have changed while nobody listened
    this.moved(NOTICE_COUNTERS);
    this.confirmedAt = Date.now();
    this.listening = true;
    if (this.heartbeat === null) {
      this.heartbeat = setInterval(() => void this.beat(), this.timings.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** A connection cut without a word (a firewall, a failover) never says so: a notice of its own must come back. */
  private async beat(): Promise<void> {
    if (!this.listening || this.beating) return;
    this.beating = true;
    // the connection's own: it does nothing once that connection was replaced
    const drop = this.drop;
    try {
      if (await this.caughtUp(this.timings.heartbeatMs)) this.confirmedAt = Date.now();
      else drop?.();
    } finally {
      this.beating = false;
    }
  }

  private tryAgainLater(): void {
    if (this.closed || this.retry !== null) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, this.timings.retryMs);
    this.retry.unref();
  }
}
