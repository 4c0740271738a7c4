import type { PurchaseAnswer, PurchaseIntentAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { PaymentIntent } from "../../../types/api";

/**
 * POST /api/user/wallet/top-ups { amount }: opens the card payment of a top-up, as checkout opens
 * one; nothing is credited until the card is confirmed and the purchase recorded.
 */
export const createTopUp = async (amount: string): Promise<PaymentIntent> => {
  const intent = await api<PurchaseIntentAnswer>("/api/user/wallet/top-ups", { method: "POST", json: { amount } });
  // the card form reads an intent as checkout's: a top-up has no discount and no fee for the player
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId, amount: intent.amount, discount: "0.00", totalPaid: intent.amount, stripeFee: "0.00", discountCode: null };
};

/** POST /api/user/purchases/{paymentIntentId}: the server asks the provider and credits the wallet once. */
export const recordPurchase = (paymentIntentId: string) =>
  api<PurchaseAnswer>(`/api/user/purchases/${encodeURIComponent(paymentIntentId)}`, { method: "POST" });

export const useRecordPurchase = () => useWrite("record-purchase", recordPurchase, ["wallet", "payments"]);
