import { BOOKING_STATE_TEXT, type BookingState } from "@courts/core";
import type { BadgeTone } from "../components/ui/badge";

/** What a booking's state can be read from: the lists' `state` (DESIGN.md section 14), else its stored status. */
export interface StatedBooking {
  readonly status: string;
  readonly state?: string | undefined;
}

/**
 * One booking's state as the server's lists give it at its clock ('played' once a live game
 * started, an overdue hold expired): My bookings, the dashboard and Settings read this one
 * function, so a booking and its payments never disagree between them.
 */
export const bookingStateOf = (b: StatedBooking): string => b.state ?? b.status;

/** 'Activa', 'Confirmada', 'Cancelada', 'Expirada', 'Jugada'; anything else 'Pendiente' (SPEC.md section 4). */
export const bookingStateLabel = (b: StatedBooking): string => BOOKING_STATE_TEXT[bookingStateOf(b) as BookingState] ?? "Pendiente";

export const bookingStateTone = (b: StatedBooking): BadgeTone => {
  switch (bookingStateOf(b)) {
    case "cancelled":
      return "red";
    case "expired":
      return "gray";
    case "confirmed":
      return "green";
    case "active":
      return "blue";
    case "played":
      // not clay: beside 'Cancelada' on a phone, clay's pink read as a second cancellation
      return "ball";
    default:
      return "amber";
  }
};

/** Still to be played: neither started, cancelled nor expired. Only then can its player cancel it or add it to a calendar. */
export const isUpcoming = (b: StatedBooking): boolean => {
  const state = bookingStateOf(b);
  return state === "active" || state === "confirmed";
};
