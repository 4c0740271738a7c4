import type { ReactNode } from "react";
import { money, toCents } from "../../../lib/format";
import type { RevenueAmounts, RevenueReport, RevenueRow } from "../api/types";
import { chartAmount, REVENUE_CSV_HEADERS, REVENUE_PARTS, revenueCsvRows, rowLabel } from "../report-tables";
import { LazyBarChart } from "./lazy-bar-chart";
import { ReportSection, type CsvExport } from "./report-section";

const thClass = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-600";
const numClass = "whitespace-nowrap px-3 py-2 text-right tabular-nums";

/** A deduction: "-$1.59", but "$0.00" rather than "-$0.00" (as the payments screen writes it). */
const minus = (amount: string) => (toCents(amount) > 0 ? `-${money(amount)}` : money(amount));

/** "$1.2k" on a chart's axis, "$80" below a thousand */
export const axisMoney = (value: number) => (Math.abs(value) >= 1000 ? `$${(value / 1000).toFixed(1).replace(/\.0$/, "")}k` : `$${Math.round(value)}`);

function AmountCells({ row }: { row: RevenueAmounts }) {
  return (
    <>
      <td className={numClass}>{row.bookings}</td>
      <td className={numClass}>{money(row.gross)}</td>
      <td className={numClass}>{minus(row.discounts)}</td>
      <td className={numClass}>{minus(row.fees)}</td>
      <td className={numClass}>{minus(row.refunds)}</td>
      <td className={`${numClass} font-semibold text-stone-900`}>{money(row.net)}</td>
    </>
  );
}

/**
 * Revenue of the period's games grouped by month or by court: each bar is the gross, piled from
 * the net the club kept up through card fees, discounts and refunds; the table has the same
 * numbers and their total.
 */
export function RevenueReportSection({
  title,
  description,
  rowHeader,
  report,
  horizontal = false,
  csv,
  icon,
  empty,
  rowName = (row) => rowLabel(row),
  axisLabel = (row) => rowLabel(row, true),
}: {
  title: string;
  description: ReactNode;
  /** the first column's name: 'Mes', 'Cancha' */
  rowHeader: string;
  report: RevenueReport;
  horizontal?: boolean;
  csv: Omit<CsvExport, "headers" | "rows">;
  icon?: ReactNode;
  empty: string;
  /** a row's name in the table and the CSV (a month in words by default) */
  rowName?: (row: RevenueRow) => string;
  /** a row's name on the chart's axis (lines of an array) */
  axisLabel?: (row: RevenueRow) => string | string[];
}) {
  if (report.rows.length === 0) {
    return <ReportSection title={title} description={description} icon={icon} table={<p className="text-sm text-stone-600">{empty}</p>} />;
  }
  const labels = report.rows.map(axisLabel);
  const chart = (
    <LazyBarChart
      label={`${title}: gráfico de barras de ingresos brutos divididos en neto, comisiones, descuentos y reembolsos. Las cifras están en la tabla.`}
      labels={labels}
      stacked
      horizontal={horizontal}
      series={REVENUE_PARTS.map((part) => ({ label: part.label, color: part.color, values: report.rows.map((row) => chartAmount(row[part.field])) }))}
      format={(value) => money(value.toFixed(2))}
      tick={axisMoney}
      height={horizontal ? Math.max(200, 56 + report.rows.length * 44) : 280}
    />
  );
  const table = (
    <table className="w-full text-sm">
      <caption className="sr-only">{title}</caption>
      <thead className="border-b border-stone-200">
        <tr>
          <th scope="col" className={thClass}>
            {rowHeader}
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Reservas
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Bruto
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Descuentos
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Comisiones
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Reembolsos
          </th>
          <th scope="col" className={`${thClass} text-right`}>
            Neto
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {report.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="min-w-32 px-3 py-2 text-left font-medium text-stone-900">
              {rowName(row)}
            </th>
            <AmountCells row={row} />
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-stone-200 font-bold text-stone-900">
        <tr>
          <th scope="row" className="px-3 py-2 text-left">
            Total
          </th>
          <AmountCells row={report.total} />
        </tr>
      </tfoot>
    </table>
  );
  return (
    <ReportSection
      title={title}
      description={description}
      icon={icon}
      wide
      chart={chart}
      table={table}
      csv={{ ...csv, headers: [rowHeader, ...REVENUE_CSV_HEADERS], rows: () => revenueCsvRows(report.rows, report.total, rowName) }}
    />
  );
}
