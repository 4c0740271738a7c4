import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES } from "@courts/core";
import { courtAnswer } from "../../testing/render-app";
import { lowestPrice, offeredPrices, tariffRanges } from "./prices";

describe("a venue's prices", () => {
  it("when every court has the default prices, then each cell is one price: SPEC's 14.50 / 29.00 / 16.50 / 33.00", () => {
    expect(tariffRanges([DEFAULT_PRICES, DEFAULT_PRICES])).toEqual({
      daySingles: { min: 1450, max: 1450 },
      dayDoubles: { min: 2900, max: 2900 },
      nightSingles: { min: 1650, max: 1650 },
      nightDoubles: { min: 3300, max: 3300 },
    });
    expect(lowestPrice([DEFAULT_PRICES])).toBe(1450);
  });

  it("when one court costs more at night, then the night cells span both prices", () => {
    const ranges = tariffRanges([DEFAULT_PRICES, { ...DEFAULT_PRICES, nightSingles: 1800, nightDoubles: 3600 }]);
    expect(ranges?.nightSingles).toEqual({ min: 1650, max: 1800 });
    expect(ranges?.nightDoubles).toEqual({ min: 3300, max: 3600 });
    expect(ranges?.daySingles).toEqual({ min: 1450, max: 1450 });
  });

  it("when the cheap court is under maintenance, then 'Desde' and the table both read the bookable courts; with none bookable, every court; with no courts, none", () => {
    const cheap = courtAnswer({ id: "cheap", status: "maintenance", daySinglesPrice: "10.00" });
    const dear = courtAnswer({ id: "dear", daySinglesPrice: "20.00", dayDoublesPrice: "40.00", nightSinglesPrice: "22.00", nightDoublesPrice: "44.00" });
    const offered = offeredPrices([cheap, dear]);
    expect(lowestPrice(offered)).toBe(2000);
    expect(tariffRanges(offered)?.daySingles).toEqual({ min: 2000, max: 2000 });
    const closed = offeredPrices([cheap, { ...dear, status: "closed" }]);
    expect(lowestPrice(closed)).toBe(1000);
    expect(tariffRanges(closed)?.daySingles).toEqual({ min: 1000, max: 2000 });
    expect(lowestPrice(offeredPrices([]))).toBeNull();
    expect(tariffRanges([])).toBeNull();
  });
});
