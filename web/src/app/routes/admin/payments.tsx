import { useState, type ChangeEvent } from "react";
import { ChevronLeft, ChevronRight, Clock, CreditCard, Download, FileSpreadsheet, LogOut, Receipt, ShoppingBag, Tag, Wallet } from "lucide-react";
import { FEE_LABEL } from "@courts/core";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState, ErrorNotice } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { Row } from "../../../components/ui/page";
import { Spinner } from "../../../components/ui/spinner";
import { StatCard } from "../../../components/ui/stat-card";
import { useLogout } from "../../../features/auth/hooks/use-logout";
import { useConfig } from "../../../features/config/api/get-config";
import { useActiveCodes } from "../../../features/discounts/api/get-active-codes";
import { usePaymentStats } from "../../../features/payments/api/get-payment-stats";
import { useTransactions, type TransactionFilters } from "../../../features/payments/api/get-transactions";
import { transactionsCsvUrl } from "../../../features/payments/api/get-transactions-csv";
import { LateRefunds } from "../../../features/payments/components/late-refunds";
import { OutstandingBalances } from "../../../features/payments/components/outstanding-balances";
import { useInvoiceDownload } from "../../../features/payments/components/use-invoice-download";
import { useVenues } from "../../../features/venues/api/get-venues";
import { hasInvoice, paymentFlagLabel, paymentStatusLabel, paymentStatusTone, refundNote } from "../../../features/payments/payment-texts";
import { formatDay, formatInstant, money, toCents } from "../../../lib/format";
import { isPending } from "../../../lib/swr";
import { AdminShell } from "../../layout/admin-shell";

/** A deduction: "-$1.59", but "$0.00" rather than "-$0.00". */
const minus = (amount: string) => (toCents(amount) > 0 ? `-${money(amount)}` : money(amount));

