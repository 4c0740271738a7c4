import { useMemo } from "react";
import useSWR from "swr";
import { MAX_PAGE_SIZE } from "@courts/core";
import { apiPage, type ListPage } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Booking } from "../../../types/api";

/**
 * GET /api/user/bookings?scope=&page=&pageSize=: the player's bookings a page at a time, with the
 * total from X-Total-Count, split at the server's clock (DESIGN.md section 14): `upcoming` the
 * live ones not started yet, soonest first; `past` the played, cancelled and expired ones, newest first.
 */
export const USER_BOOKINGS_PAGE_SIZE = 12;
export type BookingScope = "upcoming" | "past";

export const userBookingsKey = keyFor(
  ["bookings"],
  (scope: BookingScope, page: number) => `/api/user/bookings?scope=${scope}&page=${page}&pageSize=${USER_BOOKINGS_PAGE_SIZE}`,
);

export const fetchUserBookings = (key: string) => apiPage<Booking>(key);

export const useUserBookings = (scope: BookingScope, page: number, enabled = true) =>
  useSWR<ListPage<Booking>>(enabled ? userBookingsKey(scope, page) : null, fetchUserBookings);

/** As many upcoming bookings as one read returns. */
export const ownUpcomingKey = keyFor(["bookings"], () => `/api/user/bookings?scope=upcoming&page=1&pageSize=${MAX_PAGE_SIZE}`);

/**
 * The slots of one court and day the player holds (active or confirmed), from their upcoming
 * bookings: the booking screen reads 'Tu reserva' there and offers no waitlist for them.
 */
export const useOwnSlots = (courtId: string, date: string, enabled: boolean): readonly string[] => {
  const { data } = useSWR<ListPage<Booking>>(enabled ? ownUpcomingKey() : null, fetchUserBookings);
  // the same array while the answer is the same: the slot grid is not rendered again for nothing
  return useMemo(
    () =>
      (data?.items ?? [])
        .filter((b) => b.courtId === courtId && b.date === date && (b.status === "active" || b.status === "confirmed"))
        .map((b) => b.timeSlot),
    [data, courtId, date],
  );
};

/**
 * GET /api/user/bookings?scope=due: the player's bookings whose balance is due (the card refused
 * the remainder at the split deadline), the first one and how many. The server refuses new
 * bookings until they are paid; the booking screen says so before anything is chosen.
 */
export const balancesDueKey = keyFor(["bookings", "payments"], () => "/api/user/bookings?scope=due&page=1&pageSize=1");

export const useBalancesDue = () => useSWR<ListPage<Booking>>(balancesDueKey(), fetchUserBookings);

