import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Booking } from "../../../types/api";

/** GET /api/bookings/today: the club's bookings of today (admin). */
export const todayBookingsKey = keyFor(["bookings", "schedule"], () => "/api/bookings/today");

export const fetchTodayBookings = (key: string) => api<Booking[]>(key);

export const useTodayBookings = (enabled = true) => useSWR<Booking[]>(enabled ? todayBookingsKey() : null, fetchTodayBookings);
