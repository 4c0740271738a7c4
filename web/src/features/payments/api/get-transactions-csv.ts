import { filterParams, type TransactionFilters } from "./get-transactions";

/** GET /api/admin/transactions.csv?from=&to=&gameFrom=&gameTo=&venueId=&status=: the rows the screen shows, a download the browser makes with the admin's cookie. */
export const transactionsCsvUrl = (filters: TransactionFilters) => {
  const query = filterParams(filters).toString();
  return `/api/admin/transactions.csv${query ? `?${query}` : ""}`;
};
