import * as Schema from "effect/Schema";
import { LocalDate, Money, Slot } from "./common.js";

/** The owner's reports (DESIGN.md section 18): a period of game dates, both ends included, at one venue or all. */
const periodFields = {
  from: LocalDate,
  to: LocalDate,
  venueId: Schema.NullOr(Schema.String),
};

/** weekday: ISO, 1 lunes ... 7 domingo; capacity: courts x the period's dates on that weekday; rate: whole percentage, at most 100 */
export const OccupancyCellAnswer = Schema.Struct({
  weekday: Schema.Int,
  timeSlot: Slot,
  booked: Schema.Int,
  capacity: Schema.Int,
  rate: Schema.Int,
}).annotations({ identifier: "OccupancyCell" });
export type OccupancyCellAnswer = typeof OccupancyCellAnswer.Encoded;

/** GET /api/admin/reports/occupancy: 7 x 16 cells, Monday 06:00 first */
export const OccupancyReportAnswer = Schema.Struct({ ...periodFields, cells: Schema.Array(OccupancyCellAnswer) }).annotations({
  identifier: "OccupancyReport",
});
export type OccupancyReportAnswer = typeof OccupancyReportAnswer.Encoded;

const figures = {
  gross: Money,
  discounts: Money,
  fees: Money,
  refunds: Money,
  net: Money,
  bookings: Schema.Int,
};

/** net = gross - discounts - fees - refunds; bookings: the live bookings of the group's games */
export const RevenueRowAnswer = Schema.Struct({ key: Schema.String, label: Schema.String, ...figures }).annotations({ identifier: "RevenueRow" });
export type RevenueRowAnswer = typeof RevenueRowAnswer.Encoded;

/** GET /api/admin/reports/revenue: total equals the revenue summary of the same payments, to the cent */
export const RevenueReportAnswer = Schema.Struct({
  ...periodFields,
  groupBy: Schema.Literal("month", "venue", "court"),
  rows: Schema.Array(RevenueRowAnswer),
  total: Schema.Struct(figures),
}).annotations({ identifier: "RevenueReport" });
export type RevenueReportAnswer = typeof RevenueReportAnswer.Encoded;

/** GET /api/admin/reports/summary: cancellations and refunds, who owes what, the players with most bookings */
export const ReportSummaryAnswer = Schema.Struct({
  ...periodFields,
  cancellations: Schema.Struct({ count: Schema.Int, refunded: Money }),
  outstanding: Schema.Array(Schema.Struct({ userId: Schema.NullOr(Schema.String), name: Schema.String, amount: Money, bookings: Schema.Int })),
  topPlayers: Schema.Array(Schema.Struct({ userId: Schema.String, name: Schema.String, bookings: Schema.Int, spent: Money })),
}).annotations({ identifier: "ReportSummary" });
export type ReportSummaryAnswer = typeof ReportSummaryAnswer.Encoded;
