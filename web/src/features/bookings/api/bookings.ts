import useSWR from "swr";
import type { GameType } from "@courts/core";
import { api, apiPage, type ListPage } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";
import type { Booking } from "../../../types/api";

/** Bookings: create, one, the player's own, today's (admin), cancel. */
export const userBookingsKey = "/api/user/bookings";
export const bookingKey = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;
export const todayBookingsKey = "/api/bookings/today";

export const useUserBookings = (enabled = true) => useSWR<Booking[]>(enabled ? userBookingsKey : null);

/** My bookings a page at a time: upcoming ones soonest first, then past ones newest first. */
export const USER_BOOKINGS_PAGE_SIZE = 12;
export type BookingScope = "upcoming" | "past";
export const userBookingsPageKey = (scope: BookingScope, page: number) =>
  `${userBookingsKey}?scope=${scope}&page=${page}&pageSize=${USER_BOOKINGS_PAGE_SIZE}`;
export const useUserBookingsPage = (scope: BookingScope, page: number, enabled = true) =>
  useSWR<ListPage<Booking>>(enabled ? userBookingsPageKey(scope, page) : null, apiPage<Booking>);
export const useBooking = (id: string | undefined, enabled = true) =>
  useSWR<Booking>(id && enabled ? bookingKey(id) : null);
export const useTodayBookings = (enabled = true) => useSWR<Booking[]>(enabled ? todayBookingsKey : null);

export interface NewBooking {
  courtId: string;
  /** club-local date YYYY-MM-DD */
  date: string;
  timeSlot: string;
  gameType: GameType;
  userId: string;
}

export const createBooking = async ({ courtId, date, timeSlot, gameType, userId }: NewBooking) => {
  const booking = await api<Booking>("/api/bookings", {
    method: "POST",
    // SPEC.md section 7: a local date-time without zone.
    json: { courtId, bookingDate: `${date}T00:00:00`, timeSlot, gameType, userId },
  });
  await revalidate(userBookingsKey, `/api/courts/${courtId}/bookings`, "/api/venues/");
  return booking;
};

export const cancelBooking = async (input: { bookingId: string; userId: string; cancellationReason?: string }) => {
  const answer = await api<{ refundPercentage: number; refundAmount?: string; booking?: Booking }>("/api/cancellations", {
    method: "POST",
    json: input,
  });
  await revalidate(userBookingsKey, "/api/bookings/", "/api/user/payments", "/api/payments/", "/api/courts/", "/api/venues/");
  return answer;
};
