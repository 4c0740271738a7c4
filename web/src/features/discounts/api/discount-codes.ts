import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";
import type { DiscountCode, ValidatedDiscount } from "../../../types/api";

/** Discount codes: validation at checkout, the active list, and the admin CRUD. */
export const activeCodesKey = "/api/discount-codes";
export const adminCodesKey = "/api/admin/discount-codes";

export const useActiveCodes = (enabled = true) => useSWR<DiscountCode[]>(enabled ? activeCodesKey : null);
export const useAdminCodes = (enabled = true) => useSWR<DiscountCode[]>(enabled ? adminCodesKey : null);

export const validateDiscountCode = (code: string) =>
  api<ValidatedDiscount>("/api/discount-codes/validate", { method: "POST", json: { code } });

export interface DiscountCodeInput {
  code: string;
  type: "percentage" | "fixed";
  value: number;
  maxUsage: number | null;
  expiresAt: string | null;
  isActive: boolean;
}

const afterWrite = () => revalidate(adminCodesKey, activeCodesKey);

export const createDiscountCode = async (input: DiscountCodeInput) => {
  const code = await api<DiscountCode>(adminCodesKey, { method: "POST", json: input });
  await afterWrite();
  return code;
};

export const updateDiscountCode = async (id: string, input: Partial<DiscountCodeInput>) => {
  const code = await api<DiscountCode>(`${adminCodesKey}/${encodeURIComponent(id)}`, { method: "PATCH", json: input });
  await afterWrite();
  return code;
};
