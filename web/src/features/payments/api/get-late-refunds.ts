import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { LateRefund } from "../../../types/api";

/** GET /api/admin/refunds/late: refunds the provider has not confirmed past the alert hours (admin). */
export const lateRefundsKey = keyFor(["payments"], () => "/api/admin/refunds/late");

export const fetchLateRefunds = (key: string) => api<LateRefund[]>(key);

export const useLateRefunds = (enabled = true) => useSWR<LateRefund[]>(enabled ? lateRefundsKey() : null, fetchLateRefunds);
