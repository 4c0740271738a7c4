import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { bookingStateLabel, bookingStateTone, type StatedBooking } from "../../../lib/booking-state";

/** 'Reserva' and the state of the game a payment paid for, the words and tone its booking card has. */
export function BookingStateLine({ booking, className }: { booking: StatedBooking; className?: string }) {
  return (
    <p data-testid="payment-booking-state" className={cn("flex items-center gap-2 text-sm text-stone-600", className)}>
      Reserva <Badge tone={bookingStateTone(booking)}>{bookingStateLabel(booking)}</Badge>
    </p>
  );
}
