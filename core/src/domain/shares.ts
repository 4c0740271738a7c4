import type { Cents } from "./money.js";
import type { GameType } from "./pricing.js";
import { PLAYERS } from "./pricing.js";

/**
 * Splits a total into `parts` shares that differ by at most one cent and sum exactly to the
 * total; the first shares carry the extra cents, so the organiser never pays less than a guest.
 */
export const splitShares = (total: Cents, parts: number): Cents[] => {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError("parts must be a positive integer");
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
};

/** The share of the player at `index` (0 = organiser). */
export const shareAt = (total: Cents, gameType: GameType, index: number): Cents => {
  const shares = splitShares(total, PLAYERS[gameType]);
  return shares[Math.min(Math.max(index, 0), shares.length - 1)] ?? 0;
};

/** One player's share as shown to the organiser: 1/2 for singles, 1/4 for doubles. */
export const ownShare = (total: Cents, gameType: GameType): Cents => shareAt(total, gameType, 0);
