import type { Cents } from "./money.js";
import { mulDivHalfUp } from "./money.js";
import { HOUR_MS } from "./time.js";

export type RefundPercentage = 0 | 50 | 100;

/**
 * Tier by time from now until the booking starts (SPEC.md section 9):
 * more than 24 h -> 100; 12 h to 24 h, both ends included -> 50; under 12 h -> 0.
 */
export const refundPercentage = (now: Date, start: Date): RefundPercentage => {
  const ms = start.getTime() - now.getTime();
  if (ms > 24 * HOUR_MS) return 100;
  if (ms >= 12 * HOUR_MS) return 50;
  return 0;
};

export const refundAmount = (paid: Cents, percentage: number): Cents => mulDivHalfUp(paid, percentage, 100);
