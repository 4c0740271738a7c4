import useSWR from "swr";
import type { OutstandingBalance } from "../../../types/api";

export const outstandingBalancesKey = "/api/admin/balances";

/** Remainders the organisers' cards did not pay at the split deadline (admin). */
export const useOutstandingBalances = (enabled = true) => useSWR<OutstandingBalance[]>(enabled ? outstandingBalancesKey : null);
