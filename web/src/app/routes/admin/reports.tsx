import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Ban, CalendarRange, ChartColumnStacked, CircleAlert, Grid3x3, LandPlot, Percent, Trophy, Wallet } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { StatCard } from "../../../components/ui/stat-card";
import { useConfig } from "../../../features/config/api/get-config";
import { useOccupancy } from "../../../features/reports/api/get-occupancy";
import { useReportSummary } from "../../../features/reports/api/get-report-summary";
import { useRevenue } from "../../../features/reports/api/get-revenue";
import type { ReportFilters, ReportSummary } from "../../../features/reports/api/types";
import { LazyBarChart, preloadBarChart } from "../../../features/reports/components/lazy-bar-chart";
import { OccupancyHeatmap } from "../../../features/reports/components/occupancy-heatmap";
import { ReportSection } from "../../../features/reports/components/report-section";
import { RevenueReportSection } from "../../../features/reports/components/revenue-report";
import { chosenFromSearch, csvFileName, periodPresets, presetOf, searchOfFilters, withDefaults, type ChosenFilters } from "../../../features/reports/report-period";
import {
  CANCELLATIONS_CSV_HEADERS,
  courtAxisLabel,
  courtLabel,
  cancellationsCsvRows,
  heatmapRows,
  OCCUPANCY_CSV_HEADERS,
  occupancyCsvRows,
  occupancySummary,
  OUTSTANDING_CSV_HEADERS,
  outstandingCsvRows,
  PLAYERS_CSV_HEADERS,
  playersCsvRows,
} from "../../../features/reports/report-tables";
import { useVenues } from "../../../features/venues/api/get-venues";
import { ApiError, describeError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDay, money, toCents } from "../../../lib/format";
import { AdminShell } from "../../layout/admin-shell";

const thClass = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-600";
const numClass = "whitespace-nowrap px-3 py-2 text-right tabular-nums";
const iconClass = "h-5 w-5 text-court-700";

/** The reads' failure when it is the period's: the server's Spanish 400 ('from' after 'to', over 3 years, a date that does not exist). */
const periodRefusal = (...errors: unknown[]): string | undefined => {
  const refused = errors.find((error): error is ApiError => error instanceof ApiError && error.status === 400);
  return refused ? (refused.serverMessage ?? "El período no es válido") : undefined;
};

function PeriodFilters({
  filters,
  chosen,
  today,
  onChange,
}: {
  filters: ReportFilters;
  chosen: ChosenFilters;
  today: string;
  onChange: (patch: ChosenFilters) => void;
}) {
  const venues = useVenues();
  const current = presetOf(filters, today);
  return (
    <Card className="mb-6 space-y-4 p-4 sm:p-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
        <SelectField label="Complejo" value={filters.venueId ?? ""} onChange={(e) => onChange({ venueId: e.target.value || undefined })}>
          <option value="">Todos los complejos</option>
          {(venues.data ?? []).map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <TextField label="Desde (fecha de juego)" type="date" value={chosen.from ?? filters.from} onChange={(e) => onChange({ from: e.target.value })} />
          <TextField label="Hasta (fecha de juego)" type="date" value={chosen.to ?? filters.to} onChange={(e) => onChange({ to: e.target.value })} />
        </div>
      </div>
      <div role="group" aria-label="Períodos rápidos" className="flex flex-wrap gap-2">
        {periodPresets(today).map((preset) => (
          <button
            key={preset.id}
            type="button"
            aria-pressed={current?.id === preset.id}
            onClick={() => onChange({ from: preset.from, to: preset.to })}
            className={cn(
              "rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400",
              current?.id === preset.id ? "border-court-700 bg-court-700 text-white" : "border-stone-300 bg-white text-stone-700 hover:border-stone-400",
            )}
          >
            {preset.label}
          </button>
        ))}
      </div>
    </Card>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Card className="flex min-h-40 items-center justify-center p-6">
      <Spinner label={label} />
    </Card>
  );
}

function Failed({ title, error }: { title: string; error: unknown }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-bold text-stone-900">{title}</h2>
      <ErrorNotice>{describeError(error, `No se pudo cargar: ${title.toLowerCase()}.`)}</ErrorNotice>
    </Card>
  );
}

