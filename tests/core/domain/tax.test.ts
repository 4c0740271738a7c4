import { parseTaxRatePercent, splitTax, taxLabel, taxRatePercentText } from "@courts/core";
import { describe, expect, it } from "vitest";

/** TAX_RATE_PERCENT: prices include the tax; an invoice splits what was paid into base and tax. */
describe("tax rate", () => {
  it.each([
    ["0", 0],
    ["15", 1500],
    ["12.5", 1250],
    ["12.25", 1225],
    ["0.05", 5],
    ["100", 10_000],
    ["007", 700],
  ])("'%s' percent is %i basis points", (text, rate) => {
    expect(parseTaxRatePercent(text)).toBe(rate);
  });

  it.each(["", "15%", "12,5", "12.345", "-1", "100.01", "101", "1e1", " 15", "0x10", ".5", "5."])("'%s' is no rate", (text) => {
    expect(parseTaxRatePercent(text)).toBeUndefined();
  });

  it.each([
    [1500, "15", "IVA 15%"],
    [1250, "12,5", "IVA 12,5%"],
    [1225, "12,25", "IVA 12,25%"],
    [5, "0,05", "IVA 0,05%"],
    [10_000, "100", "IVA 100%"],
  ])("%i basis points read '%s' in Spanish: %s", (rate, text, label) => {
    expect(taxRatePercentText(rate)).toBe(text);
    expect(taxLabel(rate)).toBe(label);
  });

  it("base = total / (1 + rate) rounded half-up to the cent; tax = total - base, so they always add up", () => {
    expect(splitTax(2000, 1500)).toEqual({ base: 1739, tax: 261 });
    expect(splitTax(2970, 1500)).toEqual({ base: 2583, tax: 387 });
    expect(splitTax(2000, 1250)).toEqual({ base: 1778, tax: 222 });
    // 115 / 1.15 = 100 exactly
    expect(splitTax(115, 1500)).toEqual({ base: 100, tax: 15 });
    // half a cent rounds up: at 100%, $0.03 is 1.5 cents of base -> 2
    expect(splitTax(3, 10_000)).toEqual({ base: 2, tax: 1 });
    expect(splitTax(1, 5000)).toEqual({ base: 1, tax: 0 });
    expect(splitTax(0, 1500)).toEqual({ base: 0, tax: 0 });
    expect(splitTax(2000, 0)).toEqual({ base: 2000, tax: 0 });
    for (const rate of [1, 5, 400, 1200, 1250, 1500, 2100, 10_000])
      for (let total = 0; total <= 5000; total += 7) {
        const { base, tax } = splitTax(total, rate);
        expect(base + tax).toBe(total);
        expect(tax).toBeGreaterThanOrEqual(0);
        // the base is the nearest cent to the exact one
        expect(Math.abs(base - (total * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
  });
});
