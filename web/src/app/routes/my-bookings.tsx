import { useState } from "react";
import { DEFAULT_TIME_ZONE } from "@courts/core";
import { Link } from "react-router-dom";
import { CalendarDays, CreditCard, CircleX } from "lucide-react";
import { Button } from "../../components/ui/button";
import { EmptyState, ErrorNotice } from "../../components/ui/empty-state";
import { Page, PageHeader } from "../../components/ui/page";
import { Spinner } from "../../components/ui/spinner";
import { RequireUser } from "../../features/auth/components/require-user";
import { useUserBookings } from "../../features/bookings/api/bookings";
import { needsPayment } from "../../features/bookings/booking-texts";
import { BookingCard } from "../../features/bookings/components/booking-card";
import { CancelBookingDialog } from "../../features/bookings/components/cancel-booking-dialog";
import { useConfig } from "../../features/config/api/config";
import { AddToCalendarButton } from "../../features/notifications/components/add-to-calendar-button";
import { BookingPayers } from "../../features/notifications/components/booking-payers";
import { toCents } from "../../lib/format";
import { useTitle } from "../../lib/use-title";
import type { Booking, User } from "../../types/api";

function MyBookings({ user }: { user: User }) {
  const { data: bookings, error, isLoading } = useUserBookings();
  const { data: config } = useConfig();
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  useTitle("Mis Reservas");

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
      {isLoading ? (
        <Spinner label="Cargando reservas..." />
      ) : error ? (
        <ErrorNotice>No se pudieron cargar tus reservas. Intenta de nuevo más tarde.</ErrorNotice>
      ) : !bookings || bookings.length === 0 ? (
        <EmptyState icon={<CalendarDays aria-hidden="true" className="h-6 w-6" />} title="No tienes reservas activas">
          <Button asChild>
            <Link to="/">Hacer una Reserva</Link>
          </Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard
                booking={booking}
                actions={
                  needsPayment(booking) || booking.status === "active" || booking.status === "confirmed" ? (
                    <>
                      {needsPayment(booking) && (
                        <Button asChild size="sm">
                          <Link to={`/checkout/${booking.id}`}>
                            <CreditCard aria-hidden="true" className="h-4 w-4" /> Completar Pago
                          </Link>
                        </Button>
                      )}
                      {booking.status === "active" && (
                        <Button variant="outline" size="sm" onClick={() => setCancelling(booking)}>
                          <CircleX aria-hidden="true" className="h-4 w-4 text-red-600" /> Cancelar Reserva
                        </Button>
                      )}
                      <AddToCalendarButton bookingId={booking.id} />
                      {toCents(booking.paidAmount) > 0 && <BookingPayers bookingId={booking.id} />}
                    </>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelBookingDialog
          booking={cancelling}
          user={user}
          timeZone={config?.timeZone ?? DEFAULT_TIME_ZONE}
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
