import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Payment } from "../../../types/api";

export interface RecordPayment {
  bookingId: string;
  /** absent for a guest paying a share through a link */
  userId?: string;
  stripePaymentIntentId: string;
  shareToken?: string;
}

/** POST /api/payments: the confirmed card payment counts. */
export const recordPayment = (input: RecordPayment) => api<Payment>("/api/payments", { method: "POST", json: input });

/** Every list that shows bookings or payments, the share link's places and the admin's day change. */
export const useRecordPayment = () => useWrite("record-payment", recordPayment, ["bookings", "payments", "share-links", "schedule"]);
