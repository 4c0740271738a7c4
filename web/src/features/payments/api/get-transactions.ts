import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { TransactionsPage } from "../../../types/api";

/** GET /api/admin/transactions?page=&pageSize=&from=&to=&status=: `{ items, total, page, pageSize }` (admin). */
export const TRANSACTIONS_PAGE_SIZE = 25;

export interface TransactionFilters {
  /** club-local dates YYYY-MM-DD, both included */
  from?: string;
  to?: string;
  status?: "pending" | "succeeded" | "failed" | "refunded";
}

export const filterParams = (filters: TransactionFilters) => {
  const params = new URLSearchParams();
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.status) params.set("status", filters.status);
  return params;
};

export const transactionsKey = keyFor(["payments"], (page: number, filters: TransactionFilters = {}) => {
  const params = filterParams(filters);
  params.set("page", String(page));
  params.set("pageSize", String(TRANSACTIONS_PAGE_SIZE));
  return `/api/admin/transactions?${params.toString()}`;
});

export const fetchTransactions = (key: string) => api<TransactionsPage>(key);

export const useTransactions = (page: number, filters: TransactionFilters = {}, enabled = true) =>
  useSWR<TransactionsPage>(enabled ? transactionsKey(page, filters) : null, fetchTransactions, { keepPreviousData: true });
