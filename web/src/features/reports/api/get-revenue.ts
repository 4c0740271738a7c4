import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import { REPORT_TOPICS, reportParams, type ReportFilters, type RevenueGroup, type RevenueReport } from "./types";

/**
 * GET /api/admin/reports/revenue?from=&to=&venueId=&groupBy=: gross, discounts, card fees, refunds
 * and net of the payments of the period's bookings, by month, venue or court, and their total (admin).
 */
export const revenueKey = keyFor(REPORT_TOPICS, (filters: ReportFilters, groupBy: RevenueGroup) => {
  const params = reportParams(filters);
  params.set("groupBy", groupBy);
  return `/api/admin/reports/revenue?${params.toString()}`;
});

export const fetchRevenue = (key: string) => api<RevenueReport>(key);

export const useRevenue = (filters: ReportFilters, groupBy: RevenueGroup) => useSWR<RevenueReport>(revenueKey(filters, groupBy), fetchRevenue);
