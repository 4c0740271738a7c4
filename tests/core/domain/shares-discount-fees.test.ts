import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { DiscountCode } from "@courts/core";
import { breakdown, cardFee, codeUnusable, discountAmount, ownShare, shareAt, splitShares, storedDiscountValue } from "@courts/core";

describe("shares", () => {
  it("when night doubles 33.00 is split, then each share is 8.25", () => {
    expect(ownShare(3300, "doubles")).toBe(825);
    expect(splitShares(3300, 4)).toEqual([825, 825, 825, 825]);
  });

  it("when 10.01 is split 4 ways, then the shares sum to 10.01 and differ by at most a cent", () => {
    const shares = splitShares(1001, 4);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1001);
    expect(shares).toEqual([251, 250, 250, 250]);
  });

  it("when any total is split, then shares sum exactly and differ by at most one cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 8 }), (total, parts) => {
        const shares = splitShares(total, parts);
        return (
          shares.length === parts &&
          shares.reduce((a, b) => a + b, 0) === total &&
          Math.max(...shares) - Math.min(...shares) <= 1
        );
      }),
    );
  });

  it("when singles 16.50 is split, then each of 2 players pays 8.25; shareAt clamps the index", () => {
    expect(shareAt(1650, "singles", 0)).toBe(825);
    expect(shareAt(1651, "singles", 0)).toBe(826);
    expect(shareAt(1651, "singles", 5)).toBe(825);
  });
});

describe("discounts", () => {
  it("when a percentage applies, then it is value/100 of the amount, half-up", () => {
    expect(discountAmount(1650, { type: "percentage", value: 10 })).toBe(165);
    expect(discountAmount(825, { type: "percentage", value: 10 })).toBe(83); // 82.5
  });

  it("when a fixed discount is larger than the amount, then nothing is charged", () => {
    expect(breakdown(825, { type: "fixed", value: 1000 }).charged).toBe(0);
  });

  it("when any discount applies, then it stays within [0, amount]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.oneof(
          fc.record({ type: fc.constant("percentage" as const), value: fc.integer({ min: 0, max: 100 }) }),
          fc.record({ type: fc.constant("fixed" as const), value: fc.integer({ min: 0, max: 2_000_000 }) }),
        ),
        (amount, rule) => {
          const d = discountAmount(amount, rule);
          return d >= 0 && d <= amount;
        },
      ),
    );
  });

  const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
    id: "c1", code: "VERANO10", type: "percentage", value: 10, maxUsage: null, usageCount: 0,
    expiresAt: null, isActive: true, createdAt: new Date("2026-01-01T00:00:00Z"), ...over,
  });
  const now = new Date("2026-11-21T12:00:00Z");

  it("when a code is active, unexpired and below its max usage, then it is usable", () => {
    expect(codeUnusable(code(), now)).toBeUndefined();
    expect(codeUnusable(code({ maxUsage: 5, usageCount: 4 }), now)).toBeUndefined();
  });

  it("when a code is inactive, expired or used up, then it says why", () => {
    expect(codeUnusable(code({ isActive: false }), now)).toBe("inactive");
    expect(codeUnusable(code({ expiresAt: new Date("2026-11-21T11:59:59Z") }), now)).toBe("expired");
    expect(codeUnusable(code({ maxUsage: 5, usageCount: 5 }), now)).toBe("used-up");
  });
});

describe("card fee and breakdown", () => {
  it("when 16.50 is charged, then the fee is 2.9% + 0.30 = 0.78 and the net 15.72", () => {
    expect(cardFee(1650)).toBe(78); // 47.85 -> 48 + 30
    expect(breakdown(1650)).toEqual({ amount: 1650, discount: 0, charged: 1650, fee: 78, net: 1572 });
  });

  it("when nothing is charged, then there is no fee", () => {
    expect(cardFee(0)).toBe(0);
  });

  it("when any payment is broken down, then charged = amount - discount and net = charged - fee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, pct) => {
        const b = breakdown(amount, { type: "percentage", value: pct });
        return b.charged === b.amount - b.discount && b.net === b.charged - b.fee && b.charged >= 0;
      }),
    );
  });
});

describe("storedDiscountValue", () => {
  it("when a percentage is a whole number from 0 to 100, then it is stored as is; anything else is refused in the API's words", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (n) => {
        expect(storedDiscountValue("percentage", n)).toEqual({ stored: n });
      }),
    );
    for (const bad of [-5, 101, 150, 12.5, Number.NaN])
      expect(storedDiscountValue("percentage", bad)).toEqual({ problem: "El porcentaje debe ser un número entero entre 0 y 100" });
  });

  it("when a fixed amount has at most 2 decimals, then it is stored in cents; more decimals or a negative one is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => {
        expect(storedDiscountValue("fixed", cents / 100)).toEqual({ stored: cents });
      }),
    );
    for (const bad of [-1, 2.555, Number.NaN])
      expect(storedDiscountValue("fixed", bad)).toEqual({ problem: "El monto fijo debe ser un número mayor o igual a 0 con hasta 2 decimales" });
  });
});
