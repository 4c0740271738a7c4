import type { ReportQueries } from "@courts/core";

const unkept = (what: string) => (): never => {
  throw new Error(`ReportQueries.${what} is not kept in memory: the reports read aggregates the SQL triggers keep; their suites run on SQL`);
};

/** The owner's reports fail loudly in memory: they are tested on SQLite and PostgreSQL. */
export const unimplementedReports = (): ReportQueries => ({
  occupancy: unkept("occupancy"),
  revenue: unkept("revenue"),
  summary: unkept("summary"),
});
