import type { RateLimitStore } from "../limits/rate-limit-store.js";
import { previousWeight, windowStart } from "../limits/rate-limit-store.js";
import { intOrZero } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

/** Expired windows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the `rate_limits` table, one row per key and window. The limit is a
 * sliding window: the previous window's hits count in proportion to how much of it is still
 * inside the last window (rounded up), so five failures astride a window boundary are still
 * five. The previous row no longer changes; the current one moves by a conditional upsert
 * (created with 1, or incremented only while below what is left), so two processes counting
 * at once never let more than the limit through.
 */
export const sqlRateLimitStore = (sql: SqlClient): RateLimitStore => {
  let lastPrune = 0;
  const prune = async (now: number) => {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await sql.run("delete from rate_limits where expires_at <= ?", [now]);
  };
  const carried = async (key: string, windowMs: number, now: number): Promise<number> => {
    const bucket = windowStart(now, windowMs);
    const row = await sql.one("select hits from rate_limits where key = ? and bucket = ?", [key, bucket - windowMs]);
    return previousWeight(intOrZero(row, "hits"), now, windowMs);
  };
  return {
    async hit(key, max, windowMs, now) {
      const bucket = windowStart(now, windowMs);
      const budget = max - (await carried(key, windowMs, now));
      if (budget <= 0) return false;
      const row = await sql.one(
        "insert into rate_limits (key, bucket, hits, expires_at) values (?, ?, 1, ?) " +
          "on conflict (key, bucket) do update set hits = rate_limits.hits + 1 where rate_limits.hits < ? returning hits",
        // a row lives two windows: it is the previous window of the next one
        [key, bucket, bucket + 2 * windowMs, budget],
      );
      await prune(now);
      return row !== undefined;
    },
    async count(key, windowMs, now) {
      const [previous, row] = await Promise.all([
        carried(key, windowMs, now),
        sql.one("select hits from rate_limits where key = ? and bucket = ?", [key, windowStart(now, windowMs)]),
      ]);
      return previous + intOrZero(row, "hits");
    },
    async release(key, windowMs, at) {
      await sql.run("update rate_limits set hits = hits - 1 where key = ? and bucket = ? and hits > 0", [key, windowStart(at, windowMs)]);
    },
    async reset(key) {
      await sql.run("delete from rate_limits where key = ?", [key]);
    },
  };
};
