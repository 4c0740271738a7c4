/**
 * Money is integer cents everywhere inside the system (DESIGN.md section 2).
 * The API speaks decimal strings with two decimals ("14.50"); people read "$14.50".
 */
export type Cents = number;

const DECIMAL = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Parses "14.5", "14.50" or "14" into cents; undefined for anything else (negative, 3 decimals, text). */
export const parseMoney = (text: string): Cents | undefined => {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const units = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return units * 100 + fraction;
};

/** Converts a JSON number such as 14.5 to cents; undefined when it has more than two decimals. */
export const centsFromNumber = (value: number): Cents | undefined => {
  if (!Number.isFinite(value) || value < 0) return undefined;
  return parseMoney(String(value));
};

/** 1450 -> "14.50": the API's representation. */
export const formatMoney = (cents: Cents): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** 1450 -> "$14.50": what a person reads. */
export const displayMoney = (cents: Cents): string => {
  const text = formatMoney(cents);
  return text.startsWith("-") ? `-$${text.slice(1)}` : `$${text}`;
};

/**
 * amount * numerator / denominator rounded half-up to the cent, in integers only.
 * The one place where rounding happens: discounts, fees and refunds all call it.
 */
export const mulDivHalfUp = (amount: Cents, numerator: number, denominator: number): Cents => {
  if (denominator <= 0) throw new RangeError("denominator must be positive");
  const product = amount * numerator;
  const sign = product < 0 ? -1 : 1;
  const abs = Math.abs(product);
  return sign * Math.floor((abs * 2 + denominator) / (denominator * 2));
};

export const isCents = (value: unknown): value is Cents =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
