import type { RevenueAnswer } from "@courts/core";
import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";

/** GET /api/payments/today-revenue (admin). */
export const todayRevenueKey = keyFor(["payments"], () => "/api/payments/today-revenue");

export const fetchTodayRevenue = (key: string) => api<RevenueAnswer>(key);

export const useTodayRevenue = (enabled = true) => useSWR<{ revenue: string }>(enabled ? todayRevenueKey() : null, fetchTodayRevenue);
