import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Payment } from "../../../types/api";

export interface PunchCardPaymentRequest {
  readonly bookingId: string;
  readonly punchCardId: string;
}

/** POST /api/bookings/{id}/punch-card-payments { punchCardId }: one hour pays what the booking still owes; no card, no fee. */
export const payWithPunchCard = ({ bookingId, punchCardId }: PunchCardPaymentRequest) =>
  api<Payment>(`/api/bookings/${encodeURIComponent(bookingId)}/punch-card-payments`, { method: "POST", json: { punchCardId } });

/** The lists a payment changes, and the cards (one hour fewer). */
export const usePayWithPunchCard = () => useWrite("punch-card-payment", payWithPunchCard, ["punch-cards", "bookings", "payments", "share-links", "schedule"]);
