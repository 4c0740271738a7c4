import * as Schema from "effect/Schema";
import { isLocalDate } from "../domain/time.js";
import { Id, says } from "./fields.js";

/**
 * Queries of the owner's reports (DESIGN.md section 18): a period of game dates and a venue. The
 * period's order and length are checked by the use case (periodProblem), which names the field.
 */

const QueryDate = Schema.String.pipe(Schema.filter(isLocalDate));

const periodFields = {
  from: Schema.optional(QueryDate.annotations(says("El parámetro 'from' debe ser una fecha AAAA-MM-DD"))),
  to: Schema.optional(QueryDate.annotations(says("El parámetro 'to' debe ser una fecha AAAA-MM-DD"))),
  venueId: Schema.optional(Id.annotations(says("El parámetro 'venueId' no es un identificador válido"))),
};

export const ReportQuery = Schema.Struct(periodFields);
export type ReportQuery = typeof ReportQuery.Type;

export const RevenueReportQuery = Schema.Struct({
  ...periodFields,
  groupBy: Schema.optional(
    Schema.Literal("month", "venue", "court").annotations(says("El parámetro 'groupBy' debe ser 'month', 'venue' o 'court'")),
  ),
});
export type RevenueReportQuery = typeof RevenueReportQuery.Type;
