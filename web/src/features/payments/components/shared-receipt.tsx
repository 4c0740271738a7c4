import { Link } from "react-router-dom";
import { Printer } from "lucide-react";
import { displayMoney, GAME_TYPE_LABEL } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Page, Row } from "../../../components/ui/page";
import { capitalize, formatDay, formatInstant, money, shortId, toCents } from "../../../lib/format";
import type { Payment, SharedPaymentDetails } from "../../../types/api";
import { PaymentDoneHeading } from "./payment-done-heading";

/**
 * What a guest who paid their share keeps: a receipt on screen (they have no account to find it
 * in later), printable, with the booking it pays for.
 */
export function SharedReceipt({ payment, details, timeZone }: { payment: Payment; details: SharedPaymentDetails; timeZone: string }) {
  const { booking, court } = details;
  const discount = toCents(payment.discount);
  const paidAt = payment.paidAt ?? payment.createdAt;
  return (
    <Page narrow>
      <PaymentDoneHeading title="¡Pago recibido!">Tu parte está pagada. ¡Nos vemos en la cancha!</PaymentDoneHeading>
      <Card>
        <CardHeader>
          <CardTitle>Recibo de pago</CardTitle>
          <p className="text-sm text-stone-600">Guarda o imprime este recibo.</p>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-stone-100 text-sm" data-testid="receipt">
            <Row label="Recibo" value={<span className="font-mono">{payment.invoiceNumber ?? `#${shortId(payment.id)}`}</span>} />
            <Row label="Fecha de pago" value={formatInstant(paidAt, "d MMM yyyy, HH:mm", timeZone)} />
            {court !== null && <Row label="Cancha" value={`${court.name} · #${court.courtNumber} · ${court.venueName}`} />}
            <Row label="Día y hora" value={`${capitalize(formatDay(booking.date || booking.bookingDate, "EEE d 'de' MMM yyyy"))} · ${booking.timeSlot}`} />
            <Row label="Modalidad" value={GAME_TYPE_LABEL[booking.gameType]} />
            <Row label="Tu parte" value={money(payment.amount)} />
            {discount > 0 && <Row label="Descuento" value={`-${money(payment.discount)}`} />}
            <Row label="Total pagado" value={<span data-testid="receipt-total">{payment.totalPaid ? money(payment.totalPaid) : displayMoney(toCents(payment.amount) - discount)}</span>} strong />
          </dl>
        </CardContent>
      </Card>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" /> Imprimir recibo
        </Button>
        <Button asChild>
          <Link to="/">Ir al inicio</Link>
        </Button>
      </div>
    </Page>
  );
}
