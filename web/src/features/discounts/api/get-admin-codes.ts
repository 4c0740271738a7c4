import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { DiscountCode } from "../../../types/api";

/** GET /api/admin/discount-codes: every code, active or not (admin). */
export const adminCodesKey = keyFor(["discounts"], () => "/api/admin/discount-codes");

export const fetchAdminCodes = (key: string) => api<DiscountCode[]>(key);

export const useAdminCodes = (enabled = true) => useSWR<DiscountCode[]>(enabled ? adminCodesKey() : null, fetchAdminCodes);
