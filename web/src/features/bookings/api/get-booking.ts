import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { Booking } from "../../../types/api";

/** GET /api/bookings/{id}: one booking of the player (or any, for the admin). */
export const bookingKey = keyFor(["bookings"], (id: string) => `/api/bookings/${encodeURIComponent(id)}`);

export const fetchBooking = (key: string) => api<Booking>(key);

export const useBooking = (id: string | undefined, enabled = true) =>
  useSWR<Booking>(id && enabled ? bookingKey(id) : null, fetchBooking);
