import type { Session } from "fastify";
import type { SessionStore } from "@fastify/session";
import { keptWhileCounter } from "./data-changes.js";
import { instant, iso, str } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

/** A session without an expiry (a browser-session cookie) is still forgotten after a day. */
export const DEFAULT_SESSION_TTL_MS = 24 * 3_600_000;
/** Expired rows are deleted at most this often per process, on a write. */
const PRUNE_EVERY_MS = 60_000;
/** Sessions kept per process on SQLite (a row's text is about 200 bytes). */
const SESSIONS_KEPT = 2_000;

interface SessionRow {
  /** the session as stored, parsed for each request: @fastify/session changes the object it is given */
  readonly data: string;
  readonly expiresAt: number;
}

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
 * A get is one indexed lookup by primary key; expired rows are ignored, then pruned. On SQLite in
 * WAL mode a row read is kept while the `sessions` counter stands (data-changes.ts; migration
 * ...20261126000100): any change or removal of a session, by any process, moves it, and the next
 * get reads again. A signed-in request then makes no statement for its session.
 */
export class SqlSessionStore implements SessionStore {
  private lastPrune = 0;
  private readonly kept: (sid: string, read: () => Promise<SessionRow | undefined>) => Promise<SessionRow | undefined>;

  constructor(
    private readonly sql: SqlClient,
    private readonly now: () => number = Date.now,
  ) {
    this.kept = keptWhileCounter<SessionRow>(sql.changes, "sessions", SESSIONS_KEPT);
  }

  get(sessionId: string, callback: SessionCallback): void {
    const now = this.now();
    this.kept(sessionId, () => this.read(sessionId, now))
      .then((row) => callback(null, row !== undefined && row.expiresAt > now ? (JSON.parse(row.data) as Session) : null))
      .catch((error: unknown) => callback(error));
  }

  /** the row unless it expired already (an expired one is never kept) */
  private async read(sessionId: string, now: number): Promise<SessionRow | undefined> {
    const row = await this.sql.one("select data, expires_at from sessions where sid = ? and expires_at > ?", [sessionId, iso(new Date(now))]);
    return row === undefined ? undefined : { data: str(row, "data"), expiresAt: instant(row, "expires_at").getTime() };
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    const now = this.now();
    const expiresAt = sessionExpiry(session.cookie, now);
    this.sql
      .run(
        "insert into sessions (sid, data, expires_at, user_id) values (?, ?, ?, ?) " +
          "on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at, user_id = excluded.user_id",
        [sessionId, JSON.stringify(session), iso(expiresAt), session.userId ?? session.adminId ?? null],
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

  /**
   * Ends every session signed in as `userId`, as a player or as an admin, but `except` (a password
   * change keeps the session that made it; a reset keeps none): whoever knew the old password is
   * signed out everywhere. The count ended. Every process stops accepting them at its next
   * request: the `sessions` counter moves with the delete.
   */
  async endSessionsOf(userId: string, except?: string): Promise<number> {
    if (except === undefined) return this.sql.run("delete from sessions where user_id = ?", [userId]);
    return this.sql.run("delete from sessions where user_id = ? and sid <> ?", [userId, except]);
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
