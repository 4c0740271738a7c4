import useSWR from "swr";
import { api, request } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";
import type { Payment, PaymentIntent, PaymentStats, PaymentWithBooking, TransactionsPage } from "../../../types/api";

/** Card payments: intents, the simulated provider, recording, lists, stats and invoices. */
export const userPaymentsKey = "/api/user/payments";
export const paymentsOfUserKey = (userId: string) => `/api/payments/user/${encodeURIComponent(userId)}`;
export const todayRevenueKey = "/api/payments/today-revenue";
export const paymentStatsKey = "/api/payments/stats";
export const transactionsKey = "/api/admin/transactions";

export const useUserPayments = (enabled = true) => useSWR<PaymentWithBooking[]>(enabled ? userPaymentsKey : null);
export const usePaymentsOfUser = (userId: string | undefined) =>
  useSWR<PaymentWithBooking[]>(userId ? paymentsOfUserKey(userId) : null);
export const useTodayRevenue = (enabled = true) => useSWR<{ revenue: string }>(enabled ? todayRevenueKey : null);
export const usePaymentStats = (enabled = true) => useSWR<PaymentStats>(enabled ? paymentStatsKey : null);
export const TRANSACTIONS_PAGE_SIZE = 25;

export interface TransactionFilters {
  /** club-local dates YYYY-MM-DD, both included */
  from?: string;
  to?: string;
  status?: "pending" | "succeeded" | "failed" | "refunded";
}

const filterParams = (filters: TransactionFilters) => {
  const params = new URLSearchParams();
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.status) params.set("status", filters.status);
  return params;
};

/** One page of the admin's transactions; the key starts with transactionsKey so payments revalidate it. */
export const transactionsPageKey = (page: number, filters: TransactionFilters = {}) => {
  const params = filterParams(filters);
  params.set("page", String(page));
  params.set("pageSize", String(TRANSACTIONS_PAGE_SIZE));
  return `${transactionsKey}?${params.toString()}`;
};
export const useTransactions = (page: number, filters: TransactionFilters = {}, enabled = true) =>
  useSWR<TransactionsPage>(enabled ? transactionsPageKey(page, filters) : null, { keepPreviousData: true });

/** The CSV export of the same filters (a download the browser makes with the admin's cookie). */
export const transactionsCsvUrl = (filters: TransactionFilters) => {
  const { status: _status, ...range } = filters;
  const query = filterParams(range).toString();
  return `/api/admin/transactions.csv${query ? `?${query}` : ""}`;
};

export type IntentRequest =
  | { bookingId: string; paymentType: "partial" | "full"; discountCode?: string }
  /** a guest says who is paying: the name (required without an account) and an email for the receipt */
  | { bookingId: string; shareToken: string; discountCode?: string; payerName?: string; payerEmail?: string | null };

/** POST /api/create-payment-intent: the server computes every amount; the client never sends one. */
export const createPaymentIntent = (input: IntentRequest) =>
  api<PaymentIntent>("/api/create-payment-intent", { method: "POST", json: input });

export interface SimulatedCard {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** POST /api/simulated-card/confirm (simulated provider only); 402 CARD_DECLINED. */
export const confirmSimulatedCard = (clientSecret: string, card: SimulatedCard) =>
  api<{ paymentIntentId: string; status: string }>("/api/simulated-card/confirm", {
    method: "POST",
    json: { clientSecret, ...card },
  });

export interface RecordPayment {
  bookingId: string;
  userId: string;
  stripePaymentIntentId: string;
  shareToken?: string;
}

/** POST /api/payments, then every list that shows bookings or payments is fetched again. */
export const recordPayment = async (input: RecordPayment) => {
  const payment = await api<Payment>("/api/payments", { method: "POST", json: input });
  await revalidate("/api/user/", "/api/bookings/", "/api/payments/", "/api/shared-payment-links/", transactionsKey);
  return payment;
};

/** GET /api/payments/{id}/invoice as a file the browser saves. */
export const downloadInvoice = async (paymentId: string, fileName: string) => {
  const response = await request(`/api/payments/${encodeURIComponent(paymentId)}/invoice`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
