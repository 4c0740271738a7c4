import type { Cents, CourtPrices } from "@courts/core";

export interface PriceRange {
  readonly min: Cents;
  readonly max: Cents;
}

/** Each tariff cell over a venue's courts: the lowest and highest price. */
export const tariffRanges = (prices: readonly CourtPrices[]): Record<keyof CourtPrices, PriceRange> | null => {
  if (prices.length === 0) return null;
  const range = (key: keyof CourtPrices): PriceRange => {
    const values = prices.map((p) => p[key]);
    return { min: Math.min(...values), max: Math.max(...values) };
  };
  return { daySingles: range("daySingles"), dayDoubles: range("dayDoubles"), nightSingles: range("nightSingles"), nightDoubles: range("nightDoubles") };
};

/** The cheapest hour a player can book at a venue: bookable courts first, any court if none is. */
export const lowestPrice = (courts: ReadonlyArray<{ prices: CourtPrices; bookable: boolean }>): Cents | null => {
  const pool = courts.some((c) => c.bookable) ? courts.filter((c) => c.bookable) : courts;
  if (pool.length === 0) return null;
  return Math.min(...pool.flatMap((c) => [c.prices.daySingles, c.prices.dayDoubles, c.prices.nightSingles, c.prices.nightDoubles]));
};
