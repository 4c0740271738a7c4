import { CalendarPlus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { bookingCalendarUrl } from "../api/get-booking-calendar";

/** 'Añadir al calendario': the booking's .ics, which any calendar app opens. */
export function AddToCalendarButton({ bookingId }: { bookingId: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={bookingCalendarUrl(bookingId)} download="reserva.ics">
        <CalendarPlus aria-hidden="true" className="h-4 w-4" /> Añadir al calendario
      </a>
    </Button>
  );
}
