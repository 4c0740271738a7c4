import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES } from "@courts/core";
import { lowestPrice, tariffRanges } from "./prices";

describe("a venue's prices", () => {
  it("when every court has the default prices, then each cell is one price: SPEC's 14.50 / 29.00 / 16.50 / 33.00", () => {
    expect(tariffRanges([DEFAULT_PRICES, DEFAULT_PRICES])).toEqual({
      daySingles: { min: 1450, max: 1450 },
      dayDoubles: { min: 2900, max: 2900 },
      nightSingles: { min: 1650, max: 1650 },
      nightDoubles: { min: 3300, max: 3300 },
    });
    expect(lowestPrice([{ prices: DEFAULT_PRICES, bookable: true }])).toBe(1450);
  });

  it("when one court costs more at night, then the night cells span both prices", () => {
    const ranges = tariffRanges([DEFAULT_PRICES, { ...DEFAULT_PRICES, nightSingles: 1800, nightDoubles: 3600 }]);
    expect(ranges?.nightSingles).toEqual({ min: 1650, max: 1800 });
    expect(ranges?.nightDoubles).toEqual({ min: 3300, max: 3600 });
    expect(ranges?.daySingles).toEqual({ min: 1450, max: 1450 });
  });

  it("when the cheap court is closed, then 'Desde' is the cheapest bookable one; with none bookable, the cheapest of all; with no courts, none", () => {
    const cheap = { prices: { ...DEFAULT_PRICES, daySingles: 1000 }, bookable: false };
    const dear = { prices: { daySingles: 2000, dayDoubles: 4000, nightSingles: 2200, nightDoubles: 4400 }, bookable: true };
    expect(lowestPrice([cheap, dear])).toBe(2000);
    expect(lowestPrice([cheap, { ...dear, bookable: false }])).toBe(1000);
    expect(lowestPrice([])).toBeNull();
    expect(tariffRanges([])).toBeNull();
  });
});
