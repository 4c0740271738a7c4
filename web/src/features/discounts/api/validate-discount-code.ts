import { api } from "../../../lib/api-client";
import type { ValidatedDiscount } from "../../../types/api";

/** POST /api/discount-codes/validate: a check at checkout that changes nothing. */
export const validateDiscountCode = (code: string) =>
  api<ValidatedDiscount>("/api/discount-codes/validate", { method: "POST", json: { code } });
