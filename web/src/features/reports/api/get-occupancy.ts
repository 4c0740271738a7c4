import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import { REPORT_TOPICS, reportParams, type OccupancyReport, type ReportFilters } from "./types";

/** GET /api/admin/reports/occupancy?from=&to=&venueId=: booked hours against open hours, by weekday and hour (admin). */
export const occupancyKey = keyFor(REPORT_TOPICS, (filters: ReportFilters) => `/api/admin/reports/occupancy?${reportParams(filters).toString()}`);

export const fetchOccupancy = (key: string) => api<OccupancyReport>(key);

export const useOccupancy = (filters: ReportFilters) => useSWR<OccupancyReport>(occupancyKey(filters), fetchOccupancy);
