import useSWR from "swr";
import { api } from "../../../lib/api-client";
import { revalidate } from "../../../lib/swr";
import type { Booking, Payment, User } from "../../../types/api";

/** Club operations (DESIGN.md section 10): blocks, closures, fixed weekly series, cash, the day's schedule. */

export const BLOCK_REASONS = ["Mantenimiento", "Clases", "Torneo", "Otro"] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export interface Block {
  id: string;
  venueId: string;
  courtId: string | null;
  startDate: string;
  endDate: string;
  timeSlots: string[] | null;
  weekdays: number[] | null;
  reason: BlockReason;
  note?: string | null;
}

export interface ScheduledBooking extends Booking {
  userName: string | null;
  seriesId: string | null;
  remainingAmount: string;
}

export interface ScheduleCell {
  timeSlot: string;
  booking: ScheduledBooking | null;
  block: { id: string; reason: BlockReason; note: string | null } | null;
}

export interface ScheduleCourt {
  id: string;
  name: string;
  courtNumber: number;
  status: string;
  cells: ScheduleCell[];
}

export interface DaySchedule {
  date: string;
  venues: { id: string; name: string; courts: ScheduleCourt[] }[];
}

export const scheduleKey = (date: string, venueId: string) =>
  `/api/admin/schedule?date=${date}&venueId=${encodeURIComponent(venueId)}`;
export const useDaySchedule = (date: string, venueId: string | undefined) =>
  useSWR<DaySchedule>(venueId ? scheduleKey(date, venueId) : null);

/** GET /api/venues/{id}/blocks?year=&month=: what the club closed that month (public). */
export const venueBlocksKey = (venueId: string, year: number, month: number) =>
  `/api/venues/${encodeURIComponent(venueId)}/blocks?year=${year}&month=${month}`;
export const useVenueBlocks = (venueId: string | undefined, year: number, month: number) =>
  useSWR<Block[]>(venueId ? venueBlocksKey(venueId, year, month) : null);

/** GET /api/admin/blocks?venueId=: the venue's blocks that end today or later (admin). */
export const useActiveBlocks = (venueId: string | undefined) =>
  useSWR<Block[]>(venueId ? `/api/admin/blocks?venueId=${encodeURIComponent(venueId)}` : null);

/** After any operation: the schedule, availability, calendars and every booking or payment list. */
const afterChange = () => revalidate("/api/admin/", "/api/courts/", "/api/venues/", "/api/bookings", "/api/user/", "/api/payments");

export interface NewBlock {
  venueId?: string;
  courtId?: string;
  startDate: string;
  endDate: string;
  timeSlots?: string[];
  weekdays?: number[];
  reason: BlockReason;
  note?: string;
  cancelConflicts?: boolean;
}

export interface BlockAnswer {
  block: Block;
  created: boolean;
  cancelledBookings: { booking: Booking; refunds: { paymentId: string; amount: string; status: "owed" | "sent" }[] }[];
}

export const createBlock = async (input: NewBlock) => {
  const answer = await api<BlockAnswer>("/api/admin/blocks", { method: "POST", json: input });
  await afterChange();
  return answer;
};

export const deleteBlock = async (id: string) => {
  await api(`/api/admin/blocks/${encodeURIComponent(id)}`, { method: "DELETE" });
  await afterChange();
};

export const findPlayer = (username: string) => api<User>(`/api/admin/users?username=${encodeURIComponent(username)}`);

export const bookForPlayer = async (input: { courtId: string; date: string; timeSlot: string; gameType: "singles" | "doubles"; userId: string }) => {
  const booking = await api<Booking>("/api/bookings", {
    method: "POST",
    json: { courtId: input.courtId, bookingDate: `${input.date}T00:00:00`, timeSlot: input.timeSlot, gameType: input.gameType, userId: input.userId },
  });
  await afterChange();
  return booking;
};

export interface SeriesAnswer {
  id: string;
  created: Booking[];
  skipped: { date: string; reason: "taken" | "blocked" | "past"; message: string }[];
}

export const createSeries = async (input: { courtId: string; userId: string; timeSlot: string; gameType: "singles" | "doubles"; startDate: string; weeks: number }) => {
  const answer = await api<SeriesAnswer>("/api/admin/booking-series", { method: "POST", json: input });
  await afterChange();
  return answer;
};

export const cancelSeries = async (seriesId: string) => {
  const answer = await api<{ cancelled: string[] }>(`/api/admin/booking-series/${encodeURIComponent(seriesId)}`, { method: "DELETE" });
  await afterChange();
  return answer;
};

export const cancelAsAdmin = async (bookingId: string) => {
  const answer = await api<{ refundPercentage: number; refundAmount: string }>("/api/cancellations", {
    method: "POST",
    json: { bookingId, cancellationReason: "Cancelada por el club" },
  });
  await afterChange();
  return answer;
};

export const recordCash = async (bookingId: string, amount: string) => {
  const answer = await api<{ payment: Payment; booking: Booking }>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/cash-payments`, {
    method: "POST",
    json: { amount },
  });
  await afterChange();
  return answer;
};
