import { useState } from "react";
import { DEFAULT_TIME_ZONE } from "@courts/core";
import { Link } from "react-router-dom";
import { CalendarDays, CircleX } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Page, PageHeader } from "../../components/ui/page";
import { RequireUser } from "../../features/auth/components/require-user";
import { needsPayment, sharingOpen } from "../../features/bookings/booking-texts";
import { CompletePaymentLink } from "../../features/bookings/components/complete-payment-link";
import { BookingCard } from "../../features/bookings/components/booking-card";
import { BookingLists } from "../../features/bookings/components/booking-lists";
import { CancelBookingDialog } from "../../features/bookings/components/cancel-booking-dialog";
import { useConfig } from "../../features/config/api/get-config";
import { AddToCalendarButton } from "../../features/notifications/components/add-to-calendar-button";
import { useBookingPayers } from "../../features/notifications/api/get-booking-payers";
import { BookingPayers } from "../../features/notifications/components/booking-payers";
import { money, toCents } from "../../lib/format";
import { useUserPayments } from "../../features/payments/api/get-user-payments";
import { refundNote, wasCharged } from "../../features/payments/payment-texts";
import { bookingStateOf, isUpcoming } from "../../lib/booking-state";
import { ShareLinkButton } from "../../features/sharing/components/share-link-button";
import { OrganiserMatchPanel } from "../../features/matches/components/organiser-match-panel";
import { useTitle } from "../../lib/use-title";
import { REFUND_NOTES_PAYMENTS, RefundNotes, useRefundNotes } from "../components/refund-notes";
import type { Booking, User } from "../../types/api";

/**
 * Games of other players this player paid a share of through their link (from the newest payments,
 * the page the refund lines read: the same request): not their bookings, so not in the lists above, but their game,
 * its state and what came back of their share.
 */
function SharesPaid({ user }: { user: User }) {
  const { data } = useUserPayments(1, REFUND_NOTES_PAYMENTS);
  const { data: config } = useConfig();
  const seen = new Set<string>();
  const games = (data?.items ?? []).filter((p) => {
    const booking = p.booking;
    if (p.kind !== "shared" || !wasCharged(p) || !booking || booking.userId === user.id || seen.has(booking.id)) return false;
    seen.add(booking.id);
    return true;
  });
  if (games.length === 0) return null;
  return (
    <section aria-labelledby="shares-paid" className="mt-10">
      <h2 id="shares-paid" className="mb-1 text-lg font-bold text-stone-900">
        Partidos donde pagaste tu parte
      </h2>
      <p className="mb-4 text-sm text-stone-600">Los organizó otro jugador, que los gestiona: aquí ves su estado y tu pago.</p>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3 [&>li]:min-w-0">
        {games.map((p) => {
          const note = refundNote(p, config?.timeZone);
          return (
            <li key={p.id} data-testid="share-paid-game">
              <BookingCard
                booking={p.booking as Booking}
                actions={
                  <>
                    <p className="w-full text-sm text-stone-700">Pagaste {money(p.totalPaid)} de tu parte.</p>
                    {note && <RefundNotes notes={[note]} />}
                  </>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function MyBookings({ user }: { user: User }) {
  const { data: config } = useConfig();
  // what each cancelled booking owes the player back, and when it was sent
  const refundsOf = useRefundNotes();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  // who paid what, read when a cancellation is opened: its refund estimate is per payment
  const cancellingPayers = useBookingPayers(cancelling?.id ?? "", cancelling !== null);
  useTitle("Mis Reservas");

  const card = (booking: Booking) => {
    const refunds = refundsOf(booking);
    return (
      <BookingCard
        booking={booking}
        timeZone={config?.timeZone}
        actions={
          needsPayment(booking) || isUpcoming(booking) || refunds.length > 0 ? (
            <>
              <RefundNotes notes={refunds} />
              {needsPayment(booking) && <CompletePaymentLink bookingId={booking.id} />}
              {/* 'active' as the server's clock reads it: from its start a game is 'played' and cannot be cancelled */}
              {bookingStateOf(booking) === "active" && (
                <Button variant="outline" size="sm" onClick={() => setCancelling(booking)}>
                  <CircleX aria-hidden="true" className="h-4 w-4 text-red-600" /> Cancelar Reserva
                </Button>
              )}
              {booking.paymentStatus === "partial" && sharingOpen(booking, new Date()) && (
                // the others still owe their shares: the link is here too, not only at checkout
                <div className="basis-full">
                  <ShareLinkButton bookingId={booking.id} gameType={booking.gameType} shareDeadlineAt={booking.shareDeadlineAt} timeZone={config?.timeZone} />
                </div>
              )}
              {booking.paymentStatus === "partial" && sharingOpen(booking, new Date()) && booking.userId === user.id && (
                // the organiser offers the places still unpaid to players of a level ('Partidos')
                <OrganiserMatchPanel bookingId={booking.id} />
              )}
              {isUpcoming(booking) && <AddToCalendarButton bookingId={booking.id} />}
              {toCents(booking.paidAmount) > 0 && <BookingPayers bookingId={booking.id} />}
            </>
          ) : undefined
        }
      />
    );
  };

  return (
    <Page>
      <PageHeader
        title="Mis Reservas"
        description="Tus reservas, sus pagos y cancelaciones."
        icon={<CalendarDays aria-hidden="true" className="h-6 w-6" />}
        actions={
          <Button asChild variant="outline">
            <Link to="/">Nueva reserva</Link>
          </Button>
        }
      />
      <BookingLists card={card} label="Mis reservas por fecha" />
      <SharesPaid user={user} />
      {cancelling && (
        <CancelBookingDialog
          booking={cancelling}
          user={user}
          timeZone={config?.timeZone ?? DEFAULT_TIME_ZONE}
          paid={cancellingPayers}
          open
          onOpenChange={(open) => !open && setCancelling(null)}
        />
      )}
    </Page>
  );
}

export default function MyBookingsScreen() {
  return <RequireUser>{(user) => <MyBookings user={user} />}</RequireUser>;
}