function Occupancy({ filters }: { filters: ReportFilters }) {
  const { data, error } = useOccupancy(filters);
  const title = "Ocupación por día y hora";
  if (error) return <Failed title={title} error={error} />;
  if (!data) return <Loading label="Cargando ocupación..." />;
  const rows = heatmapRows(data.cells);
  const summary = occupancySummary(rows);
  return (
    <ReportSection
      title={title}
      icon={<Grid3x3 aria-hidden="true" className={iconClass} />}
      description={
        summary.busiest
          ? `Horas reservadas sobre las horas abiertas. La más llena: ${summary.busiest.weekday} a las ${summary.busiest.timeSlot} (${summary.busiest.percent}%).`
          : "Horas reservadas sobre las horas abiertas. Sin reservas en el período."
      }
      table={<OccupancyHeatmap rows={rows} caption={`${title}: porcentaje de horas reservadas de cada día de la semana y hora`} />}
      csv={{ fileName: csvFileName("ocupacion", filters), headers: OCCUPANCY_CSV_HEADERS, rows: () => occupancyCsvRows(rows) }}
    />
  );
}

function RevenueByMonth({ filters }: { filters: ReportFilters }) {
  const { data, error } = useRevenue(filters, "month");
  const title = "Ingresos por mes";
  if (error) return <Failed title={title} error={error} />;
  if (!data) return <Loading label="Cargando ingresos..." />;
  return (
    <RevenueReportSection
      title={title}
      icon={<ChartColumnStacked aria-hidden="true" className={iconClass} />}
      description="Bruto de cada mes de juego: lo que queda al club (neto) y lo que se fue en comisiones, descuentos y reembolsos."
      rowHeader="Mes"
      report={data}
      csv={{ fileName: csvFileName("ingresos-por-mes", filters) }}
      empty="No hay pagos de reservas en este período."
    />
  );
}

function RevenueByCourt({ filters }: { filters: ReportFilters }) {
  const { data, error } = useRevenue(filters, "court");
  const title = "Ingresos por cancha";
  if (error) return <Failed title={title} error={error} />;
  if (!data) return <Loading label="Cargando ingresos por cancha..." />;
  return (
    <RevenueReportSection
      title={title}
      icon={<LandPlot aria-hidden="true" className={iconClass} />}
      description="Lo que dejó cada cancha en el período, con sus reservas."
      rowHeader="Cancha"
      horizontal
      rowName={(row) => courtLabel(row.label, filters.venueId !== undefined)}
      axisLabel={(row) => courtAxisLabel(row.label, filters.venueId !== undefined)}
      report={data}
      csv={{ fileName: csvFileName("ingresos-por-cancha", filters) }}
      empty="Ninguna cancha tuvo pagos en este período."
    />
  );
}

function Cancellations({ summary, filters }: { summary: ReportSummary; filters: ReportFilters }) {
  const { count, refunded } = summary.cancellations;
  return (
    <ReportSection
      title="Cancelaciones y reembolsos"
      icon={<Ban aria-hidden="true" className={iconClass} />}
      description="Reservas canceladas de juegos del período y lo reembolsado por ellos."
      table={
        <dl className="grid grid-cols-2 gap-4">
          <div className="rounded-xl bg-stone-50 p-4">
            <dt className="text-sm text-stone-600">Reservas canceladas</dt>
            <dd className="mt-1 text-2xl font-extrabold text-stone-900">{count}</dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-4">
            <dt className="text-sm text-stone-600">Reembolsado</dt>
            <dd className="mt-1 text-2xl font-extrabold text-stone-900">{money(refunded)}</dd>
          </div>
        </dl>
      }
      csv={{ fileName: csvFileName("cancelaciones", filters), headers: CANCELLATIONS_CSV_HEADERS, rows: () => cancellationsCsvRows(summary.cancellations) }}
    />
  );
}

