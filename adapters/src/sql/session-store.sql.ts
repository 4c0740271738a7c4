import type { Session } from "fastify";
import type { SessionStore } from "@fastify/session";
import { iso, str } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

/** A session without an expiry (a browser-session cookie) is still forgotten after a day. */
export const DEFAULT_SESSION_TTL_MS = 24 * 3_600_000;
/** Expired rows are deleted at most this often per process, on a write. */
const PRUNE_EVERY_MS = 60_000;

interface CookieExpiry {
  readonly expires?: Date | string | null;
  readonly maxAge?: number | null;
  readonly originalMaxAge?: number | null;
}

/** When the row stops counting: the cookie's expiry, else now + its max age, else the default TTL. */
export const sessionExpiry = (cookie: CookieExpiry | undefined, now: number): Date => {
  if (cookie?.expires) {
    const expires = new Date(cookie.expires);
    if (!Number.isNaN(expires.getTime())) return expires;
  }
  const maxAge = cookie?.maxAge ?? cookie?.originalMaxAge;
  if (typeof maxAge === "number" && Number.isFinite(maxAge)) return new Date(now + maxAge);
  return new Date(now + DEFAULT_SESSION_TTL_MS);
};

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

/**
 * @fastify/session store on the `sessions` table, so every server process sees every session.
 * A get is one indexed lookup by primary key; expired rows are ignored, then pruned.
 */
export class SqlSessionStore implements SessionStore {
  private lastPrune = 0;

  constructor(
    private readonly sql: SqlClient,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string, callback: SessionCallback): void {
    this.sql
      .one("select data from sessions where sid = ? and expires_at > ?", [sessionId, iso(new Date(this.now()))])
      .then((row) => callback(null, row ? (JSON.parse(str(row, "data")) as Session) : null))
      .catch((error: unknown) => callback(error));
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    const now = this.now();
    const expiresAt = sessionExpiry(session.cookie, now);
    this.sql
      .run(
        "insert into sessions (sid, data, expires_at) values (?, ?, ?) " +
          "on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at",
        [sessionId, JSON.stringify(session), iso(expiresAt)],
      )
      .then(() => this.pruneNowAndThen(now))
      .then(() => callback())
      .catch((error: unknown) => callback(error));
  }

  destroy(sessionId: string, callback: Callback): void {
    this.sql
      .run("delete from sessions where sid = ?", [sessionId])
      .then(() => callback())
      .catch((error: unknown) => callback(error));
  }

  /** Deletes expired sessions; the count deleted. */
  async prune(): Promise<number> {
    return this.sql.run("delete from sessions where expires_at <= ?", [iso(new Date(this.now()))]);
  }

  private async pruneNowAndThen(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.prune();
  }
}
