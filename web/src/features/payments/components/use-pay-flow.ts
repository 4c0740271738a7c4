import { useState } from "react";
import { describeError } from "../../../lib/api-client";
import type { PaymentIntent } from "../../../types/api";

/** Confirms an intent with the card provider: the succeeded intent id, or null when it failed (already told). */
export type ConfirmWithProvider = (intent: PaymentIntent) => Promise<string | null>;

/**
 * The card flow shared by checkout and shared payment: create the intent on the server, let the
 * provider confirm the card, then hand the succeeded intent to the screen, which records it.
 * An intent that cannot be created is only logged (SPEC.md section 8) and explained inline.
 */
export function usePayFlow(createIntent: () => Promise<PaymentIntent>, onPaid: (paymentIntentId: string) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [intentError, setIntentError] = useState<string | null>(null);

  const pay = async (confirm: ConfirmWithProvider) => {
    setBusy(true);
    setIntentError(null);
    try {
      let intent: PaymentIntent;
      try {
        intent = await createIntent();
      } catch (error) {
        console.error("create-payment-intent failed", error);
        setIntentError(describeError(error, "No se pudo iniciar el pago. Intenta de nuevo."));
        return;
      }
      const paidId = await confirm(intent);
      if (paidId) await onPaid(paidId);
    } finally {
      setBusy(false);
    }
  };

  return { pay, busy, intentError };
}
