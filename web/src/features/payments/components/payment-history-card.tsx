import { Download } from "lucide-react";
import { formatMoney } from "@courts/core";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Row } from "../../../components/ui/page";
import { capitalize, formatDay, formatInstant, money, shortId, toCents } from "../../../lib/format";
import type { StatedBooking } from "../../../lib/booking-state";
import type { Payment } from "../../../types/api";
import { BookingStateLine } from "./booking-state-line";
import { paymentStatusLabel, paymentStatusTone, refundNote, totalLabel } from "../payment-texts";

/**
 * A payment in the player's history: short id, status, date, amount, discount, total paid, what
 * came back, code, PDF. The card fee and the net are the club's figures (admin payments and the
 * invoice's fine print): shown here, players read them as a fee they paid.
 */
export function PaymentHistoryCard({
  payment,
  timeZone,
  onDownload,
  downloading,
}: {
  /** with its booking (the player's payment history), whose cancellation it says */
  payment: Payment & { readonly booking?: StatedBooking | null };
  timeZone?: string | undefined;
  onDownload: () => void;
  downloading: boolean;
}) {
  const totalPaid = payment.totalPaid ?? formatMoney(toCents(payment.amount) - toCents(payment.discount));
  const refund = refundNote(payment, timeZone);
  const refunded = toCents(payment.refundedAmount);
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-stone-100 p-5">
        <div>
          <p className="font-mono text-sm font-semibold text-stone-900">#{shortId(payment.id)}</p>
          <p className="text-sm text-stone-600">{formatInstant(payment.createdAt, "d MMM yyyy, HH:mm", timeZone)}</p>
          {payment.courtName && (
            <p className="text-sm text-stone-600">
              {payment.courtName}
              {payment.courtNumber != null && ` · #${payment.courtNumber}`}
            </p>
          )}
          {/* the game it paid for: two payments for one court are told apart by their hour */}
          {payment.date && (
            <p data-testid="payment-game" className="text-sm text-stone-600">
              Partido: {capitalize(formatDay(payment.date, "EEE d MMM"))}, {payment.timeSlot}
            </p>
          )}
          {/* the game's state as My bookings and Settings show it ('Jugada', 'Cancelada'...) */}
          {payment.booking && <BookingStateLine booking={payment.booking} className="mt-1" />}
        </div>
        <Badge tone={paymentStatusTone(payment)}>{paymentStatusLabel(payment)}</Badge>
      </div>
      <dl className="flex-1 divide-y divide-stone-100 px-5 py-2 text-sm">
        <Row label="Monto" value={money(payment.amount)} />
        <Row label="Descuento" value={toCents(payment.discount) > 0 ? `-${money(payment.discount)}` : money(0)} />
        {/* the card fee is the club's cost, not the player's: it stays on the admin side and the invoice */}
        {payment.kind === "cash" && <Row label="Forma de pago" value={<Badge tone="ball">Efectivo en el club</Badge>} />}
        <Row label={totalLabel(payment)} value={money(totalPaid)} strong />
        {refunded > 0 && <Row label="Reembolsado" value={money(payment.refundedAmount)} />}
        {payment.discountCode && <Row label="Código" value={<Badge tone="ball">{payment.discountCode}</Badge>} />}
      </dl>
      {refund && (
        <p data-testid="refund-note" className="border-t border-stone-100 px-5 py-3 text-sm text-court-800">
          {refund}
        </p>
      )}
      {payment.status === "succeeded" && (
        <div className="border-t border-stone-100 p-4">
          <Button variant="outline" size="sm" className="w-full" onClick={onDownload} disabled={downloading} aria-busy={downloading}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {downloading ? "Descargando..." : "Descargar PDF"}
          </Button>
        </div>
      )}
    </Card>
  );
}
