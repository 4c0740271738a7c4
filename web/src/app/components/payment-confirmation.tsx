import { Link } from "react-router-dom";
import { Hourglass } from "lucide-react";
import { displayMoney } from "@courts/core";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Page, Row } from "../../components/ui/page";
import { money, toCents } from "../../lib/format";
import type { Booking, Payment } from "../../types/api";
import { BookingFacts } from "../../features/bookings/components/booking-facts";
import { PaymentDoneHeading } from "../../features/payments/components/payment-done-heading";
import { ShareLinkPanel } from "../../features/sharing/components/share-link-panel";

/**
 * After the organiser pays: what this payment took, what the booking still waits for, and the
 * share link right here (the others pay theirs through it), instead of a list to search.
 */
export function PaymentConfirmation({
  booking,
  payment,
  paidBefore,
  timeZone,
}: {
  booking: Booking;
  payment: Payment;
  paidBefore: number;
  /** the club's, in which the share link's end is told */
  timeZone: string;
}) {
  const total = toCents(booking.totalAmount);
  // the booking as refetched after recording, or, should that answer be older, what it was plus this payment
  const paid = Math.min(total, Math.max(toCents(booking.paidAmount), paidBefore + toCents(payment.amount)));
  const pending = total - paid;
  const discount = toCents(payment.discount);
  return (
    <Page narrow>
      <PaymentDoneHeading title="¡Pago confirmado!">
        {pending > 0
          ? `Tu lugar está asegurado. Comparte el link para que ${booking.gameType === "singles" ? "el otro jugador pague" : "los demás paguen"} su parte.`
          : "Tu reserva está pagada por completo."}
      </PaymentDoneHeading>
      <div className="space-y-5">
        {pending > 0 && (
          <Card>
            <CardHeader>
              <CardTitle>Comparte el link de pago</CardTitle>
              <p className="text-sm text-stone-600">
                Falta {displayMoney(pending)}: {booking.gameType === "singles" ? "el otro jugador paga su parte" : "cada jugador paga su parte"} con este link.
              </p>
            </CardHeader>
            <CardContent>
              <ShareLinkPanel bookingId={booking.id} gameType={booking.gameType} shareDeadlineAt={booking.shareDeadlineAt} timeZone={timeZone} />
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Resumen</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <BookingFacts court={booking.court ?? null} date={booking.date || booking.bookingDate} timeSlot={booking.timeSlot} tariffType={booking.tariffType} gameType={booking.gameType} />
            <dl className="divide-y divide-stone-100 border-t border-stone-100 pt-2 text-sm">
              {/* an hour of a punch card covers the whole booking: said as the bono, not as a discount */}
              {discount > 0 &&
                (payment.kind === "punch_card" ? (
                  <Row label="Con tu bono (1 hora)" value={money(payment.discount)} />
                ) : (
                  <Row label={payment.discountCode ? `Descuento (${payment.discountCode})` : "Descuento"} value={`-${money(payment.discount)}`} />
                ))}
              <Row label="Pagaste ahora" value={<span data-testid="paid-now">{payment.totalPaid ? money(payment.totalPaid) : displayMoney(toCents(payment.amount) - discount)}</span>} strong />
              <Row label="Total de la reserva" value={money(booking.totalAmount)} />
              {/* the booking counts a discount as covered: with one, what is covered is more than what was paid */}
              <Row label={discount > 0 ? "Cubierto hasta ahora (pagos y descuentos)" : "Pagado hasta ahora"} value={<span data-testid="covered">{displayMoney(paid)}</span>} />
              <Row
                label="Pendiente"
                value={
                  <span data-testid="pending" className={pending > 0 ? "inline-flex items-center gap-1 text-amber-800" : "text-court-700"}>
                    {pending > 0 && <Hourglass aria-hidden="true" className="h-3.5 w-3.5" />}
                    {displayMoney(pending)}
                  </span>
                }
              />
            </dl>
          </CardContent>
        </Card>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/my-bookings">Ir a Mis Reservas</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Volver al inicio</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}
