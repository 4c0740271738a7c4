import type { OccupancyCellAnswer, OccupancyReportAnswer, ReportSummaryAnswer, RevenueReportAnswer, RevenueRowAnswer } from "@courts/core";

/**
 * Answers of the owner's reports (DESIGN.md section 18), as the core's contract declares them.
 * Money is a decimal string ("14.50"), as everywhere in the API; the period is by game date,
 * both ends included.
 */

/** One hour of one weekday over the period: `weekday` 1 (Monday) .. 7 (Sunday). */
export type OccupancyCell = OccupancyCellAnswer;
export type OccupancyReport = OccupancyReportAnswer;
export type RevenueRow = RevenueRowAnswer;
export type RevenueReport = RevenueReportAnswer;
/** gross - discounts - fees - refunds = net, and the live bookings they are for */
export type RevenueAmounts = RevenueReportAnswer["total"];

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

/** cancellations and refunds, balances due per player (at most 20), the players with most bookings (at most 10) */
export type ReportSummary = ReportSummaryAnswer;
