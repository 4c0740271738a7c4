import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { PaymentStats } from "../../../types/api";

/** GET /api/payments/stats: totals and the revenue summary (admin). */
export const paymentStatsKey = keyFor(["payments"], () => "/api/payments/stats");

export const fetchPaymentStats = (key: string) => api<PaymentStats>(key);

export const usePaymentStats = (enabled = true) => useSWR<PaymentStats>(enabled ? paymentStatsKey() : null, fetchPaymentStats);
