import { useState, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { CircleCheck, Hourglass, Users } from "lucide-react";
import { DEFAULT_TIME_ZONE, isExpired, isFull, LINK_UNUSABLE, parseMoney, placesLeft, WAITING_FOR_ORGANISER } from "@courts/core";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { TextField } from "../../components/ui/field";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { toast, toastError } from "../../components/ui/toast";
import { useMe } from "../../features/auth/api/get-me";
import { useConfig } from "../../features/config/api/get-config";
import { createPaymentIntent } from "../../features/payments/api/create-payment-intent";
import { useRecordPayment } from "../../features/payments/api/record-payment";
import { CardPayment } from "../../features/payments/components/card-payment";
import { SharedReceipt } from "../../features/payments/components/shared-receipt";
import { useSharedLink } from "../../features/sharing/api/get-shared-link";
import { deadlineAfterLink, linkTime } from "../../features/sharing/components/link-lifetime";
import { describeError, isStatus } from "../../lib/api-client";
import { money } from "../../lib/format";
import { BookingFacts } from "../../features/bookings/components/booking-facts";
import { randomId } from "../../lib/random-id";
import { useTitle } from "../../lib/use-title";
import type { Payment, SharedPaymentDetails } from "../../types/api";

function Unusable({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page narrow>
      <EmptyState icon={<Hourglass aria-hidden="true" className="h-6 w-6" />} title={title}>
        <p className="max-w-md text-sm text-stone-600">{children}</p>
        <Button asChild variant="outline">
          <Link to="/">Ir al inicio</Link>
        </Button>
      </EmptyState>
    </Page>
  );
}

export default function SharedPaymentScreen() {
  const { shareToken = "" } = useParams();
  const shared = useSharedLink(shareToken);
  const { mutate: reloadLink } = shared;
  const { data: config, error: configError } = useConfig();
  const { user: me } = useMe();
  const [payerName, setPayerName] = useState("");
  const [payerEmail, setPayerEmail] = useState("");
  // kept with the details as they were when paying: the link may be full (409) once refetched
  const [receipt, setReceipt] = useState<{ payment: Payment; details: SharedPaymentDetails } | null>(null);
  const { trigger: recordPayment } = useRecordPayment();
  useTitle(receipt ? "Recibo de pago" : "Pago compartido");

  if (receipt) return <SharedReceipt payment={receipt.payment} details={receipt.details} timeZone={config?.timeZone ?? DEFAULT_TIME_ZONE} />;

  if (!shared.error && (!shared.data || (!config && !configError))) return <Spinner label="Cargando link de pago..." />;

  const expiredText = "Este link de pago ya no es válido. Por favor contacta al organizador de la reserva para que te envíe uno nuevo.";
  if (isStatus(shared.error, 410)) {
    // the booking was cancelled, ran out unpaid or passed its split deadline: the server says which, and a new link would not help
    const why = shared.error.serverMessage;
    const reason = Object.values(LINK_UNUSABLE).find((r) => r.message === why);
    if (reason === LINK_UNUSABLE.cancelled)
      return (
        <Unusable title={reason.title}>
          {why}. Si pagaste tu parte, el reembolso que corresponda vuelve a la tarjeta con la que pagaste.
        </Unusable>
      );
    return <Unusable title={reason?.title ?? "Link Expirado"}>{why && !why.startsWith("Link Expirado") ? `${why}.` : expiredText}</Unusable>;
  }
  if (isStatus(shared.error, 404, 400)) {
    return <Unusable title="Link no encontrado">Revisa que el link esté completo o pide uno nuevo al organizador.</Unusable>;
  }
  if (isStatus(shared.error, 409)) {
    return <Unusable title="Reserva Completa">Todos los participantes ya pagaron su parte de esta reserva.</Unusable>;
  }
  if (shared.error || !shared.data || !config) {
    return (
      <Page narrow>
        <ErrorNotice>No se pudo cargar el link de pago. Intenta de nuevo más tarde.</ErrorNotice>
      </Page>
    );
  }

  const { link, booking, court, yourPayment } = shared.data;
  const expiresAt = new Date(link.expiresAt);
  if (isExpired({ expiresAt }, new Date())) return <Unusable title="Link Expirado">{expiredText}</Unusable>;
  if (isFull(link)) {
    return <Unusable title="Reserva Completa">Todos los participantes ya pagaron su parte de esta reserva.</Unusable>;
  }

  // The organiser's unpaid hold: the others pay once the organiser has (the server refuses earlier, 409)
  if (booking.status === "active" && booking.holdExpiresAt != null && (parseMoney(booking.paidAmount) ?? 0) === 0 && !yourPayment) {
    return (
      <Unusable title={WAITING_FOR_ORGANISER.title}>
        {WAITING_FOR_ORGANISER.message}. Vuelve a abrir este link en unos minutos; si no paga a tiempo, la reserva se libera y el link deja de servir.
      </Unusable>
    );
  }

  // The split deadline: what is unpaid then is charged to the organiser's card (DESIGN.md section 8).
  const deadline = booking.shareDeadlineAt ?? link.expiresAt;
  const endsFirst = deadlineAfterLink(link.expiresAt, booking.shareDeadlineAt) !== null;
  const when = (iso: string) => linkTime(iso, config.timeZone);
  const left = link.placesLeft ?? placesLeft(link);
  const share = parseMoney(link.amountPerPerson) ?? 0;
  const progress = Math.round((link.currentParticipants / Math.max(link.maxParticipants, 1)) * 100);

  const onPaid = async (paymentIntentId: string) => {
    try {
      const payment = await recordPayment({
        bookingId: booking.id,
        // The payer has no account: the server expects a generated participant placeholder.
        userId: `shared-${randomId()}`,
        stripePaymentIntentId: paymentIntentId,
        shareToken: link.shareToken,
      });
      toast({ title: "Pago exitoso", description: "Tu pago ha sido procesado correctamente" });
      setReceipt({ payment, details: { link, booking, court, yourPayment: null } });
      window.scrollTo({ top: 0 });
    } catch (error) {
      toastError("Error en el pago", describeError(error, "No se pudo registrar el pago"));
    }
  };

  return (
    <Page>
      <PageHeader
        title="Pago Compartido"
        description={yourPayment ? "Ya pagaste tu parte de esta reserva." : "Te invitaron a una reserva de tenis. Paga tu parte para confirmar tu lugar."}
        icon={<Users aria-hidden="true" className="h-6 w-6" />}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Detalles de la reserva</CardTitle>
            </CardHeader>
            <CardContent>
              <BookingFacts court={court} date={booking.date || booking.bookingDate} timeSlot={booking.timeSlot} gameType={booking.gameType} />
              <p className="mt-4 text-sm text-stone-600">Total de la reserva: {money(booking.totalAmount)}</p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Participantes</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p className="text-2xl font-extrabold text-stone-900">
                {link.currentParticipants} de {link.maxParticipants}{" "}
                <span className="text-base font-medium text-stone-600">ya pagaron</span>
              </p>
              <div
                role="progressbar"
                aria-label="Participantes que ya pagaron"
                aria-valuemin={0}
                aria-valuemax={link.maxParticipants}
                aria-valuenow={link.currentParticipants}
                className="h-3 overflow-hidden rounded-full bg-stone-100"
              >
                <div className="h-full rounded-full bg-court-600" style={{ width: `${progress}%` }} />
              </div>
              <p className="flex items-center gap-2 text-sm text-stone-700">
                <CircleCheck aria-hidden="true" className="h-4 w-4 text-court-600" />
                {left === 1 ? "Queda 1 lugar disponible" : `Quedan ${left} lugares disponibles`}
              </p>
              <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
                <Hourglass aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {endsFirst ? (
                  <span>
                    Este link vence el {when(link.expiresAt)}. Se puede pagar por partes hasta el {when(deadline)}: si el link vence
                    antes, pide uno nuevo al organizador. Lo que falte a esa hora se cobra a la tarjeta del organizador.
                  </span>
                ) : (
                  <span>
                    Puedes pagar tu parte hasta el {when(deadline)}. Después de esa hora el link vence y lo que falte se cobra a la
                    tarjeta del organizador.
                  </span>
                )}
              </p>
            </CardContent>
          </Card>
        </div>

        <aside aria-labelledby="tu-parte" className="lg:sticky lg:top-24 lg:self-start">
          {yourPayment ? (
            // a signed-in player who paid already: one player, one share (the server refuses a second)
            <Card data-testid="your-payment">
              <CardHeader>
                <CardTitle id="tu-parte">Tu parte</CardTitle>
                <p className="text-3xl font-extrabold text-court-800">{money(yourPayment.charged)}</p>
              </CardHeader>
              <CardContent className="space-y-4">
                <p className="flex items-start gap-2 text-sm font-semibold text-court-800">
                  <CircleCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  Ya pagaste tu parte el {when(yourPayment.paidAt)}.
                </p>
                <p className="text-sm text-stone-600">Tu recibo y la factura están en Historial de Pagos, en tu panel.</p>
                <Button asChild variant="outline" className="w-full">
                  <Link to="/user-dashboard">Ir a mi panel</Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle id="tu-parte">Tu parte</CardTitle>
                <p className="text-3xl font-extrabold text-court-800">{money(link.amountPerPerson)}</p>
              </CardHeader>
              <CardContent>
                {!me && (
                  <div className="mb-5 space-y-3">
                    <TextField
                      label="Tu nombre"
                      value={payerName}
                      onChange={(e) => setPayerName(e.target.value)}
                      maxLength={80}
                      autoComplete="name"
                      required
                      // the pay button waits for it: say so, not only that the organiser sees it
                      hint={payerName.trim() === "" ? "Escríbelo para poder pagar: el organizador verá quién pagó." : "El organizador verá quién pagó."}
                    />
                    <TextField
                      label="Tu correo (opcional)"
                      type="email"
                      value={payerEmail}
                      onChange={(e) => setPayerEmail(e.target.value)}
                      maxLength={254}
                      autoComplete="email"
                      hint="Para enviarte el recibo con la factura."
                    />
                  </div>
                )}
                <CardPayment
                  payments={config.payments}
                  amount={share}
                  submitLabel={`Pagar ${money(link.amountPerPerson)}`}
                  returnPath="/payment-success"
                  disabled={!me && payerName.trim() === ""}
                  createIntent={() =>
                    createPaymentIntent({
                      bookingId: booking.id,
                      shareToken: link.shareToken,
                      ...(me ? {} : { payerName: payerName.trim(), payerEmail: payerEmail.trim() === "" ? null : payerEmail.trim() }),
                    }).catch((error: unknown) => {
                      // the link stopped taking payments meanwhile (deadline, full, paid): the page shows why
                      if (isStatus(error, 409, 410)) void reloadLink();
                      throw error;
                    })
                  }
                  onPaid={onPaid}
                />
              </CardContent>
            </Card>
          )}
        </aside>
      </div>
    </Page>
  );
}
