import type { SqlDatabase } from "@courts/adapters/sql/index";
import { memoryRateLimitStore, type RateLimitStore } from "@courts/adapters/limits/rate-limit-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, SQL_ENGINES } from "./support/harness.js";

const MINUTE = 60_000;
/** A minute boundary, so tests place hits exactly before and after it. */
const T = Date.parse("2026-11-23T18:00:00.000Z");

const hits = async (store: RateLimitStore, key: string, max: number, at: number, times: number) => {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i++) answers.push(await store.hit(key, max, MINUTE, at));
  return answers;
};

const contract = (name: string, open: () => Promise<{ store: RateLimitStore; close(): Promise<void> }>) => {
  describe(name, () => {
    let store: RateLimitStore;
    let close: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it("when a key is hit up to its limit, then those hits pass and the next is refused; other keys are apart", async () => {
      expect(await hits(store, "a", 5, T + 1000, 6)).toEqual([true, true, true, true, true, false]);
      expect(await store.count("a", MINUTE, T + 1000)).toBe(5);
      expect(await hits(store, "b", 5, T + 1000, 1)).toEqual([true]);
    });

    it("when hits straddle a minute boundary, then they still count together (sliding window)", async () => {
      expect(await hits(store, "c", 5, T - 100, 3)).toEqual([true, true, true]);
      expect(await hits(store, "c", 5, T + 100, 3)).toEqual([true, true, false]);
      expect(await store.count("c", MINUTE, T + 100)).toBe(5);
    });

    it("when a full minute has passed, then the key starts again", async () => {
      expect(await hits(store, "d", 2, T + 1000, 3)).toEqual([true, true, false]);
      expect(await hits(store, "d", 2, T + 2 * MINUTE + 1000, 2)).toEqual([true, true]);
    });

    it("when a counted hit is given back, then one more passes in that window; giving back more than was counted changes nothing", async () => {
      expect(await hits(store, "e", 2, T + 1000, 3)).toEqual([true, true, false]);
      await store.release("e", MINUTE, T + 1000);
      expect(await store.count("e", MINUTE, T + 2000)).toBe(1);
      expect(await hits(store, "e", 2, T + 2000, 2)).toEqual([true, false]);
      await store.release("f", MINUTE, T + 1000);
      expect(await store.count("f", MINUTE, T + 1000)).toBe(0);
      expect(await hits(store, "f", 1, T + 1000, 2)).toEqual([true, false]);
    });

    it("when a hit is given back after its window ended, then it leaves the window it was counted in", async () => {
      // counted just before the boundary, given back just after: the previous window holds 0
      expect(await hits(store, "g", 3, T - 100, 3)).toEqual([true, true, true]);
      await store.release("g", MINUTE, T - 100);
      expect(await store.count("g", MINUTE, T + 100)).toBe(2);
    });

    it("when a key is reset, then its limit starts again at once, in every window; other keys keep theirs", async () => {
      const QUARTER = 15 * MINUTE;
      for (const key of ["h", "i"]) {
        for (let i = 0; i < 4; i++) expect(await store.hit(key, 4, QUARTER, T - 1000)).toBe(true);
        expect(await store.hit(key, 4, QUARTER, T + 1000)).toBe(false);
      }
      await store.reset("h");
      expect(await store.count("h", QUARTER, T + 1000)).toBe(0);
      expect(await store.hit("h", 4, QUARTER, T + 1000)).toBe(true);
      expect(await store.hit("i", 4, QUARTER, T + 1000)).toBe(false);
    });

    it("when windows of an hour are counted, then hits an hour apart are apart, and 30 minutes in half the last hour still counts", async () => {
      const HOUR = 60 * MINUTE;
      for (let i = 0; i < 5; i++) expect(await store.hit("j", 5, HOUR, T + 1000)).toBe(true);
      expect(await store.hit("j", 5, HOUR, T + 59 * MINUTE)).toBe(false);
      expect(await store.count("j", HOUR, T + HOUR + 30 * MINUTE)).toBe(3);
      expect(await store.hit("j", 5, HOUR, T + 2 * HOUR + 1000)).toBe(true);
    });

    it("when 20 hits race for a limit of 7, then exactly 7 pass", async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => store.hit("race", 7, MINUTE, T + 5000)));
      expect(answers.filter(Boolean).length).toBe(7);
    });
  });
};

contract("rate-limit store (memory)", async () => ({ store: memoryRateLimitStore(), close: async () => undefined }));

for (const engine of SQL_ENGINES)
  describe.skipIf(!engine.available)(`rate-limit store (${engine.name})`, () => {
    contract("on the rate_limits table", async () => {
      const target = await openTestDatabase(engine.name as "sqlite" | "postgresql");
      const db: SqlDatabase = target.db;
      return { store: db.rateLimits, close: target.dispose };
    });
  });
