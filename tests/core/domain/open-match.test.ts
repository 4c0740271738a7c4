import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstNameOf, inLevelRange, isLevel, LEVELS, pricePerPlayerOf, spotsLeftOf, splitShares } from "@courts/core";

describe("open match rules", () => {
  it("a level is 1.0 to 7.0 in steps of 0.5: the 13 levels a form offers, nothing else", () => {
    expect(LEVELS).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7]);
    fc.assert(fc.property(fc.double({ noNaN: false }), (x) => isLevel(x) === LEVELS.includes(x)));
    expect([0.5, 7.5, 3.3, Number.NaN, Number.POSITIVE_INFINITY].some(isLevel)).toBe(false);
  });

  it("a level inside the range includes both ends; no level is never inside", () => {
    expect(inLevelRange(3, { levelMin: 3, levelMax: 4 })).toBe(true);
    expect(inLevelRange(4, { levelMin: 3, levelMax: 4 })).toBe(true);
    expect(inLevelRange(4.5, { levelMin: 3, levelMax: 4 })).toBe(false);
    expect(inLevelRange(null, { levelMin: 1, levelMax: 7 })).toBe(false);
  });

  it("a stranger sees a first name only", () => {
    expect(firstNameOf("  Ana María Torres ", "ana")).toBe("Ana");
    expect(firstNameOf(null, "beto_88")).toBe("beto_88");
    expect(firstNameOf(null, null)).toBe("Jugador");
  });

  it("the places left never go below zero, and the price the next player pays is the link's next share, never more than what is unpaid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000 }), fc.constantFrom("singles" as const, "doubles" as const), fc.nat(4), fc.nat(4), (total, gameType, current, pending) => {
        const max = gameType === "singles" ? 2 : 4;
        const paid = splitShares(total, max).slice(0, Math.min(current, max)).reduce((a, b) => a + b, 0);
        const m = { maxParticipants: max, currentParticipants: Math.min(current, max), pendingShares: pending, totalAmount: total, paidAmount: paid, gameType };
        const spots = spotsLeftOf(m);
        expect(spots).toBeGreaterThanOrEqual(0);
        expect(spots).toBeLessThanOrEqual(max - m.currentParticipants);
        expect(pricePerPlayerOf(m)).toBeLessThanOrEqual(total - paid);
        if (m.currentParticipants === max) expect(spots).toBe(0);
      }),
    );
  });
});
