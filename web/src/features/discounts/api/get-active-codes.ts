import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { DiscountCode } from "../../../types/api";

/** GET /api/discount-codes: the codes a player can use now. */
export const activeCodesKey = keyFor(["discounts"], () => "/api/discount-codes");

export const fetchActiveCodes = (key: string) => api<DiscountCode[]>(key);

export const useActiveCodes = (enabled = true) => useSWR<DiscountCode[]>(enabled ? activeCodesKey() : null, fetchActiveCodes);
