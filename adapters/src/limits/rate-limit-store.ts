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
}

export const windowStart = (now: number, windowMs: number): number => now - (now % windowMs);

export const memoryRateLimitStore = (): RateLimitStore => {
  const hits = new Map<string, { bucket: number; hits: number }>();
  const current = (key: string, windowMs: number, now: number) => {
    const bucket = windowStart(now, windowMs);
    const entry = hits.get(key);
    return entry && entry.bucket === bucket ? entry : { bucket, hits: 0 };
  };
  return {
    async hit(key, max, windowMs, now) {
      const entry = current(key, windowMs, now);
      if (entry.hits >= max) return false;
      // a map that only grows would be a leak: old windows go when a new one starts
      if (hits.size > 100_000) for (const [k, v] of hits) if (v.bucket !== entry.bucket) hits.delete(k);
      hits.set(key, { bucket: entry.bucket, hits: entry.hits + 1 });
      return true;
    },
    async count(key, windowMs, now) {
      return current(key, windowMs, now).hits;
    },
  };
};
