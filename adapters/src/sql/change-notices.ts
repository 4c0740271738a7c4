import type { CounterName, Counters } from "./data-changes.js";

/** The channel the triggers of migration ...20261126000200 notify, the counter's name as payload. */
export const CHANGES_CHANNEL = "data_changes";
/** The counters moved by notices; availability is not among them (PostgreSQL reads it each time). */
export const NOTICE_COUNTERS: readonly CounterName[] = ["courts", "sessions"];
/** Wait before listening again after the listening connection failed. */
const RETRY_MS = 1_000;

/** A connection of node-postgres, as far as listening uses it. */
export interface ListeningConnection {
  query(text: string): Promise<unknown>;
  on(event: "notification", listener: (message: { channel: string; payload?: string | undefined }) => void): unknown;
  on(event: "error" | "end", listener: (error?: unknown) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

export interface NoticeConnections {
  /** a new connection outside the pool, as the pool would open it */
  open(): Promise<ListeningConnection>;
  close(connection: ListeningConnection): Promise<void>;
}

/**
 * PostgreSQL's counterpart of the file's stamp (data-changes.ts): one connection per process
 * LISTENs on `data_changes`, and each notice moves the counter it names. PostgreSQL sends a
 * notice at the commit of the transaction that wrote, to every listening process, in commit order.
 *
 * - While the connection listens, the counters are known; otherwise (not yet, lost, closed) they
 *   are not, and every read goes to the database.
 * - Listening again moves every counter: notices sent in between were missed.
 * - This process's own writes move their counters when they complete (`moved`), before their
 *   callers go on, so a process never answers from what it kept against its own write.
 * - Another process's write shows once its notice arrived: after its commit, by the time a
 *   notice takes between two processes (well under a millisecond on one machine).
 */
export class ChangeNotices {
  private readonly counters = new Map<CounterName, number>(NOTICE_COUNTERS.map((name) => [name, 0]));
  private connection: ListeningConnection | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** payloads awaited by caughtUp() */
  private readonly awaited = new Map<string, () => void>();

  constructor(
    private readonly connections: NoticeConnections,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** Starts listening; a failure leaves the counters unknown and is tried again later. */
  async start(): Promise<void> {
    if (this.closed || this.connection !== null) return;
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
      this.listening = false;
      connection.removeAllListeners("notification");
      void this.connections.close(connection).catch(() => undefined);
      this.tryAgainLater();
    };
    connection.on("error", lost);
    connection.on("end", lost);
    connection.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL) return;
      const waiter = this.awaited.get(message.payload ?? "");
      if (waiter !== undefined) return waiter();
      const name = message.payload as CounterName;
      const n = this.counters.get(name);
      if (n !== undefined) this.counters.set(name, n + 1);
    });
    try {
      await connection.query(`listen ${CHANGES_CHANNEL}`);
    } catch {
      lost();
      return;
    }
    if (this.connection !== connection) return;
    // what was kept before may have changed while nobody listened
    this.moved(NOTICE_COUNTERS);
    this.listening = true;
  }

  /** The counters now, or null while no connection listens. */
  now(): Counters | null {
    return this.listening ? this.counters : null;
  }

  /** This process wrote what these counters guard (its own notice may still be on its way). */
  moved(names: readonly CounterName[]): void {
    for (const name of names) {
      const n = this.counters.get(name);
      if (n !== undefined) this.counters.set(name, n + 1);
    }
  }

  /**
   * Resolves once every notice of a commit made before the call has arrived: `send` notifies
   * `payload` (through any other connection), and notices reach a listener in commit order. False
   * when no connection listens or it arrived not within `timeoutMs`.
   */
  async caughtUp(payload: string, send: () => Promise<unknown>, timeoutMs = 5_000): Promise<boolean> {
    if (!this.listening) return false;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.awaited.set(payload, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await send();
      return await arrived;
    } finally {
      clearTimeout(timer);
      this.awaited.delete(payload);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    const connection = this.connection;
    this.connection = null;
    if (connection !== null) {
      connection.removeAllListeners("notification");
      await this.connections.close(connection).catch(() => undefined);
    }
  }

  private tryAgainLater(): void {
    if (this.closed || this.retry !== null) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, this.retryMs);
    this.retry.unref();
  }
}
