import { useState } from "react";
import { Download, Receipt } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState, ErrorNotice } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { capitalize, formatInstant, money } from "../../../lib/format";
import { downloadPurchaseReceipt, PURCHASES_PAGE_SIZE, usePurchases, type MyPurchase, type PurchaseKind } from "../api/get-purchases";

/** How a purchase not recorded reads: it has no receipt (yet). */
const STATUS_TEXT: Readonly<Record<MyPurchase["status"], string | null>> = { succeeded: null, pending: "Pago pendiente", failed: "No completada" };

function Row({ purchase, timeZone }: { purchase: MyPurchase; timeZone: string | undefined }) {
  const [downloading, setDownloading] = useState(false);
  const when = capitalize(formatInstant(purchase.createdAt, "EEE d 'de' MMM yyyy, HH:mm", timeZone));
  const status = STATUS_TEXT[purchase.status];
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPurchaseReceipt(purchase.id);
      toast({ title: "Recibo descargado", description: "El recibo se guardó en tu dispositivo" });
    } catch (error) {
      toastError("Error al descargar el recibo", describeError(error, "No se pudo descargar el recibo"));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-words font-medium text-stone-900">{purchase.name}</p>
        <span className="shrink-0 font-semibold tabular-nums text-stone-900">{money(purchase.amount)}</span>
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="min-w-0 text-sm text-stone-600">
          {when}
          {purchase.method === "cash" ? " · Efectivo en el club" : " · Tarjeta"}
          {purchase.receiptNumber && <span className="block text-stone-700">Recibo N.º {purchase.receiptNumber}</span>}
        </p>
        {status ? (
          <Badge tone={purchase.status === "pending" ? "amber" : "gray"}>{status}</Badge>
        ) : (
          purchase.receiptNumber && (
            <Button
              variant="outline"
              size="sm"
              className="shrink-0"
              disabled={downloading}
              aria-label={`Descargar recibo de ${purchase.name} del ${when}`}
              onClick={() => void download()}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              {downloading ? "Descargando..." : "Descargar recibo"}
            </Button>
          )
        )}
      </div>
    </li>
  );
}

/**
 * The player's purchases of one kind with their receipts (DESIGN.md section 16, "Every product has
 * an invoice or receipt"), newest first, a page at a time: 'Descargar recibo' saves the PDF.
 */
export function PurchaseReceipts({ kind, label, empty, timeZone }: { kind: PurchaseKind; label: string; empty: string; timeZone: string | undefined }) {
  const [page, setPage] = useState(1);
  const { data, error } = usePurchases(kind, page);
  if (error) return <ErrorNotice>No se pudieron cargar tus recibos.</ErrorNotice>;
  if (!data) return <Spinner label="Cargando recibos..." className="py-6" />;
  if (data.total === 0) return <EmptyState icon={<Receipt aria-hidden="true" className="h-6 w-6" />} title={empty} />;
  const pages = Math.max(1, Math.ceil(data.total / PURCHASES_PAGE_SIZE));
  return (
    <div>
      <ul className="divide-y divide-stone-100" aria-label={label}>
        {data.items.map((p) => (
          <Row key={p.id} purchase={p} timeZone={timeZone} />
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label={`Páginas de ${label.toLowerCase()}`} className="mt-4 flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anteriores
          </Button>
          <span className="text-sm text-stone-600">
            Página {page} de {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Siguientes
          </Button>
        </nav>
      )}
    </div>
  );
}
