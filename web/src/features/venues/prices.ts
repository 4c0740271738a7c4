import { parseMoney, type Cents, type CourtPrices } from "@courts/core";
import type { Court } from "../../types/api";

/** The API's decimal strings as the core's prices in cents. */
export const courtPrices = (court: Court): CourtPrices => ({
  daySingles: parseMoney(String(court.daySinglesPrice)) ?? 0,
  dayDoubles: parseMoney(String(court.dayDoublesPrice)) ?? 0,
  nightSingles: parseMoney(String(court.nightSinglesPrice)) ?? 0,
  nightDoubles: parseMoney(String(court.nightDoublesPrice)) ?? 0,
});

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
