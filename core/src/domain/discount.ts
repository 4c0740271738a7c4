import type { Cents } from "./money.js";
import { centsFromNumber, mulDivHalfUp } from "./money.js";

export type DiscountType = "percentage" | "fixed";
export const isDiscountType = (value: string): value is DiscountType => value === "percentage" || value === "fixed";

/** percentage: value is a whole percent 0..100; fixed: value is cents. */
export interface DiscountRule {
  readonly type: DiscountType;
  readonly value: number;
}

export interface DiscountCode extends DiscountRule {
  readonly id: string;
  readonly code: string;
  readonly maxUsage: number | null;
  readonly usageCount: number;
  readonly expiresAt: Date | null;
  readonly isActive: boolean;
  readonly createdAt: Date;
}

/** Discount on the amount being paid in one payment, half-up, never below 0 nor above the amount. */
export const discountAmount = (amount: Cents, rule: DiscountRule): Cents => {
  const raw = rule.type === "percentage" ? mulDivHalfUp(amount, rule.value, 100) : rule.value;
  return Math.min(Math.max(raw, 0), amount);
};

export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** Codes are letters, digits, dash and underscore, 3 to 32 characters, upper case. */
export const CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export type CodeUnusable = "inactive" | "expired" | "used-up";

/** Why a code cannot be used now, or undefined when it can. */
export const codeUnusable = (code: Pick<DiscountCode, "isActive" | "expiresAt" | "maxUsage" | "usageCount">, now: Date): CodeUnusable | undefined => {
  if (!code.isActive) return "inactive";
  if (code.expiresAt !== null && now.getTime() > code.expiresAt.getTime()) return "expired";
  if (code.maxUsage !== null && code.usageCount >= code.maxUsage) return "used-up";
  return undefined;
};

/**
 * A discount's value as stored (a whole percent, or cents), or why it cannot be, in the words the
 * admin reads (the API's and the form's): a whole percent from 0 to 100, or dollars from 0 with at
 * most 2 decimals.
 */
export const storedDiscountValue = (type: DiscountType, value: number): { readonly stored: number } | { readonly problem: string } => {
  if (type === "percentage")
    return Number.isInteger(value) && value >= 0 && value <= 100 ? { stored: value } : { problem: "El porcentaje debe ser un número entero entre 0 y 100" };
  const cents = centsFromNumber(value);
  return cents === undefined ? { problem: "El monto fijo debe ser un número mayor o igual a 0 con hasta 2 decimales" } : { stored: cents };
};
