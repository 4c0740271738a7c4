import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { CalendarDays, History } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { PagedList } from "../../../components/ui/paged-list";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import type { Booking } from "../../../types/api";
import { USER_BOOKINGS_PAGE_SIZE, useUserBookings } from "../api/get-user-bookings";

const GRID = "grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3 [&>li]:min-w-0";
const useUpcomingPage = (page: number) => useUserBookings("upcoming", page);
const usePastPage = (page: number) => useUserBookings("past", page);

/**
 * A player's bookings in two lists the server splits at its clock (DESIGN.md section 14):
 * 'Próximas' (the default, soonest first) and 'Pasadas' (newest first: played, cancelled and
 * expired ones with their state). My bookings and the dashboard show these same lists, a page at a time.
 */
export function BookingLists({ card, label }: { card: (booking: Booking) => ReactNode; label: string }) {
  return (
    <Tabs defaultValue="upcoming">
      <TabsList aria-label={label}>
        <TabsTrigger value="upcoming">
          <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0" /> Próximas
        </TabsTrigger>
        <TabsTrigger value="past">
          <History aria-hidden="true" className="h-4 w-4 shrink-0" /> Pasadas
        </TabsTrigger>
      </TabsList>
      <TabsContent value="upcoming">
        <BookingPages
          usePage={useUpcomingPage}
          card={card}
          errorText="No se pudieron cargar tus reservas. Intenta de nuevo más tarde."
          empty={
            <EmptyState icon={<CalendarDays aria-hidden="true" className="h-6 w-6" />} title="No tienes reservas activas">
              <Button asChild>
                <Link to="/">Hacer una Reserva</Link>
              </Button>
            </EmptyState>
          }
        />
      </TabsContent>
      <TabsContent value="past">
        <BookingPages
          usePage={usePastPage}
          card={card}
          errorText="No se pudieron cargar tus reservas pasadas. Intenta de nuevo más tarde."
          empty={<EmptyState icon={<History aria-hidden="true" className="h-6 w-6" />} title="Aún no tienes reservas pasadas" />}
        />
      </TabsContent>
    </Tabs>
  );
}

/** One of the two lists, a page at a time. */
function BookingPages({
  usePage,
  card,
  errorText,
  empty,
}: {
  usePage: typeof useUpcomingPage;
  card: (booking: Booking) => ReactNode;
  errorText: string;
  empty: ReactNode;
}) {
  return (
    <PagedList<Booking>
      usePage={usePage}
      pageSize={USER_BOOKINGS_PAGE_SIZE}
      itemKey={(booking) => booking.id}
      noun="reservas"
      listClassName={GRID}
      errorText={errorText}
      empty={empty}
      renderItem={card}
    />
  );
}
