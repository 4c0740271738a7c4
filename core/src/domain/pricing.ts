import type { Cents } from "./money.js";
import type { TariffBand, TimeSlot } from "./slots.js";
import { bandOf } from "./slots.js";

export type GameType = "singles" | "doubles";
export const GAME_TYPES: readonly GameType[] = ["singles", "doubles"];
export const isGameType = (value: string): value is GameType => value === "singles" || value === "doubles";

/** People on court: singles 2, doubles 4. Also the number of shares and of link participants. */
export const PLAYERS: Readonly<Record<GameType, number>> = { singles: 2, doubles: 4 };

/** Card networks do not charge less than this (Stripe's minimum for usd), in cents. */
export const MIN_CARD_CHARGE = 50;

export interface CourtPrices {
  readonly daySingles: Cents;
  readonly dayDoubles: Cents;
  readonly nightSingles: Cents;
  readonly nightDoubles: Cents;
}

/** Court defaults and the public price table (SPEC.md section 9). */
export const DEFAULT_PRICES: CourtPrices = {
  daySingles: 1450,
  dayDoubles: 2900,
  nightSingles: 1650,
  nightDoubles: 3300,
};

export const priceFor = (prices: CourtPrices, band: TariffBand, gameType: GameType): Cents => {
  if (band === "day") return gameType === "singles" ? prices.daySingles : prices.dayDoubles;
  return gameType === "singles" ? prices.nightSingles : prices.nightDoubles;
};

export const priceForSlot = (prices: CourtPrices, slot: TimeSlot, gameType: GameType): Cents =>
  priceFor(prices, bandOf(slot), gameType);

export const GAME_TYPE_LABEL: Readonly<Record<GameType, string>> = {
  singles: "Singles (2 personas)",
  doubles: "Dobles (4 personas)",
};
