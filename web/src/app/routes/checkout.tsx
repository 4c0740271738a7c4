import { useCallback, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { CircleCheck, CreditCard, Ticket, Wallet } from "lucide-react";
import { breakdown, displayMoney, MIN_CARD_CHARGE, parseMoney, priceFor } from "@courts/core";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ChoiceCards } from "../../components/ui/choice-cards";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader, Row } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { toast, toastError } from "../../components/ui/toast";
import { RequireUser } from "../../features/auth/components/require-user";
import { useBooking } from "../../features/bookings/api/get-booking";
import { useConfig } from "../../features/config/api/get-config";
import { DiscountBox } from "../../features/discounts/components/discount-box";
import { useMemberPrices } from "../../features/memberships/api/get-member-prices";
import { MemberPrice } from "../../features/memberships/components/member-price";
import { memberPricesByCourt, percentWords } from "../../features/memberships/member-prices";
import { useCourt } from "../../features/venues/api/get-court";
import { courtPrices } from "../../features/venues/prices";
import { toDiscountRule } from "../../features/discounts/discount-rule";
import { amountFor, paymentAmounts, type PaymentType } from "../../features/payments/amounts";
import { createPaymentIntent } from "../../features/payments/api/create-payment-intent";
import { useRecordPayment } from "../../features/payments/api/record-payment";
import { CardPayment } from "../../features/payments/components/card-payment";
import { PaymentConfirmation } from "../components/payment-confirmation";
import { PaymentSummary } from "../../features/payments/components/payment-summary";
import { PaymentTypeChoice } from "../../features/payments/components/payment-type-choice";
import { ShareLinkButton } from "../../features/sharing/components/share-link-button";
import { usePayWithWallet } from "../../features/wallet/api/pay-with-wallet";
import { WalletBalanceLine, WalletPayButton } from "../../features/wallet/components/wallet-payment";
import { useMyPunchCards } from "../../features/punch-cards/api/get-punch-cards";
import { usePayWithPunchCard } from "../../features/punch-cards/api/pay-with-punch-card";
import { PunchCardChoiceLine, PunchCardPayButton } from "../../features/punch-cards/components/punch-card-payment";
import { cardsForBooking } from "../../features/punch-cards/punch-card-texts";
import { describeError, isStatus } from "../../lib/api-client";
import { money } from "../../lib/format";
import { BookingFacts } from "../../features/bookings/components/booking-facts";
import { balanceDueOf, sharingOpen } from "../../features/bookings/booking-texts";
import { HoldCountdown } from "../../features/bookings/components/hold-countdown";
import { formatInstant } from "../../lib/format";
import { isPending } from "../../lib/swr";
import { useTitle } from "../../lib/use-title";
import type { Payment, User, ValidatedDiscount } from "../../types/api";

