import { api } from "../../../lib/api-client";
import type { PaymentIntent } from "../../../types/api";

export type IntentRequest =
  | { bookingId: string; paymentType: "partial" | "full"; discountCode?: string }
  /** a guest says who is paying: the name (required without an account) and an email for the receipt */
  | { bookingId: string; shareToken: string; discountCode?: string; payerName?: string; payerEmail?: string | null };

/**
 * POST /api/create-payment-intent: the server computes every amount; the client never sends one.
 * Nothing is recorded until the card is confirmed (recordPayment), so no cached answer changes.
 */
export const createPaymentIntent = (input: IntentRequest) =>
  api<PaymentIntent>("/api/create-payment-intent", { method: "POST", json: input });