function Outstanding({ summary, filters }: { summary: ReportSummary; filters: ReportFilters }) {
  const rows = summary.outstanding;
  const totalCents = rows.reduce((sum, row) => sum + toCents(row.amount), 0);
  const title = "Saldos pendientes";
  return (
    <ReportSection
      title={title}
      icon={<CircleAlert aria-hidden="true" className="h-5 w-5 text-red-700" />}
      description="Lo que aún deben las reservas del período, por jugador (los 20 mayores)."
      table={
        rows.length === 0 ? (
          <p className="text-sm text-stone-600">No hay saldos pendientes en este período.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-stone-200">
              <tr>
                <th scope="col" className={thClass}>
                  Jugador
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Reservas
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Saldo
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row, i) => (
                <tr key={row.userId ?? `sin-cuenta-${i}`}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900 wrap-anywhere">
                    {row.name}
                  </th>
                  <td className={numClass}>{row.bookings}</td>
                  <td className={`${numClass} font-semibold text-red-800`}>{money(row.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-stone-200 font-bold text-stone-900">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  Total
                </th>
                <td className={numClass}>{rows.reduce((sum, row) => sum + row.bookings, 0)}</td>
                <td className={numClass}>{money((totalCents / 100).toFixed(2))}</td>
              </tr>
            </tfoot>
          </table>
        )
      }
      csv={rows.length === 0 ? undefined : { fileName: csvFileName("saldos-pendientes", filters), headers: OUTSTANDING_CSV_HEADERS, rows: () => outstandingCsvRows(rows) }}
    />
  );
}

function TopPlayers({ summary, filters }: { summary: ReportSummary; filters: ReportFilters }) {
  const players = summary.topPlayers;
  const title = "Jugadores con más reservas";
  if (players.length === 0) {
    return (
      <ReportSection
        title={title}
        icon={<Trophy aria-hidden="true" className={iconClass} />}
        table={<p className="text-sm text-stone-600">Nadie reservó en este período.</p>}
      />
    );
  }
  return (
    <ReportSection
      title={title}
      icon={<Trophy aria-hidden="true" className={iconClass} />}
      description="Los 10 jugadores con más reservas del período y lo que pagaron por ellas."
      chart={
        <LazyBarChart
          label={`${title}: gráfico de barras de reservas por jugador. Las cifras están en la tabla.`}
          labels={players.map((p) => p.name)}
          horizontal
          series={[{ label: "Reservas", color: "#1c7b4b", values: players.map((p) => p.bookings) }]}
          format={(value) => `${value} ${value === 1 ? "reserva" : "reservas"}`}
          tick={(value) => (Number.isInteger(value) ? String(value) : "")}
          height={Math.max(180, 40 + players.length * 36)}
        />
      }
      table={
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b border-stone-200">
            <tr>
              <th scope="col" className={thClass}>
                Jugador
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Reservas
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Pagado
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {players.map((player) => (
              <tr key={player.userId}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-stone-900 wrap-anywhere">
                  {player.name}
                </th>
                <td className={numClass}>{player.bookings}</td>
                <td className={numClass}>{money(player.spent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      csv={{ fileName: csvFileName("jugadores", filters), headers: PLAYERS_CSV_HEADERS, rows: () => playersCsvRows(players) }}
    />
  );
}

function Summary({ filters }: { filters: ReportFilters }) {
  const { data, error } = useReportSummary(filters);
  if (error) return <Failed title="Cancelaciones, saldos y jugadores" error={error} />;
  if (!data) return <Loading label="Cargando cancelaciones, saldos y jugadores..." />;
  return (
    <>
      <Cancellations summary={data} filters={filters} />
      <Outstanding summary={data} filters={filters} />
      <TopPlayers summary={data} filters={filters} />
    </>
  );
}

/** "12%"; "<1%" rather than "0%" when some hour was booked (3 of 1,792 hours) */
const occupancyText = ({ booked, percent }: { booked: number; percent: number | null }) =>
  percent === null ? "—" : percent === 0 && booked > 0 ? "<1%" : `${percent}%`;

/** The period's key figures: net revenue, bookings, occupancy, cancellations. */
function KeyFigures({ filters }: { filters: ReportFilters }) {
  const revenue = useRevenue(filters, "month");
  const occupancy = useOccupancy(filters);
  const summary = useReportSummary(filters);
  const hours = occupancy.data ? occupancySummary(heatmapRows(occupancy.data.cells)) : undefined;
  const pending = "…";
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard
        label="Ingresos netos"
        value={revenue.data ? money(revenue.data.total.net) : pending}
        hint={revenue.data ? `Bruto ${money(revenue.data.total.gross)}` : undefined}
        icon={<Wallet aria-hidden="true" className="h-5 w-5" />}
      />
      <StatCard label="Reservas" value={revenue.data ? revenue.data.total.bookings : pending} icon={<CalendarRange aria-hidden="true" className="h-5 w-5" />} />
      <StatCard
        label="Ocupación"
        value={hours === undefined ? pending : occupancyText(hours)}
        hint={hours && hours.capacity > 0 ? `${hours.booked} de ${hours.capacity} horas reservadas` : undefined}
        icon={<Percent aria-hidden="true" className="h-5 w-5" />}
      />
      <StatCard
        label="Cancelaciones"
        value={summary.data ? summary.data.cancellations.count : pending}
        hint={summary.data ? `Reembolsado ${money(summary.data.cancellations.refunded)}` : undefined}
        icon={<Ban aria-hidden="true" className="h-5 w-5" />}
      />
    </div>
  );
}

function Reports({ filters }: { filters: ReportFilters }) {
  // the three reads share the period: refused, they are refused alike, and the server's words say why once
  const refusal = periodRefusal(useOccupancy(filters).error, useRevenue(filters, "month").error, useReportSummary(filters).error);
  if (refusal) return <ErrorNotice>{refusal}</ErrorNotice>;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">
        Juegos del {formatDay(filters.from, "d 'de' MMMM 'de' yyyy")} al {formatDay(filters.to, "d 'de' MMMM 'de' yyyy")}.
      </p>
      <KeyFigures filters={filters} />
      {/* the revenue tables have seven columns: they take the page's width, so that they read whole on a computer */}
      <RevenueByMonth filters={filters} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <Occupancy filters={filters} />
        <div className="min-w-0 space-y-6">
          <Summary filters={filters} />
        </div>
      </div>
      <RevenueByCourt filters={filters} />
    </div>
  );
}

export default function AdminReportsScreen() {
  const { data: config, error } = useConfig();
  const [search, setSearch] = useSearchParams();
  // what the admin chose, kept here and written to the address after: two changes in a row (the
  // two dates typed one after the other) each build on the one before, not on a render in between
  const [chosen, setChosen] = useState<ChosenFilters>(() => chosenFromSearch(search));
  // (a date being typed is empty until it is whole: the field shows it so, the reports read the month meanwhile)
  const filters = config ? withDefaults(chosen, config.today) : undefined;
  const wanted = filters && Object.keys(chosen).length > 0 ? searchOfFilters(filters).toString() : undefined;
  useEffect(() => {
    if (wanted !== undefined && wanted !== search.toString()) setSearch(new URLSearchParams(wanted), { replace: true });
  }, [wanted, search, setSearch]);
  // the chart library downloads while the reports are read, not after them
  useEffect(preloadBarChart, []);
  return (
    <AdminShell title="Informes" description="El mes del club de un vistazo: ocupación, ingresos, cancelaciones y jugadores.">
      {error ? (
        <ErrorNotice>No se pudo cargar la configuración del club.</ErrorNotice>
      ) : !config || !filters ? (
        <Spinner label="Cargando informes..." />
      ) : (
        <>
          <PeriodFilters filters={filters} chosen={chosen} today={config.today} onChange={(patch) => setChosen((before) => ({ ...before, ...patch }))} />
          <Reports filters={filters} />
        </>
      )}
    </AdminShell>
  );
}
