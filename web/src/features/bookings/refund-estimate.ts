import { instantOf, parseMoney, refundAmount, refundPercentage, type Cents, type RefundPercentage } from "@courts/core";

/** One payment of the booking as GET /api/bookings/{id}/payers tells it: charged (after any discount) and already refunded. */
export interface PaidShare {
  readonly amount: string;
  readonly refunded: string;
  readonly isOrganiser: boolean;
}

export interface RefundSide {
  /** what is still kept of what was charged */
  readonly paid: Cents;
  /** what the cancellation would give back */
  readonly amount: Cents;
  /** the payments that still hold money (one per player who paid) */
  readonly payers: number;
}

export interface RefundEstimate {
  readonly percentage: RefundPercentage;
  /** the organiser's own payments */
  readonly yours: RefundSide;
  /** the shares other players paid: they go back to their own cards */
  readonly others: RefundSide;
}

/**
 * What a cancellation would give back now (SPEC.md section 9), as the server computes it: the
 * tier by hours until the booking starts on the club's clock, applied to each payment's charged
 * amount (a discount is never refunded) and capped by what that payment still holds.
 */
export const estimateRefund = (
  booking: { date: string; timeSlot: string },
  payments: readonly PaidShare[],
  now: Date,
  timeZone: string,
): RefundEstimate => {
  const percentage = refundPercentage(now, instantOf(booking.date, booking.timeSlot, timeZone));
  const side = (isOrganiser: boolean): RefundSide =>
    payments
      .filter((p) => p.isOrganiser === isOrganiser)
      .reduce<RefundSide>(
        (sum, p) => {
          const charged = parseMoney(p.amount) ?? 0;
          const held = Math.max(charged - (parseMoney(p.refunded) ?? 0), 0);
          return {
            paid: sum.paid + held,
            amount: sum.amount + Math.min(refundAmount(charged, percentage), held),
            payers: sum.payers + (held > 0 ? 1 : 0),
          };
        },
        { paid: 0, amount: 0, payers: 0 },
      );
  return { percentage, yours: side(true), others: side(false) };
};
