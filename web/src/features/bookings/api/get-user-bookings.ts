import useSWR from "swr";
import { apiPage, type ListPage } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Booking } from "../../../types/api";

/**
 * GET /api/user/bookings?scope=&page=&pageSize=: the player's bookings a page at a time, with the
 * total from X-Total-Count; `upcoming` soonest first from today, `past` newest first, `all`
 * (no scope) newest first.
 */
export const USER_BOOKINGS_PAGE_SIZE = 12;
export type BookingScope = "upcoming" | "past" | "all";

export const userBookingsKey = keyFor(
  ["bookings"],
  (scope: BookingScope, page: number) =>
    `/api/user/bookings?${scope === "all" ? "" : `scope=${scope}&`}page=${page}&pageSize=${USER_BOOKINGS_PAGE_SIZE}`,
);

export const fetchUserBookings = (key: string) => apiPage<Booking>(key);

export const useUserBookings = (scope: BookingScope, page: number, enabled = true) =>
  useSWR<ListPage<Booking>>(enabled ? userBookingsKey(scope, page) : null, fetchUserBookings);
