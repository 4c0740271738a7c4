import {
  formatMoney,
  netOfFigures,
  occupancyReport,
  OccupancyReportAnswer,
  ReportQuery,
  reportSummary,
  ReportSummaryAnswer,
  revenueReport,
  RevenueReportAnswer,
  RevenueReportQuery,
  type RevenueFigures,
} from "@courts/core";
import { actorOf } from "../actor.js";
import { decode } from "../decode.js";
import { adminOnly } from "../guards.js";
import { answerOf, problems, queries } from "../openapi.js";
import { run } from "../run.js";
import { PRIVATE, routes } from "./route-plugin.js";

const moneyOf = (f: RevenueFigures) => ({
  gross: formatMoney(f.gross),
  discounts: formatMoney(f.discounts),
  fees: formatMoney(f.fees),
  refunds: formatMoney(f.refunds),
  net: formatMoney(netOfFigures(f)),
  bookings: f.bookings,
});

/** The owner's reports (DESIGN.md section 18): a period of game dates, at one venue or all, admin only. */
export default routes("reports", async (app) => {
  const tags = ["admin"];
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PRIVATE);
  });

  app.get(
    "/api/admin/reports/occupancy",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Ocupación por día de la semana y hora en un período de fechas de juego (admin)",
        querystring: queries.report,
        response: { 200: answerOf(OccupancyReportAnswer), ...problems(400) },
      },
    },
    async (request): Promise<OccupancyReportAnswer> => {
      const { period, cells } = await run(occupancyReport(app.ports, actorOf(request), decode(ReportQuery, request.query)));
      return { from: period.from, to: period.to, venueId: period.venueId ?? null, cells };
    },
  );

  app.get(
    "/api/admin/reports/revenue",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Ingresos de un período de fechas de juego por mes, complejo o cancha: bruto, descuentos, comisiones, reembolsos y neto (admin)",
        querystring: queries.revenueReport,
        response: { 200: answerOf(RevenueReportAnswer), ...problems(400) },
      },
    },
    async (request): Promise<RevenueReportAnswer> => {
      const report = await run(revenueReport(app.ports, actorOf(request), decode(RevenueReportQuery, request.query)));
      return {
        from: report.period.from,
        to: report.period.to,
        venueId: report.period.venueId ?? null,
        groupBy: report.groupBy,
        rows: report.rows.map((row) => ({ key: row.key, label: row.label, ...moneyOf(row) })),
        total: moneyOf(report.total),
      };
    },
  );

  app.get(
    "/api/admin/reports/summary",
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: "Cancelaciones y reembolsos, saldos pendientes por jugador y los jugadores con más reservas de un período (admin)",
        querystring: queries.report,
        response: { 200: answerOf(ReportSummaryAnswer), ...problems(400) },
      },
    },
    async (request): Promise<ReportSummaryAnswer> => {
      const s = await run(reportSummary(app.ports, actorOf(request), decode(ReportQuery, request.query)));
      return {
        from: s.period.from,
        to: s.period.to,
        venueId: s.period.venueId ?? null,
        cancellations: { count: s.cancellations.count, refunded: formatMoney(s.cancellations.refunded) },
        outstanding: s.outstanding.map((o) => ({ userId: o.userId, name: o.name, amount: formatMoney(o.amount), bookings: o.bookings })),
        topPlayers: s.topPlayers.map((p) => ({ userId: p.userId, name: p.name, bookings: p.bookings, spent: formatMoney(p.spent) })),
      };
    },
  );
});
