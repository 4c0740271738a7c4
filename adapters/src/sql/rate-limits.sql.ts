import type { RateLimitStore } from "../limits/rate-limit-store.js";
import { windowStart } from "../limits/rate-limit-store.js";
import { intOrZero } from "./rows.js";
import type { SqlClient } from "./sql-client.js";

/** Expired windows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the `rate_limits` table. A hit is one conditional upsert: the row of
 * the current window is created with 1 or incremented only while below the limit, so two
 * processes counting at once can never let more than `max` hits through.
 */
export const sqlRateLimitStore = (sql: SqlClient): RateLimitStore => {
  let lastPrune = 0;
  const prune = async (now: number) => {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    await sql.run("delete from rate_limits where expires_at <= ?", [now]);
  };
  return {
    async hit(key, max, windowMs, now) {
      const bucket = windowStart(now, windowMs);
      const row = await sql.one(
        "insert into rate_limits (key, bucket, hits, expires_at) values (?, ?, 1, ?) " +
          "on conflict (key, bucket) do update set hits = rate_limits.hits + 1 where rate_limits.hits < ? returning hits",
        [key, bucket, bucket + windowMs, max],
      );
      await prune(now);
      return row !== undefined;
    },
    async count(key, windowMs, now) {
      const row = await sql.one("select hits from rate_limits where key = ? and bucket = ?", [key, windowStart(now, windowMs)]);
      return intOrZero(row, "hits");
    },
  };
};
