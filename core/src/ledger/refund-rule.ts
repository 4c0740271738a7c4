import type { Payment } from "../domain/entities.js";
import { chargedOf } from "../domain/entities.js";
import type { Cents } from "../domain/money.js";
import { refundAmount } from "../domain/refund.js";

/** Why money goes back: who decided it. */
export type RefundReason =
  /** the player cancelled (tier by hours before the game) */
  | "player"
  /** a club closure (rain-out): 100% to every payer */
  | "closure"
  /** the club ended a weekly series: 100% */
  | "series"
  /** money the provider took that could not apply (link full, booking gone, amounts that do not match) */
  | "settlement"
  /** refunded at the provider itself (its dashboard), recorded here so revenue stays true */
  | "provider";

export const REFUND_REASONS: readonly RefundReason[] = ["player", "closure", "series", "settlement", "provider"];

/** A refund decided for one payment. */
export interface RefundDecision {
  readonly paymentId: string;
  readonly amount: Cents;
}

/** A decided refund with the id the ledger will know it by. */
export interface OwedRefund extends RefundDecision {
  readonly refundId: string;
}

/** What the rule reads of a payment. */
export type RefundablePayment = Pick<Payment, "id" | "status" | "amount" | "discount" | "refundedAmount" | "refundOwed" | "paidAt">;

/**
 * What each payer gets back when a booking's money is returned at `percentage`: the tier of what
 * that payer paid (rounded half-up to the cent), less what they already got back or are owed.
 * Payments that never took money (pending, failed) get nothing. Deciding again with the same
 * payments after the first decision was written answers nothing: a repeated call never refunds
 * twice.
 */
export const decideRefunds = (payments: readonly RefundablePayment[], percentage: number): RefundDecision[] =>
  payments
    .filter((p) => (p.status === "succeeded" || p.status === "refunded") && p.paidAt !== null)
    .map((p) => ({ paymentId: p.id, amount: Math.max(0, refundAmount(chargedOf(p), percentage) - p.refundedAmount - p.refundOwed) }))
    .filter((d) => d.amount > 0);

/** What can still go back of a payment: charged, less refunded and owed. */
export const refundableOf = (p: Pick<Payment, "amount" | "discount" | "refundedAmount" | "refundOwed">): Cents =>
  Math.max(0, chargedOf(p) - p.refundedAmount - p.refundOwed);