function Checkout({ user, bookingId }: { user: User; bookingId: string }) {
  const booking = useBooking(bookingId);
  const { data: config, error: configError } = useConfig();
  const [picked, setPaymentType] = useState<PaymentType | null>(null);
  const [discount, setDiscount] = useState<ValidatedDiscount | null>(null);
  const [paid, setPaid] = useState<{ payment: Payment; paidBefore: number } | null>(null);
  const { trigger: recordPayment } = useRecordPayment();
  const [pickedMethod, setMethod] = useState<"card" | "wallet" | "bono">("card");
  const { trigger: payFromWallet, isMutating: walletBusy } = usePayWithWallet();
  // the player's punch cards ('Bonos'): a third way to pay when one can pay this booking
  const punchCards = useMyPunchCards();
  const { trigger: payFromPunchCard, isMutating: punchCardBusy } = usePayWithPunchCard();
  const [punchCardRefusal, setPunchCardRefusal] = useState<string | null>(null);
  // a member's booking is priced at 'Precio socio' (DESIGN.md section 16): the court's own price, struck through beside it
  const court = useCourt(booking.data?.courtId);
  const member = useMemberPrices(booking.data?.court?.venueId, true).data;
  useTitle(paid ? "Pago confirmado" : "Pago de la reserva");
  const reload = booking.mutate;
  const onHoldExpired = useCallback(() => void reload(), [reload]);

  if (isPending(booking) || (!config && !configError)) return <Spinner label="Cargando reserva..." />;
  if (booking.error || !booking.data || !config) {
    return (
      <Page narrow>
        <ErrorNotice>
          {/* another player's booking (403) will not load later either: it is not there for this player */}
          {isStatus(booking.error, 404, 403) ? "Reserva no encontrada." : "No se pudo cargar la reserva. Intenta de nuevo más tarde."}
        </ErrorNotice>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/my-bookings">Ir a Mis Reservas</Link>
        </Button>
      </Page>
    );
  }

  const b = booking.data;
  if (paid) return <PaymentConfirmation booking={b} payment={paid.payment} paidBefore={paid.paidBefore} timeZone={config.timeZone} />;
  const amounts = paymentAmounts(b);
  const total = parseMoney(b.totalAmount) ?? 0;
  const memberOwn = memberPricesByCourt(member)?.get(b.courtId);
  const normalTotal = court.data ? priceFor(courtPrices(court.data), b.tariffType, b.gameType) : null;
  // priced at the member price: what the server charges this member for this court, band and game, less than the court's
  const atMemberPrice = memberOwn !== undefined && normalTotal !== null && priceFor(memberOwn, b.tariffType, b.gameType) === total && normalTotal > total;
  if (b.status === "expired") {
    return (
      <Page narrow>
        <EmptyState icon={<CircleCheck aria-hidden="true" className="h-6 w-6" />} title="Esta reserva expiró">
          <p className="mb-4 text-sm text-stone-600">No se pagó a tiempo y el horario quedó libre. Puedes reservarlo de nuevo si sigue disponible.</p>
          <Button asChild>
            <Link to={`/booking/${b.courtId}`}>Hacer una Reserva</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  }
  if (amounts.remaining === 0 || b.status === "cancelled") {
    return (
      <Page narrow>
        <EmptyState
          icon={<CircleCheck aria-hidden="true" className="h-6 w-6" />}
          title={b.status === "cancelled" ? "Esta reserva fue cancelada" : "Esta reserva ya está pagada"}
        >
          <Button asChild>
            <Link to="/my-bookings">Ir a Mis Reservas</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  }

  // After the split deadline, or with a balance due, only the whole rest can be paid (DESIGN.md section 8).
  const balanceDue = balanceDueOf(b);
  const onlyFull = !sharingOpen(b, new Date());
  // an organiser back after paying their part is offered the rest first, not their part again
  const paymentType: PaymentType = picked ?? (amounts.paid > 0 ? "full" : "partial");
  // a share that is the whole rest is the full payment
  const chosen: PaymentType = onlyFull || amounts.share >= amounts.remaining ? "full" : paymentType;
  const deadlineText = b.shareDeadlineAt ? formatInstant(b.shareDeadlineAt, "EEEE d 'de' MMMM 'a las' HH:mm", config.timeZone) : null;
  const usableCards = cardsForBooking(punchCards.data ?? [], b, new Date());
  // a card that no longer pays (spent meanwhile) leaves the choice: back to the card
  const method = pickedMethod === "bono" && usableCards.length === 0 ? "card" : pickedMethod;
  const amount = amountFor(amounts, chosen);
  const charge = breakdown(amount, discount ? toDiscountRule(discount) : undefined);
  // a code may leave less than a card can be charged: say so here, not after 'Confirmar y Pagar'
  const belowCardMinimum = charge.charged < MIN_CARD_CHARGE;

  const onPaid = async (paymentIntentId: string) => {
    try {
      const payment = await recordPayment({ bookingId: b.id, userId: user.id, stripePaymentIntentId: paymentIntentId });
      toast({ title: "Pago exitoso", description: "Tu reserva ha sido confirmada" });
      // the confirmation: what was paid, what is pending, and the share link (not a list to search)
      setPaid({ payment, paidBefore: amounts.paid });
      window.scrollTo({ top: 0 });
    } catch (error) {
      toastError("Error en el pago", describeError(error, "No se pudo registrar el pago"));
    }
  };

  const onWalletPay = async () => {
    try {
      const payment = await payFromWallet({ bookingId: b.id, paymentType: chosen, ...(discount ? { discountCode: discount.code } : {}) });
      toast({ title: "Pago exitoso", description: "Tu reserva ha sido confirmada" });
      setPaid({ payment, paidBefore: amounts.paid });
      window.scrollTo({ top: 0 });
    } catch (error) {
      toastError("Error en el pago", describeError(error, "No se pudo pagar con el monedero"));
    }
  };

  const onPunchCardPay = async (punchCardId: string) => {
    setPunchCardRefusal(null);
    try {
      const payment = await payFromPunchCard({ bookingId: b.id, punchCardId });
      toast({ title: "Pago exitoso", description: "Tu reserva ha sido confirmada" });
      setPaid({ payment, paidBefore: amounts.paid });
      window.scrollTo({ top: 0 });
    } catch (error) {
      // the server's own words (another venue, another band, expired, no hours left), beside the button
      const message = describeError(error, "No se pudo pagar con el bono");
      setPunchCardRefusal(message);
      toastError("Error en el pago", message);
    }
  };

  return (
    <Page>
      <PageHeader title="Completar Pago" description="Revisa tu reserva y paga con tarjeta de forma segura." icon={<CreditCard className="h-6 w-6" aria-hidden="true" />} />
      {b.holdExpiresAt && (
        <div className="mb-6">
          <HoldCountdown holdExpiresAt={b.holdExpiresAt} onExpired={onHoldExpired} />
        </div>
      )}
      {balanceDue > 0 && (
        <p role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-inset ring-red-600/20">
          <strong>Saldo pendiente {displayMoney(balanceDue)}</strong>: tu tarjeta no pudo pagar lo que faltaba al cierre del plazo. Paga el saldo para poder hacer nuevas reservas.
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Resumen de la reserva</CardTitle>
            </CardHeader>
            <CardContent>
              <BookingFacts court={b.court ?? null} date={b.date || b.bookingDate} timeSlot={b.timeSlot} tariffType={b.tariffType} gameType={b.gameType} />
              <dl className="mt-4 border-t border-stone-100 pt-2 text-sm">
                {atMemberPrice ? (
                  <Row label="Precio socio" value={<MemberPrice normal={normalTotal} price={total} testId="checkout-total" />} strong />
                ) : (
                  <Row label="Total de la reserva" value={<span data-testid="checkout-total">{money(b.totalAmount)}</span>} strong />
                )}
                {amounts.paid > 0 && <Row label="Ya pagado" value={displayMoney(amounts.paid)} />}
              </dl>
              {atMemberPrice && member?.discountPercent != null && (
                <p data-testid="member-note" className="mt-1 text-right text-xs font-medium text-court-800">
                  Precio socio: {percentWords(member.discountPercent)} de descuento ya aplicado.
                </p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>¿Cuánto quieres pagar?</CardTitle>
            </CardHeader>
            <CardContent className="space-y-5">
              {method === "bono" ? (
                // an hour of a bono pays what is left, whole: no share to choose, no code to apply
                <p className="text-sm text-stone-700">Con un bono pagas la reserva completa: una hora cubre los {displayMoney(amounts.remaining)} que faltan.</p>
              ) : onlyFull ? (
                <p className="text-sm text-stone-700">
                  {balanceDue > 0
                    ? "Paga el saldo pendiente completo."
                    : "El plazo para pagar por partes terminó: esta reserva solo se puede pagar completa."}
                </p>
              ) : (
                <PaymentTypeChoice value={chosen} onChange={setPaymentType} amounts={amounts} gameType={b.gameType} />
              )}
              {method !== "bono" && <DiscountBox amount={amount} applied={discount} onApply={setDiscount} onRemove={() => setDiscount(null)} />}
            </CardContent>
          </Card>
        </div>

        <aside aria-labelledby="pago" className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <Card>
            <CardHeader>
              <div className="flex items-center justify-between">
                <CardTitle id="pago">{method === "wallet" ? "Pago con monedero" : method === "bono" ? "Pago con bono" : "Pago con tarjeta"}</CardTitle>
                <Badge tone="green">{chosen === "partial" && method !== "bono" ? (amounts.paid > 0 ? "Otra parte" : "Tu parte") : "Completo"}</Badge>
              </div>
            </CardHeader>
            <CardContent className="space-y-5">
              <ChoiceCards
                label="Forma de pago"
                value={method}
                onChange={setMethod}
                choices={[
                  {
                    value: "card",
                    children: (
                      <span className="flex items-center gap-2 font-medium text-stone-900">
                        <CreditCard aria-hidden="true" className="h-4 w-4" /> Tarjeta
                      </span>
                    ),
                  },
                  {
                    value: "wallet",
                    children: (
                      <span className="flex flex-col">
                        <span className="flex items-center gap-2 font-medium text-stone-900">
                          <Wallet aria-hidden="true" className="h-4 w-4" /> Monedero
                        </span>
                        <WalletBalanceLine />
                      </span>
                    ),
                  },
                  ...(usableCards.length > 0
                    ? [
                        {
                          value: "bono" as const,
                          children: (
                            <span className="flex flex-col">
                              <span className="flex items-center gap-2 font-medium text-stone-900">
                                <Ticket aria-hidden="true" className="h-4 w-4" /> Bono
                              </span>
                              <PunchCardChoiceLine cards={usableCards} />
                            </span>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
              {method !== "bono" && <PaymentSummary breakdown={charge} code={discount?.code} />}
              {method === "bono" && (
                <PunchCardPayButton
                  cards={usableCards}
                  remaining={amounts.remaining}
                  busy={punchCardBusy}
                  refusal={punchCardRefusal}
                  timeZone={config.timeZone}
                  onPay={(id) => void onPunchCardPay(id)}
                />
              )}
              {method !== "bono" && chosen === "partial" && deadlineText && (
                <p className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-inset ring-sky-600/20">
                  {b.gameType === "singles" ? "El otro jugador puede" : "Los demás jugadores pueden"} pagar su parte hasta el {deadlineText}.{" "}
                  {method === "wallet"
                    ? "Lo que falte a esa hora quedará como saldo pendiente de tu reserva."
                    : "Lo que falte a esa hora se cobrará a esta tarjeta."}
                </p>
              )}
              {method === "wallet" ? (
                <WalletPayButton charged={charge.charged} busy={walletBusy} onPay={() => void onWalletPay()} />
              ) : null}
              {method === "card" && belowCardMinimum && (
                <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-inset ring-amber-600/20">
                  Con este código quedan {displayMoney(charge.charged)} por pagar, y una tarjeta acepta desde {displayMoney(MIN_CARD_CHARGE)}.
                  {/* with the full payment chosen there is nothing more to pay: only the code can go */}
                  {chosen === "partial" ? " Quita el código o elige Pago completo." : " Quita el código para pagar esta reserva con tarjeta."}
                </p>
              )}
              {method === "card" && (
                <CardPayment
                  payments={config.payments}
                  amount={charge.charged}
                  disabled={belowCardMinimum}
                  submitLabel={`Confirmar y Pagar ${displayMoney(charge.charged)}`}
                  returnPath="/my-bookings"
                  createIntent={() =>
                    createPaymentIntent({ bookingId: b.id, paymentType: chosen, ...(discount ? { discountCode: discount.code } : {}) })
                  }
                  onPaid={onPaid}
                />
              )}
            </CardContent>
          </Card>
          {/* also once a part is paid: the organiser comes back here to send the link to the others */}
          {method !== "bono" && !onlyFull && (chosen === "partial" || amounts.paid > 0) && (
            <Card className="p-5">
              <p className="mb-3 text-sm text-stone-600">
                Comparte el link para que {b.gameType === "singles" ? "el otro jugador pague su parte" : "los demás jugadores paguen su parte"}.
                {/* the link takes shares only once the organiser's is paid (their hold is theirs until then) */}
                {amounts.paid === 0 && ` ${b.gameType === "singles" ? "Podrá" : "Podrán"} hacerlo cuando pagues la tuya.`}
              </p>
              <ShareLinkButton bookingId={b.id} gameType={b.gameType} shareDeadlineAt={b.shareDeadlineAt} timeZone={config.timeZone} />
            </Card>
          )}
        </aside>
      </div>
    </Page>
  );
}

export default function CheckoutScreen() {
  const { bookingId } = useParams();
  return <RequireUser>{(user) => <Checkout user={user} bookingId={bookingId ?? ""} />}</RequireUser>;
}
