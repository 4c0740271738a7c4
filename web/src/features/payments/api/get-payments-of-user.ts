import useSWR from "swr";
import { apiPage, type ListPage } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { PaymentWithBooking } from "../../../types/api";

/** GET /api/payments/user/{userId}?page=&pageSize=: one player's payments (that player or the admin), newest first. */
export const PAYMENTS_OF_USER_PAGE_SIZE = 20;

export const paymentsOfUserKey = keyFor(
  ["payments"],
  (userId: string, page: number) => `/api/payments/user/${encodeURIComponent(userId)}?page=${page}&pageSize=${PAYMENTS_OF_USER_PAGE_SIZE}`,
);

export const fetchPaymentsOfUser = (key: string) => apiPage<PaymentWithBooking>(key);

export const usePaymentsOfUser = (userId: string | undefined, page: number) =>
  useSWR<ListPage<PaymentWithBooking>>(userId ? paymentsOfUserKey(userId, page) : null, fetchPaymentsOfUser);
