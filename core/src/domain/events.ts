import type { Cents } from "./money.js";
import type { TimeSlot } from "./slots.js";
import type { LocalDate } from "./time.js";

/** A week a series did not book, as the admin's answer lists it ('Ocupado', 'Cerrado: Torneo', 'Fecha pasada'). */
export interface SkippedDate {
  readonly date: LocalDate;
  readonly message: string;
}

/**
 * What happened, recorded by a use case in the same transaction as its change (DESIGN.md section
 * 12). Notifications and the waitlist react to these, never to each other's calls: a change
 * committed is a message written, whatever crashes after it.
 */
export type DomainEvent =
  /**
   * a card, cash or remainder payment was recorded on its booking; for a share paid through the
   * link, how many of its places were paid then (the organiser hears "3 de 4" as it was)
   */
  /**
   * `completed`: this payment made the booking paid in full; its payer's one message then says so
   * too (absent in events recorded before one message per payment: their BookingConfirmed speaks)
   */
  | { readonly type: "PaymentRecorded"; readonly paymentId: string; readonly paidCount: number | null; readonly totalCount: number | null; readonly completed?: boolean }
  /**
   * a payment made the booking paid in full; `paymentId`, that payment: its PaymentRecorded tells
   * the payer and the organiser, so this writes nothing (absent in older events, which still write
   * the confirmation of their own)
   */
  | { readonly type: "BookingConfirmed"; readonly bookingId: string; readonly paymentId?: string }
  /**
   * a booking was cancelled: by its player, by the club ending a series, or by a closure (with its
   * reason). `group`: the key of the club's action (SeriesCancelled, ClubClosed) that tells its
   * players in one message with the other bookings it touched; this one then writes nothing
   */
  | { readonly type: "BookingCancelled"; readonly bookingId: string; readonly by: "player" | "series" | "closure"; readonly reason: string | null; readonly group?: string }
  /** the club booked a weekly series for a player: one message listing every week booked and every week skipped */
  | { readonly type: "SeriesBooked"; readonly seriesId: string; readonly bookingIds: readonly string[]; readonly skipped: readonly SkippedDate[] }
  /**
   * the club ended some weeks of a series (`actionId`: this one request); recorded with each week's
   * cancellation, kept once by its key, so it commits with the first of them and lists them all
   */
  | { readonly type: "SeriesCancelled"; readonly actionId: string; readonly seriesId: string; readonly bookingIds: readonly string[]; readonly reason: string | null }
  /** a closure cancelled bookings (one transaction): each player hears of all of theirs in one message */
  | { readonly type: "ClubClosed"; readonly blockId: string; readonly bookingIds: readonly string[]; readonly reason: string }
  /** an unpaid hold ran out */
  | { readonly type: "HoldExpired"; readonly bookingId: string }
  /** what the others did not pay was charged to the organiser's saved card */
  | { readonly type: "RemainderCharged"; readonly bookingId: string; readonly amount: Cents; readonly paymentId: string | null }
  /** the organiser's saved card was declined for the remainder: they owe it */
  | { readonly type: "BalanceDue"; readonly bookingId: string; readonly amount: Cents }
  /** a slot that was held is bookable again */
  | { readonly type: "SlotFreed"; readonly courtId: string; readonly date: LocalDate; readonly timeSlot: TimeSlot; readonly bookingId: string };

export type DomainEventType = DomainEvent["type"];

/** What makes an event happen once: recording it twice (a retried request) keeps one. */
export const eventKeyOf = (event: DomainEvent): string => {
  switch (event.type) {
    case "PaymentRecorded":
      return `PaymentRecorded:${event.paymentId}`;
    case "SlotFreed":
      return `SlotFreed:${event.bookingId}`;
    case "SeriesBooked":
      return `SeriesBooked:${event.seriesId}`;
    case "SeriesCancelled":
      return `SeriesCancelled:${event.actionId}`;
    case "ClubClosed":
      return `ClubClosed:${event.blockId}`;
    default:
      return `${event.type}:${event.bookingId}`;
  }
};

/** What the transaction that records a payment saw, for the events it records with it. */
export interface RecordedPaymentFacts {
  readonly paymentId: string;
  readonly bookingId: string;
  readonly bookingPaid: Cents;
  readonly bookingTotal: Cents;
  /** the share link's paid places after this payment, when it paid through one */
  readonly linkParticipants: number | null;
  readonly linkPlaces: number | null;
}

/** A recorded payment's events: always PaymentRecorded, and BookingConfirmed when it completed the booking. */
export const recordedPaymentEvents = (facts: RecordedPaymentFacts): DomainEvent[] => {
  const completed = facts.bookingPaid >= facts.bookingTotal;
  return [
    { type: "PaymentRecorded", paymentId: facts.paymentId, paidCount: facts.linkParticipants, totalCount: facts.linkPlaces, completed },
    ...(completed ? [{ type: "BookingConfirmed", bookingId: facts.bookingId, paymentId: facts.paymentId } as const] : []),
  ];
};
