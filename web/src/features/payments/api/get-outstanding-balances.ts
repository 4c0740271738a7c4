import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { OutstandingBalance } from "../../../types/api";

/** GET /api/admin/balances: remainders the organisers' cards did not pay at the split deadline (admin). */
export const outstandingBalancesKey = keyFor(["payments"], () => "/api/admin/balances");

export const fetchOutstandingBalances = (key: string) => api<OutstandingBalance[]>(key);

export const useOutstandingBalances = (enabled = true) =>
  useSWR<OutstandingBalance[]>(enabled ? outstandingBalancesKey() : null, fetchOutstandingBalances);
