import type { Cents } from "../domain/money.js";
import type { RevenueFigures } from "../domain/owner-reports.js";
import type { LocalDate } from "../domain/time.js";

/** Game dates from `from` to `to`, both included, at one venue or all. */
export interface ReportPeriod {
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly venueId?: string;
}

export type RevenueGrouping = "month" | "venue" | "court";

export interface RevenueRow extends RevenueFigures {
  /** "2026-11", a venue's id or a court's id ('' for payments whose court is gone) */
  readonly key: string;
  /** the venue's name, or "<venue> · <court>"; null for a month (worded by the use case) or a court that is gone */
  readonly label: string | null;
}

export interface ReportSummary {
  readonly cancellations: { readonly count: number; readonly refunded: Cents };
  readonly outstanding: readonly { readonly userId: string | null; readonly name: string; readonly amount: Cents; readonly bookings: number }[];
  readonly topPlayers: readonly { readonly userId: string; readonly name: string; readonly bookings: number; readonly spent: Cents }[];
}

/**
 * The owner's reports (DESIGN.md section 18), read from aggregates kept with every booking and
 * payment write: their cost follows the period's days, not the history.
 */
export interface ReportQueries {
  /** live bookings per ISO weekday and hour of the period, and the courts they are counted against */
  occupancy(period: ReportPeriod): Promise<{ readonly booked: readonly { readonly weekday: number; readonly timeSlot: string; readonly booked: number }[]; readonly courts: number }>;
  /** the settled payments of the period's games (the revenue summary's figures) and their live bookings, per group */
  revenue(period: ReportPeriod, groupBy: RevenueGrouping): Promise<readonly RevenueRow[]>;
  /** cancelled bookings and refunds, what players still owe (at most `limit` players, largest first), the players with most bookings */
  summary(period: ReportPeriod, limits: { readonly outstanding: number; readonly topPlayers: number }): Promise<ReportSummary>;
}
