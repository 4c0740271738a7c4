import type { Cents } from "./money.js";
import { mulDivHalfUp } from "./money.js";
import type { DiscountRule } from "./discount.js";
import { discountAmount } from "./discount.js";

/** Card provider fee as shown and recorded: 2.9% + $0.30 of the charged amount. Nothing charged, no fee. */
export const FEE_PERCENT_TENTHS = 29;
export const FEE_FIXED: Cents = 30;
export const FEE_LABEL = "2.9% + $0.30";

export const cardFee = (charged: Cents): Cents =>
  charged <= 0 ? 0 : mulDivHalfUp(charged, FEE_PERCENT_TENTHS, 1000) + FEE_FIXED;

export interface PaymentBreakdown {
  /** before discount */
  readonly amount: Cents;
  readonly discount: Cents;
  /** amount - discount: what the card is charged */
  readonly charged: Cents;
  readonly fee: Cents;
  /** charged - fee: what the club keeps */
  readonly net: Cents;
}

export const breakdown = (amount: Cents, rule?: DiscountRule): PaymentBreakdown => {
  const discount = rule ? discountAmount(amount, rule) : 0;
  const charged = amount - discount;
  const fee = cardFee(charged);
  return { amount, discount, charged, fee, net: charged - fee };
};

/** The settled sums of a payments summary: total = gross - discounts - refunds; net also takes the card fees. */
export const settledFigures = ({ gross, discounts, stripeFees, refunds }: { gross: Cents; discounts: Cents; stripeFees: Cents; refunds: Cents }) => ({
  gross,
  total: gross - discounts - refunds,
  discounts,
  stripeFees,
  refunds,
  net: gross - discounts - stripeFees - refunds,
});
