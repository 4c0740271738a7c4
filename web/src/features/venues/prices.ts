import { isAvailable, parseMoney, type Cents, type CourtPrices } from "@courts/core";
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

/**
 * The prices a player can book at a venue: its bookable courts', or every court's when none is
 * (a court under maintenance or closed is not offered). The tariff table and 'Desde $X' both read these.
 */
export const offeredPrices = (courts: readonly Court[]): CourtPrices[] => {
  const bookable = courts.filter((c) => isAvailable(c));
  return (bookable.length > 0 ? bookable : courts).map(courtPrices);
};

/** The cheapest hour among these prices, or none without courts. */
export const lowestPrice = (prices: readonly CourtPrices[]): Cents | null =>
  prices.length === 0 ? null : Math.min(...prices.flatMap((p) => [p.daySingles, p.dayDoubles, p.nightSingles, p.nightDoubles]));
