import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { isPending, keyFor } from "../../../lib/swr";
import type { TransactionsPage } from "../../../types/api";

/** GET /api/admin/transactions?page=|after=&pageSize=&from=&to=&gameFrom=&gameTo=&venueId=&status=: `{ items, total, page, pageSize, nextAfter }` (admin). */
export const TRANSACTIONS_PAGE_SIZE = 25;

export interface TransactionFilters {
  /** the payment's date: club-local dates YYYY-MM-DD, both included */
  from?: string;
  to?: string;
  /** the game's date (the booking's), both included */
  gameFrom?: string;
  gameTo?: string;
  venueId?: string;
  status?: "pending" | "succeeded" | "failed" | "refunded";
}

export const filterParams = (filters: TransactionFilters) => {
  const params = new URLSearchParams();
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.gameFrom) params.set("gameFrom", filters.gameFrom);
  if (filters.gameTo) params.set("gameTo", filters.gameTo);
  if (filters.venueId) params.set("venueId", filters.venueId);
  if (filters.status) params.set("status", filters.status);
  return params;
};

/**
 * The first page by number; each next one after the cursor of the last row before it (`nextAfter`
 * of the page before), so that a page deep in the history costs the server what the first does.
 */
export const transactionsKey = keyFor(["payments"], (page: number, filters: TransactionFilters = {}, after?: string) => {
  const params = filterParams(filters);
  if (after === undefined) params.set("page", String(page));
  else params.set("after", after);
  params.set("pageSize", String(TRANSACTIONS_PAGE_SIZE));
  return `/api/admin/transactions?${params.toString()}`;
});

export const fetchTransactions = (key: string) => api<TransactionsPage>(key);

/**
 * A page of transactions. While another page or other filters load, `data` is still the previous
 * answer (the pager stays where it was), so `isPending` of it would say nothing is loading: `pending`
 * says whether the page asked for has neither its answer nor an error yet, and is never true while
 * the read is disabled (without a key it never answers).
 */
export const useTransactions = (page: number, filters: TransactionFilters = {}, enabled = true, after?: string) => {
  const key = enabled ? transactionsKey(page, filters, after) : null;
  const shown = useSWR<TransactionsPage>(key, fetchTransactions, { keepPreviousData: true });
  // the same key without the previous answer: one request, SWR dedupes the second hook's
  const asked = useSWR<TransactionsPage>(key, fetchTransactions);
  return { data: shown.data, error: shown.error, pending: key !== null && isPending(asked) };
};
