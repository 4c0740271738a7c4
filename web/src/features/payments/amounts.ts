import { ownShare, parseMoney, remainingOf, type Cents, type GameType } from "@courts/core";

export type PaymentType = "partial" | "full";

export interface PaymentAmounts {
  total: Cents;
  paid: Cents;
  /** what is left to pay on the booking */
  remaining: Cents;
  /** one player's share (1/2 singles, 1/4 doubles), never more than what is left */
  share: Cents;
}

/** The two ways to pay a booking at checkout: your share, or everything that remains. */
export const paymentAmounts = (booking: { totalAmount: string; paidAmount: string; gameType: GameType }): PaymentAmounts => {
  const total = parseMoney(booking.totalAmount) ?? 0;
  const paid = parseMoney(booking.paidAmount) ?? 0;
  const remaining = remainingOf({ totalAmount: total, paidAmount: paid });
  return { total, paid, remaining, share: Math.min(ownShare(total, booking.gameType), remaining) };
};

export const amountFor = (amounts: PaymentAmounts, type: PaymentType): Cents =>
  type === "partial" ? amounts.share : amounts.remaining;
