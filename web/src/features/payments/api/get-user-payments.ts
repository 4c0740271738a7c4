import useSWR from "swr";
import { apiPage, type ListPage } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { PaymentWithBooking } from "../../../types/api";

/**
 * GET /api/user/payments?page=&pageSize=: the signed-in player's payments a page at a time,
 * newest first, with the total from X-Total-Count (DESIGN.md section 11).
 */
export const USER_PAYMENTS_PAGE_SIZE = 24;

export const userPaymentsKey = keyFor(
  ["payments"],
  (page: number, pageSize: number = USER_PAYMENTS_PAGE_SIZE) => `/api/user/payments?page=${page}&pageSize=${pageSize}`,
);

export const fetchUserPayments = (key: string) => apiPage<PaymentWithBooking>(key);

export const useUserPayments = (page: number, pageSize: number = USER_PAYMENTS_PAGE_SIZE) =>
  useSWR<ListPage<PaymentWithBooking>>(userPaymentsKey(page, pageSize), fetchUserPayments);
