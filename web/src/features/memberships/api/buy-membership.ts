import type { PurchaseAnswer, PurchaseIntentAnswer } from "@courts/core";
import { api } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/save-file";
import { useWrite } from "../../../lib/swr";
import type { PaymentIntent } from "../../../types/api";

/**
 * POST /api/user/memberships { planId }: opens the card payment of a plan, as a wallet top-up
 * does; nobody is a member until the card is confirmed and the purchase recorded.
 */
export const createMembershipPurchase = async (planId: string): Promise<PaymentIntent> => {
  const intent = await api<PurchaseIntentAnswer>("/api/user/memberships", { method: "POST", json: { planId } });
  // the card form reads an intent as checkout's: a plan has no discount code and no fee for the player
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId, amount: intent.amount, discount: "0.00", totalPaid: intent.amount, stripeFee: "0.00", discountCode: null };
};

/** POST /api/user/purchases/{paymentIntentId}: the server asks the provider and grants the membership once. */
export const recordMembershipPurchase = (paymentIntentId: string) =>
  api<PurchaseAnswer>(`/api/user/purchases/${encodeURIComponent(paymentIntentId)}`, { method: "POST" });

/** A recorded membership changes the player's memberships and every 'Precio socio' (topic "memberships"), and their payments. */
export const useRecordMembershipPurchase = () => useWrite("record-membership", recordMembershipPurchase, ["memberships", "products", "payments"]);

/** GET /api/user/purchases/{id}/invoice as a file the browser saves: the membership's receipt, named after its number. */
export const downloadMembershipReceipt = (purchaseId: string): Promise<void> =>
  downloadFile(`/api/user/purchases/${encodeURIComponent(purchaseId)}/invoice`, "recibo-socio.pdf");
