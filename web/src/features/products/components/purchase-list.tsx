import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { formatInstant, money } from "../../../lib/format";
import type { AdminPurchase } from "../api/purchases";

const STATES = {
  succeeded: { text: "Pagado", tone: "green" },
  pending: { text: "Pendiente", tone: "amber" },
  failed: { text: "Fallido", tone: "red" },
} as const;

const buyer = (p: AdminPurchase) => p.userName ?? p.userEmail ?? "Jugador";
const when = (p: AdminPurchase, timeZone?: string) => formatInstant(p.paidAt ?? p.createdAt, "dd/MM/yyyy HH:mm", timeZone);

/** The newest products sold outside bookings: when, what, who, how much and its receipt number. */
export function PurchaseList({ purchases, total, timeZone }: { purchases: readonly AdminPurchase[]; total: number; timeZone?: string }) {
  return (
    <>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Ventas recientes</caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
            <tr>
              {["Fecha", "Producto", "Jugador", "Monto", "Estado", "Comprobante"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {purchases.map((p) => (
              <tr key={p.id}>
                <td className="whitespace-nowrap px-4 py-3 text-stone-700">{when(p, timeZone)}</td>
                <th scope="row" className="px-4 py-3 font-semibold text-stone-900">
                  {p.productName}
                </th>
                <td className="px-4 py-3 text-stone-700">
                  <span className="block">{buyer(p)}</span>
                  {p.userName && p.userEmail && <span className="block text-xs text-stone-600">{p.userEmail}</span>}
                </td>
                <td className="px-4 py-3 font-semibold text-court-800">{money(p.amount)}</td>
                <td className="px-4 py-3">
                  <Badge tone={STATES[p.status].tone}>{STATES[p.status].text}</Badge>
                </td>
                <td className="px-4 py-3 font-mono text-xs text-stone-700">{p.invoiceNumber ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 md:hidden" aria-label="Ventas recientes">
        {purchases.map((p) => (
          <li key={p.id}>
            <Card className="p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{p.productName}</p>
                  <p className="break-words text-sm text-stone-600">{buyer(p)}</p>
                  {p.userName && p.userEmail && <p className="break-all text-xs text-stone-600">{p.userEmail}</p>}
                </div>
                <p className="whitespace-nowrap font-bold text-court-800">{money(p.amount)}</p>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-stone-600">
                <Badge tone={STATES[p.status].tone}>{STATES[p.status].text}</Badge>
                <span>{when(p, timeZone)}</span>
                {p.invoiceNumber && <span className="font-mono">{p.invoiceNumber}</span>}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      {total > purchases.length && (
        <p className="mt-2 text-sm text-stone-600">
          Se muestran las {purchases.length} más recientes de {total}.
        </p>
      )}
    </>
  );
}
