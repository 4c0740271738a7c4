import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import { REPORT_TOPICS, reportParams, type ReportFilters, type ReportSummary } from "./types";

/** GET /api/admin/reports/summary?from=&to=&venueId=: cancellations and refunds, balances due and top players of the period (admin). */
export const reportSummaryKey = keyFor(REPORT_TOPICS, (filters: ReportFilters) => `/api/admin/reports/summary?${reportParams(filters).toString()}`);

export const fetchReportSummary = (key: string) => api<ReportSummary>(key);

export const useReportSummary = (filters: ReportFilters) => useSWR<ReportSummary>(reportSummaryKey(filters), fetchReportSummary);
