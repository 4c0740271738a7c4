import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { keepNewest } from "@courts/core";

describe("a bounded memory (keepNewest)", () => {
  it("when more keys than allowed are set, then the oldest set are forgotten first, and a key set again counts as new", () => {
    const map = new Map<string, number>();
    keepNewest(map, "a", 1, 2);
    keepNewest(map, "b", 2, 2);
    keepNewest(map, "a", 3, 2); // a is now the newest
    keepNewest(map, "c", 4, 2);
    expect([...map]).toEqual([
      ["a", 3],
      ["c", 4],
    ]);
  });

  it("whatever is set, then it keeps exactly the last `max` distinct keys set, each with its last value", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer())), fc.integer({ min: 1, max: 5 }), (sets, max) => {
        const map = new Map<number, number>();
        for (const [key, value] of sets) keepNewest(map, key, value, max);
        const lastSet = new Map<number, number>();
        for (const [key, value] of sets) {
          lastSet.delete(key);
          lastSet.set(key, value);
        }
        expect([...map]).toEqual([...lastSet].slice(-max));
      }),
    );
  });
});