function Stats() {
  const stats = usePaymentStats();
  const { data, error } = stats;
  if (isPending(stats)) return <Spinner label="Cargando estadísticas..." />;
  if (error || !data) return <ErrorNotice>No se pudieron cargar las estadísticas de pagos.</ErrorNotice>;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {/* each card says what it counts: a partly refunded payment is revenue but not 'completado', and
            'pendiente' is a card payment still being confirmed, not a booking unpaid nor a balance due */}
        <StatCard
          label="Ingresos totales"
          value={money(data.totalRevenue)}
          hint="Cobrado, menos descuentos y reembolsos"
          icon={<Wallet aria-hidden="true" className="h-5 w-5" />}
        />
        <StatCard
          label="Pagos completados"
          value={data.completedCount}
          hint="Sin contar los reembolsados"
          icon={<CreditCard aria-hidden="true" className="h-5 w-5" />}
        />
        <StatCard
          label="Monto pendiente"
          value={money(data.pendingAmount)}
          hint={`${data.pendingCount} ${data.pendingCount === 1 ? "transacción pendiente" : "transacciones pendientes"}: pagos con tarjeta por confirmar`}
          icon={<Clock aria-hidden="true" className="h-5 w-5" />}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Resumen de ingresos</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-stone-100 text-sm">
            {/* One definition each, the same as every transaction row: bruto - descuentos - comisiones - reembolsos = neto. */}
            <Row label="Total bruto" value={money(data.summary.gross)} />
            <Row label="Descuentos aplicados" value={minus(data.summary.discounts)} />
            <Row label={`Comisiones de tarjeta (${FEE_LABEL})`} value={minus(data.summary.stripeFees)} />
            <Row label="Reembolsos" value={minus(data.summary.refunds)} />
            <Row label="Ingresos netos" value={money(data.summary.net)} strong />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function ActiveCodes() {
  const codes = useActiveCodes();
  const { data, error } = codes;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Tag aria-hidden="true" className="h-5 w-5 text-court-700" /> Códigos activos
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending(codes) ? (
          <Spinner className="py-4" />
        ) : error ? (
          <ErrorNotice>No se pudieron cargar los códigos.</ErrorNotice>
        ) : !data || data.length === 0 ? (
          <p className="text-sm text-stone-600">No hay códigos activos</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {data.map((code) => (
              <li key={code.id} className="flex items-center justify-between gap-3 py-2.5">
                <span className="font-mono font-bold text-stone-900">{code.code}</span>
                <span className="text-sm font-semibold text-court-800">
                  {code.type === "percentage" ? `${code.value}%` : money(code.value)}
                </span>
                <span className="text-xs text-stone-600">
                  {code.usageCount} {code.usageCount === 1 ? "uso" : "usos"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A range whose start is after its end: the server would refuse the read and the export (400). */
const isBackwards = (from: string | undefined, to: string | undefined) => from !== undefined && to !== undefined && from > to;
const isBadRange = (filters: TransactionFilters) => isBackwards(filters.from, filters.to) || isBackwards(filters.gameFrom, filters.gameTo);
const isFiltered = (filters: TransactionFilters) => Object.values(filters).some((value) => value !== undefined);

const STATUS_OPTIONS: { value: NonNullable<TransactionFilters["status"]> | ""; label: string }[] = [
  { value: "", label: "Todos" },
  { value: "succeeded", label: "Completados" },
  { value: "pending", label: "Pendientes" },
  { value: "failed", label: "Fallidos" },
  { value: "refunded", label: "Reembolsados" },
];

function TransactionFilterBar({ filters, onChange }: { filters: TransactionFilters; onChange: (filters: TransactionFilters) => void }) {
  const badRange = isBadRange(filters);
  const venues = useVenues();
  const date = (field: "from" | "to" | "gameFrom" | "gameTo") => ({
    type: "date",
    value: filters[field] ?? "",
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...filters, [field]: e.target.value || undefined }),
  });
  return (
    <div className="mb-4 space-y-3">
      {/* the day the payment was made, and the day of the game it paid for: a month's games are paid the month before too */}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:items-start">
        <TextField label="Pago desde" {...date("from")} error={isBackwards(filters.from, filters.to) ? "Debe ser anterior o igual a «Pago hasta»" : undefined} />
        <TextField label="Pago hasta" {...date("to")} />
        <TextField
          label="Partido desde"
          {...date("gameFrom")}
          error={isBackwards(filters.gameFrom, filters.gameTo) ? "Debe ser anterior o igual a «Partido hasta»" : undefined}
        />
        <TextField label="Partido hasta" {...date("gameTo")} />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <SelectField label="Complejo" value={filters.venueId ?? ""} onChange={(e) => onChange({ ...filters, venueId: e.target.value || undefined })}>
          <option value="">Todos los complejos</option>
          {(venues.data ?? []).map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Estado"
          value={filters.status ?? ""}
          onChange={(e) => {
            const status = STATUS_OPTIONS.find((o) => o.value === e.target.value)?.value;
            onChange({ ...filters, status: status || undefined });
          }}
        >
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        {badRange ? (
          // the export would be refused (400) for the same dates: no link that downloads nothing
          <Button variant="outline" disabled>
            <FileSpreadsheet aria-hidden="true" className="h-4 w-4" /> Exportar CSV
          </Button>
        ) : (
          <Button asChild variant="outline">
            <a href={transactionsCsvUrl(filters)} download>
              <FileSpreadsheet aria-hidden="true" className="h-4 w-4" /> Exportar CSV
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}

function Pager({
  page,
  pageSize,
  total,
  hasNext,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** the page shown has a cursor to read on from */
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Páginas de transacciones" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
      <p>
        Página {page} de {pages} · {total} {total === 1 ? "transacción" : "transacciones"}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Anterior
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages || !hasNext}>
          Siguiente <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </nav>
  );
}

function Transactions() {
  const [filters, setFilters] = useState<TransactionFilters>({});
  // the cursor each page read starts after (none for the first): 'Siguiente' adds the shown page's
  // nextAfter, 'Anterior' takes the last one off, and a page read before comes from the cache
  const [cursors, setCursors] = useState<ReadonlyArray<string | undefined>>([undefined]);
  const page = cursors.length;
  // while a page loads, the pager stays on the page still shown
  const [shown, setShown] = useState(1);
  const badRange = isBadRange(filters);
  const { data: answer, error, pending } = useTransactions(page, filters, !badRange, cursors[page - 1]);
  const turn = (to: number) => {
    if (pending) return;
    setShown(page);
    if (to < page) setCursors(cursors.slice(0, Math.max(1, to)));
    else if (to === page + 1 && answer?.nextAfter) setCursors([...cursors, answer.nextAfter]);
  };
  const data = answer?.items;
  const { data: config } = useConfig();
  const { download, pendingId } = useInvoiceDownload("admin");
  return (
    <section aria-labelledby="transacciones">
      <h2 id="transacciones" className="mb-3 flex items-center gap-2 text-lg font-bold text-stone-900">
        <Receipt aria-hidden="true" className="h-5 w-5 text-court-700" /> Historial de transacciones
      </h2>
      <TransactionFilterBar
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setCursors([undefined]);
          setShown(1);
        }}
      />
      {pending ? (
        <Spinner label="Cargando transacciones..." />
      ) : error ? (
        <ErrorNotice>No se pudieron cargar las transacciones.</ErrorNotice>
      ) : !data || data.length === 0 ? (
        // with a filter set, an empty list says nothing of the transactions the filter leaves out
        <EmptyState
          title={isFiltered(filters) ? "Ninguna transacción coincide con los filtros" : "No hay transacciones registradas"}
        />
      ) : (
        <ul className="space-y-3">
          {data.map((t) => {
            const refund = t.sale ? null : refundNote(t, config?.timeZone, "admin");
            const flag = paymentFlagLabel(t.flag ?? null);
            return (
              <li key={t.id}>
                {/* the last column has one width for every row (its badges wrap inside it): sized by its
                    own content, each row's player and venue columns started at a different place */}
                <Card className="grid grid-cols-1 gap-3 p-4 md:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_18rem] md:items-center lg:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_20rem]">
                  <div className="text-sm">
                    <p className="font-semibold text-stone-900">{formatInstant(t.createdAt, "dd/MM/yyyy", config?.timeZone)}</p>
                    <p className="text-stone-600">{formatInstant(t.createdAt, "HH:mm", config?.timeZone)}</p>
                  </div>
                  <div className="min-w-0 text-sm">
                    <p className="truncate font-semibold text-stone-900">{t.userName ?? (t.shareToken ? "Pago compartido" : "Usuario")}</p>
                    <p className="truncate text-stone-600">{t.userEmail ?? "—"}</p>
                  </div>
                  {t.sale ? (
                    // a product sold (top-up, punch card, membership): no game, court nor refund; its name as the CSV's 'Concepto'
                    <div data-column="product" className="min-w-0 text-sm">
                      <p className="flex min-w-0 items-center gap-1.5 font-semibold text-stone-900">
                        <ShoppingBag aria-hidden="true" className="h-4 w-4 shrink-0 text-court-700" />
                        <span className="truncate">{t.sale.name}</span>
                      </p>
                      {t.venueName ? <p className="truncate text-stone-600">{t.venueName}</p> : null}
                      {/* the club's day it was sold (the row's 'date' is a placeholder, not the club's day) */}
                      <p className="truncate text-stone-600">Venta {formatInstant(t.createdAt, "dd/MM/yyyy", config?.timeZone)}</p>
                    </div>
                  ) : (
                    <div data-column="venue" className="min-w-0 text-sm">
                      <p className="truncate text-stone-900">{t.venueName ?? "—"}</p>
                      <p className="truncate text-stone-600">
                        {t.courtName ?? "Cancha"}
                        {t.courtNumber != null && ` · #${t.courtNumber}`}
                      </p>
                      {/* the game it paid for: what 'Partido desde' and 'Partido hasta' filter by */}
                      <p className="truncate text-stone-600">
                        Partido {formatDay(t.date, "dd/MM/yyyy")} · {t.timeSlot}
                      </p>
                    </div>
                  )}
                  <div className="flex flex-wrap items-center gap-2 md:justify-end">
                    <div className="text-right">
                      <p className="font-bold text-stone-900">{money(t.amount)}</p>
                      {!t.sale && toCents(t.refundedAmount ?? "0") > 0 && <p className="text-xs text-red-700">Reembolso -{money(t.refundedAmount ?? "0")}</p>}
                      {!t.sale && t.discountCode && (
                        <p className="text-xs text-court-700">
                          {t.discountCode} (-{money(t.discount)})
                        </p>
                      )}
                      {!t.sale && !t.discountCode && toCents(t.discount) > 0 && <p className="text-xs text-court-700">-{money(t.discount)}</p>}
                    </div>
                    {t.sale ? (
                      <Badge tone={t.sale.method === "cash" ? "ball" : "gray"}>{t.sale.method === "cash" ? "Efectivo" : "Tarjeta"}</Badge>
                    ) : (
                      t.kind === "cash" && <Badge tone="ball">Efectivo</Badge>
                    )}
                    <Badge tone={paymentStatusTone(t)}>{paymentStatusLabel(t, "admin")}</Badge>
                    {flag && <Badge tone="red">{flag}</Badge>}

                    {/* SPEC's PDF on every row; a payment never charged (pending, declined) or refunded as it
                        arrived has no invoice, so its button is off and says why instead of failing unseen */}
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => void download(t)}
                      disabled={!hasInvoice(t) || pendingId === t.id}
                      title={hasInvoice(t) ? undefined : t.sale ? "Sin recibo: esta venta no se cobró" : "Sin factura: este pago no se cobró"}
                      aria-label={`${hasInvoice(t) ? (t.sale ? "Descargar recibo" : "Descargar PDF") : t.sale ? "Sin recibo" : "Sin factura"} de la transacción del ${formatInstant(t.createdAt, "dd/MM/yyyy HH:mm", config?.timeZone)}`}
                    >
                      <Download aria-hidden="true" className="h-4 w-4" /> PDF
                    </Button>
                  </div>
                  {refund && (
                    <p data-testid="refund-note" className="text-xs text-stone-600 md:col-span-4 md:text-right">
                      {refund}
                    </p>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {answer && answer.total > 0 && (
        <Pager page={pending ? shown : page} pageSize={answer.pageSize} total={answer.total} hasNext={answer.nextAfter !== null} onPage={turn} />
      )}
    </section>
  );
}

function LogoutButton() {
  const { logout, pending } = useLogout("admin", "/admin/login");
  return (
    <Button variant="outline" onClick={() => void logout()} disabled={pending}>
      <LogOut aria-hidden="true" className="h-4 w-4" /> Cerrar Sesión
    </Button>
  );
}

export default function AdminPaymentsScreen() {
  const { data: config } = useConfig();
  return (
    <AdminShell title="Pagos" description="Ingresos, comisiones, códigos y transacciones." actions={<LogoutButton />}>
      <div className="space-y-8">
        <Stats />
        <OutstandingBalances />
        <LateRefunds timeZone={config?.timeZone} />
        <ActiveCodes />
        <Transactions />
      </div>
    </AdminShell>
  );
}
