import { instantOf, parseMoney, refundAmount, refundPercentage, type Cents, type RefundPercentage } from "@courts/core";

export interface RefundEstimate {
  percentage: RefundPercentage;
  amount: Cents;
  paid: Cents;
}

/**
 * What a cancellation would give back now (SPEC.md section 9): the tier by hours until the
 * booking starts on the club's clock, applied to what was paid.
 */
export const estimateRefund = (
  booking: { date: string; timeSlot: string; paidAmount: string },
  now: Date,
  timeZone: string,
): RefundEstimate => {
  const paid = parseMoney(booking.paidAmount) ?? 0;
  const percentage = refundPercentage(now, instantOf(booking.date, booking.timeSlot, timeZone));
  return { percentage, amount: refundAmount(paid, percentage), paid };
};
