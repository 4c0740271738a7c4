/**
 * Fixed-window counters for rate limits. The SQL store keeps them in the database, so every
 * server process sharing it counts the same hits (DESIGN.md section 11); the memory store is
 * for a lone process without a database (tests that build the app on other ports).
 */
export interface RateLimitStore {
  /**
   * Counts one hit for `key` in the window containing `now`, unless the window already holds
   * `max` hits. True when the hit was counted (allowed), false when the limit was reached.
   */
  hit(key: string, max: number, windowMs: number, now: number): Promise<boolean>;
  /** Hits counted for `key` in the window containing `now`. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /**
   * Gives back one hit that `hit` counted at `at` (a login that turned out right), so the
   * window it was counted in holds one fewer; nothing when that window holds none.
   */
  release(key: string, windowMs: number, at: number): Promise<void>;
  /** Forgets every hit of `key`: its limit starts again (a password was just reset). */
  reset(key: string): Promise<void>;
}

export const windowStart = (now: number, windowMs: number): number => now - (now % windowMs);

/** The previous window's hits still inside the sliding window ending now, rounded up. */
export const previousWeight = (hits: number, now: number, windowMs: number): number =>
  Math.ceil((hits * (windowMs - (now - windowStart(now, windowMs)))) / windowMs);

/** Keys kept before the memory store drops the windows that no longer count. */
const MEMORY_KEYS_BEFORE_PRUNE = 100_000;

export const memoryRateLimitStore = (): RateLimitStore => {
  // per key, its hits by window start; a key's window length decides when its rows stop counting
  const keys = new Map<string, { windowMs: number; buckets: Map<number, number> }>();
  const at = (key: string, bucket: number) => keys.get(key)?.buckets.get(bucket) ?? 0;
  const carried = (key: string, windowMs: number, now: number) => previousWeight(at(key, windowStart(now, windowMs) - windowMs), now, windowMs);
  // a map that only grows would be a leak: windows older than their key's previous one go
  const prune = (now: number) => {
    for (const [key, entry] of keys) {
      for (const bucket of entry.buckets.keys()) if (bucket + 2 * entry.windowMs <= now) entry.buckets.delete(bucket);
      if (entry.buckets.size === 0) keys.delete(key);
    }
  };
  return {
    async hit(key, max, windowMs, now) {
      const bucket = windowStart(now, windowMs);
      if (carried(key, windowMs, now) + at(key, bucket) >= max) return false;
      if (keys.size > MEMORY_KEYS_BEFORE_PRUNE) prune(now);
      const entry = keys.get(key) ?? { windowMs, buckets: new Map<number, number>() };
      entry.buckets.set(bucket, at(key, bucket) + 1);
      keys.set(key, entry);
      return true;
    },
    async count(key, windowMs, now) {
      return carried(key, windowMs, now) + at(key, windowStart(now, windowMs));
    },
    async release(key, windowMs, when) {
      const bucket = windowStart(when, windowMs);
      const hits = at(key, bucket);
      if (hits > 0) keys.get(key)!.buckets.set(bucket, hits - 1);
    },
    async reset(key) {
      keys.delete(key);
    },
  };
};
