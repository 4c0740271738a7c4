import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { Payment } from "../../../types/api";

export interface WalletPaymentRequest {
  readonly bookingId: string;
  readonly paymentType: "partial" | "full";
  readonly discountCode?: string;
}

/** POST /api/bookings/{id}/wallet-payments: the server computes the amount; no card, no fee. */
export const payWithWallet = ({ bookingId, ...body }: WalletPaymentRequest) =>
  api<Payment>(`/api/bookings/${encodeURIComponent(bookingId)}/wallet-payments`, { method: "POST", json: body });

/** The same lists a card payment changes, and the wallet. */
export const usePayWithWallet = () => useWrite("wallet-payment", payWithWallet, ["wallet", "bookings", "payments", "share-links", "schedule"]);
