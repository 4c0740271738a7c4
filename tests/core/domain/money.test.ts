import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { centsFromNumber, displayMoney, formatMoney, mulDivHalfUp, parseMoney } from "@courts/core";

describe("money", () => {
  it("when a decimal string is parsed, then it becomes integer cents", () => {
    expect(parseMoney("14.50")).toBe(1450);
    expect(parseMoney("14.5")).toBe(1450);
    expect(parseMoney("14")).toBe(1400);
    expect(parseMoney("0.07")).toBe(7);
  });

  it("when the text is not a non-negative amount with at most 2 decimals, then it is refused", () => {
    for (const bad of ["", "-1", "1.234", "abc", "1,50", "1e3", ".5"]) expect(parseMoney(bad)).toBeUndefined();
  });

  it("when cents are formatted, then the API string has exactly two decimals and display adds $", () => {
    expect(formatMoney(1450)).toBe("14.50");
    expect(formatMoney(5)).toBe("0.05");
    expect(displayMoney(3300)).toBe("$33.00");
    expect(displayMoney(-825)).toBe("-$8.25");
  });

  it("when any cents are formatted and parsed back, then the value is unchanged", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (c) => parseMoney(formatMoney(c)) === c));
  });

  it("when a JSON number has two decimals, then it converts exactly (no float drift)", () => {
    expect(centsFromNumber(14.5)).toBe(1450);
    expect(centsFromNumber(0.29)).toBe(29);
    expect(centsFromNumber(1.005)).toBeUndefined();
    expect(centsFromNumber(-1)).toBeUndefined();
  });

  it("when rounding a ratio, then halves go up and the result is the nearest cent", () => {
    expect(mulDivHalfUp(1650, 29, 1000)).toBe(48); // 47.85
    expect(mulDivHalfUp(50, 1, 100)).toBe(1); // 0.5 -> 1
    expect(mulDivHalfUp(49, 1, 100)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (a, n, d) => {
        const r = mulDivHalfUp(a, n, d);
        const exact = (a * n) / d;
        return Math.abs(r - exact) <= 0.5 && (r - exact !== -0.5);
      }),
    );
  });
});
