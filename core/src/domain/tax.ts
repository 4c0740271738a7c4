import type { Cents } from "./money.js";
import { mulDivHalfUp } from "./money.js";

/**
 * Sales tax (IVA, TAX_RATE_PERCENT) in basis points: 15% is 1500, 12.5% is 1250. A percent with
 * at most two decimals is a whole number of basis points, so the rate is stored and computed
 * exactly; 0 means no tax (the default).
 */
export type TaxRate = number;

export const MAX_TAX_RATE: TaxRate = 10_000;

export const isTaxRate = (value: unknown): value is TaxRate => typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= MAX_TAX_RATE;

/**
 * "15", "12.5", "0.05" (0 to 100, at most two decimals) as basis points; undefined for anything
 * else ("15%", "12,5", "1e1", "100.01").
 */
export const parseTaxRatePercent = (text: string): TaxRate | undefined => {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const rate = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return rate <= MAX_TAX_RATE ? rate : undefined;
};

/** The rate as Spanish writes it: 1500 -> "15", 1250 -> "12,5", 5 -> "0,05". */
export const taxRatePercentText = (rate: TaxRate): string => {
  const whole = Math.floor(rate / 100);
  const hundredths = rate % 100;
  if (hundredths === 0) return String(whole);
  return `${whole},${String(hundredths).padStart(2, "0").replace(/0$/, "")}`;
};

/** The invoice's tax line: 'IVA 15%', 'IVA 12,5%'. */
export const taxLabel = (rate: TaxRate): string => `IVA ${taxRatePercentText(rate)}%`;

export interface TaxSplit {
  /** the taxable base */
  readonly base: Cents;
  readonly tax: Cents;
}

/**
 * A tax-inclusive amount split into base and tax, both in cents, so that base + tax = amount
 * exactly: the base is amount / (1 + rate) rounded half-up to the cent, and the tax is what is
 * left (amount - base), never rounded on its own. $20.00 at 15%: base $17.39, tax $2.61.
 */
export const splitTax = (amount: Cents, rate: TaxRate): TaxSplit => {
  if (rate <= 0) return { base: amount, tax: 0 };
  const base = mulDivHalfUp(amount, 10_000, 10_000 + rate);
  return { base, tax: amount - base };
};
