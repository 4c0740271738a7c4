import type { PurchaseAnswer, PurchaseIntentAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { useWrite } from "../../../lib/swr";
import type { PaymentIntent } from "../../../types/api";

/**
 * POST /api/user/punch-cards { productId }: opens the card payment of a punch card, as the
 * wallet's top-up does; the card is granted once the purchase is recorded.
 */
export const createPunchCardPurchase = async (productId: string): Promise<PaymentIntent> => {
  const intent = await api<PurchaseIntentAnswer>("/api/user/punch-cards", { method: "POST", json: { productId } });
  // the card form reads an intent as checkout's: a punch card has no discount and no fee for the player
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId, amount: intent.amount, discount: "0.00", totalPaid: intent.amount, stripeFee: "0.00", discountCode: null };
};

/** POST /api/user/purchases/{paymentIntentId}: the server asks the provider and grants the card once. */
export const recordPunchCardPurchase = (paymentIntentId: string) =>
  api<PurchaseAnswer>(`/api/user/purchases/${encodeURIComponent(paymentIntentId)}`, { method: "POST" });

export const useRecordPunchCardPurchase = () => useWrite("record-punch-card-purchase", recordPunchCardPurchase, ["punch-cards", "payments"]);
