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

/** The previous window's hits still inside the sliding window ending now, rounded up. */
export const previousWeight = (hits: number, now: number, windowMs: number): number =>
  Math.ceil((hits * (windowMs - (now - windowStart(now, windowMs)))) / windowMs);

export const memoryRateLimitStore = (): RateLimitStore => {
  const hits = new Map<string, number>();
  const at = (key: string, bucket: number) => hits.get(`${bucket}|${key}`) ?? 0;
  const carried = (key: string, windowMs: number, now: number) => previousWeight(at(key, windowStart(now, windowMs) - windowMs), now, windowMs);
  return {
    async hit(key, max, windowMs, now) {
      const bucket = windowStart(now, windowMs);
      if (carried(key, windowMs, now) + at(key, bucket) >= max) return false;
      // a map that only grows would be a leak: windows older than the previous one go
      if (hits.size > 100_000)
        for (const k of hits.keys()) if (Number(k.slice(0, k.indexOf("|"))) < bucket - windowMs) hits.delete(k);
      hits.set(`${bucket}|${key}`, at(key, bucket) + 1);
      return true;
    },
    async count(key, windowMs, now) {
      return carried(key, windowMs, now) + at(key, windowStart(now, windowMs));
    },
  };
};
