import { Undo2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatInstant, money } from "../../../lib/format";
import type { LateRefund } from "../../../types/api";
import { useLateRefunds } from "../api/get-late-refunds";

const REASON_TEXT: Readonly<Record<LateRefund["reason"], string>> = {
  player: "Cancelación del jugador",
  closure: "Cierre del club",
  series: "Serie terminada por el club",
  settlement: "Pago que no se pudo aplicar",
  provider: "Reembolso en el proveedor",
};

/**
 * Refunds owed longer than the alert hours: money a payer is waiting for that the card provider
 * keeps refusing. Shown only when there is one, with the provider's last answer, so the club can act.
 */
export function LateRefunds({ timeZone }: { readonly timeZone?: string }) {
  const { data } = useLateRefunds();
  if (!data || data.length === 0) return null;
  return (
    <Card className="border-amber-300">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Undo2 aria-hidden="true" className="h-5 w-5 text-amber-700" /> Reembolsos sin confirmar
        </CardTitle>
        <p className="text-sm text-stone-600">El proveedor de pagos aún no confirmó estos reembolsos. Se reintentan solos; si el error sigue, revísalos en el panel del proveedor.</p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-100">
          {data.map((row) => (
            <li key={row.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="font-semibold text-stone-900">{REASON_TEXT[row.reason]}</span>
                <span className="text-stone-600"> · desde el {formatInstant(row.createdAt, "d/MM/yyyy", timeZone)} · {row.attempts} intentos</span>
                {row.lastError && <span className="block break-words text-stone-600">Último error: {row.lastError}</span>}
                <span className="block text-xs text-stone-500">Pago {row.paymentId.slice(0, 8)}</span>
              </span>
              <span className="font-bold text-amber-800">{money(row.amount)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
