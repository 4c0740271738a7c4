import { lazy, Suspense } from "react";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { Spinner } from "../../../components/ui/spinner";
import type { AppConfig, PaymentIntent } from "../../../types/api";
import { SimulatedCardForm } from "./simulated-card-form";
import { usePayFlow } from "./use-pay-flow";

// Stripe's SDK lives in its own chunk, fetched only on checkout and shared-payment screens
// when the server runs the Stripe provider.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

export interface CardPaymentProps {
  payments: AppConfig["payments"];
  /** cents this payment charges */
  amount: number;
  submitLabel: string;
  /** where Stripe returns after a redirect-based confirmation */
  returnPath: string;
  disabled?: boolean;
  createIntent: () => Promise<PaymentIntent>;
  onPaid: (paymentIntentId: string) => Promise<void>;
}

/** The card form of the configured provider: simulated (built-in) or Stripe. */
export function CardPayment({ payments, amount, submitLabel, returnPath, disabled, createIntent, onPaid }: CardPaymentProps) {
  const { pay, busy, intentError } = usePayFlow(createIntent, onPaid);
  const common = { submitLabel, busy, onPay: pay, ...(disabled === undefined ? {} : { disabled }) };
  return (
    <div className="space-y-3">
      {payments.provider === "stripe" ? (
        payments.publishableKey ? (
          <Suspense fallback={<Spinner label="Cargando formulario de pago..." className="py-6" />}>
            <StripeCardForm publishableKey={payments.publishableKey} amount={amount} returnPath={returnPath} {...common} />
          </Suspense>
        ) : (
          <ErrorNotice>El pago con tarjeta no está configurado.</ErrorNotice>
        )
      ) : (
        <SimulatedCardForm {...common} />
      )}
      {intentError && <ErrorNotice>{intentError}</ErrorNotice>}
    </div>
  );
}
