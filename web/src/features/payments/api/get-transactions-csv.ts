import { filterParams, type TransactionFilters } from "./get-transactions";

/** GET /api/admin/transactions.csv?from=&to=: a download the browser makes with the admin's cookie. */
export const transactionsCsvUrl = (filters: TransactionFilters) => {
  const { status: _status, ...range } = filters;
  const query = filterParams(range).toString();
  return `/api/admin/transactions.csv${query ? `?${query}` : ""}`;
};
