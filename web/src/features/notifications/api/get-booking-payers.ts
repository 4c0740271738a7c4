import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { keyFor } from "../../../lib/swr";
import type { BookingPayer } from "./types";

/** GET /api/bookings/{id}/payers: who paid which share. */
export const bookingPayersKey = keyFor(["payments"], (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/payers`);

export const fetchBookingPayers = (key: string) => api<BookingPayer[]>(key);

export const useBookingPayers = (bookingId: string, enabled: boolean) =>
  useSWR<BookingPayer[]>(enabled ? bookingPayersKey(bookingId) : null, fetchBookingPayers);
