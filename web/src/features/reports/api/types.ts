/**
 * Answers of the owner's reports (DESIGN.md section 18). Money is a decimal string ("14.50"), as
 * everywhere in the API; the period is by game date, both ends included.
 */

/** One hour of one weekday over the period: `weekday` 1 (Monday) .. 7 (Sunday). */
export interface OccupancyCell {
  readonly weekday: number;
  readonly timeSlot: string;
  readonly booked: number;
  readonly capacity: number;
  readonly rate: number;
}

export interface OccupancyReport {
  readonly cells: readonly OccupancyCell[];
}

export interface RevenueAmounts {
  readonly gross: string;
  readonly discounts: string;
  readonly fees: string;
  readonly refunds: string;
  readonly net: string;
  readonly bookings: number;
}

export interface RevenueRow extends RevenueAmounts {
  readonly key: string;
  readonly label: string;
}

export interface RevenueReport {
  readonly rows: readonly RevenueRow[];
  readonly total: RevenueAmounts;
}

export type RevenueGroup = "month" | "venue" | "court";

/** What every report is asked for: a period of game dates and a venue (none: all of them). */
export interface ReportFilters {
  readonly from: string;
  readonly to: string;
  readonly venueId?: string | undefined;
}

export const reportParams = (filters: ReportFilters): URLSearchParams => {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.venueId) params.set("venueId", filters.venueId);
  return params;
};

/** A report reads bookings and payments: a cancellation, a payment or a refund changes it. */
export const REPORT_TOPICS = ["bookings", "payments"] as const;

export interface ReportSummary {
  /** cancelled bookings of the period's games, and what was refunded for the period's games */
  readonly cancellations: { readonly count: number; readonly refunded: string };
  /** per player, what live bookings of the period still owe, largest first (at most 20) */
  readonly outstanding: ReadonlyArray<{ readonly userId: string | null; readonly name: string; readonly amount: string; readonly bookings: number }>;
  /** per player, live bookings of the period, most first (at most 10), and what they paid for them */
  readonly topPlayers: ReadonlyArray<{ readonly userId: string; readonly name: string; readonly bookings: number; readonly spent: string }>;
}
