import type { CancellationAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";

export interface Cancellation {
  bookingId: string;
  /** absent when the admin cancels for the club */
  userId?: string;
  cancellationReason?: string;
}

/** POST /api/cancellations: the refund follows the tiers of SPEC.md (100 / 50 / 0 %). */
export const cancelBooking = (input: Cancellation) =>
  api<CancellationAnswer>("/api/cancellations", { method: "POST", json: input });

/** The slot frees up and refunds appear: bookings, payments, availability and the schedule change. */
export const useCancelBooking = () => useWrite("cancel-booking", cancelBooking, ["bookings", "payments", "availability", "schedule"]);
