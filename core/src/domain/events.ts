import type { Cents } from "./money.js";
import type { TimeSlot } from "./slots.js";
import type { LocalDate } from "./time.js";

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
  | { readonly type: "PaymentRecorded"; readonly paymentId: string; readonly paidCount: number | null; readonly totalCount: number | null }
  /** a payment made the booking paid in full */
  | { readonly type: "BookingConfirmed"; readonly bookingId: string }
  /** a booking was cancelled: by its player, by the club ending a series, or by a closure (with its reason) */
  | { readonly type: "BookingCancelled"; readonly bookingId: string; readonly by: "player" | "series" | "closure"; readonly reason: string | null }
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
export const recordedPaymentEvents = (facts: RecordedPaymentFacts): DomainEvent[] => [
  { type: "PaymentRecorded", paymentId: facts.paymentId, paidCount: facts.linkParticipants, totalCount: facts.linkPlaces },
  ...(facts.bookingPaid >= facts.bookingTotal ? [{ type: "BookingConfirmed", bookingId: facts.bookingId } as const] : []),
];
