import { useState, type FormEvent } from "react";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { Lock } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toastError } from "../../../components/ui/toast";
import type { ConfirmWithProvider } from "./use-pay-flow";

// Stripe.js is fetched only when a payment screen needs it, once per key ("pure" never loads it on import).
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let promise = stripes.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripes.set(key, promise);
  }
  return promise;
};

interface Props {
  publishableKey: string;
  /** cents to charge, shown by the Payment Element before the intent exists */
  amount: number;
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  returnPath: string;
  onPay: (confirm: ConfirmWithProvider) => Promise<void>;
}

function StripeForm({ submitLabel, busy, disabled, returnPath, onPay }: Omit<Props, "publishableKey" | "amount">) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    const { error } = await elements.submit();
    if (error) {
      toastError("Error en el pago", error.message ?? "Revisa los datos de la tarjeta");
      return;
    }
    await onPay(async (intent) => {
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        redirect: "if_required",
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      });
      if (result.error) {
        toastError("Error en el pago", result.error.message ?? "No se pudo procesar el pago");
        return null;
      }
      if (result.paymentIntent.status !== "succeeded") {
        toastError("Error en el pago", "El pago no fue confirmado");
        return null;
      }
      return result.paymentIntent.id;
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label="Datos de la tarjeta">
      {!ready && <Spinner label="Cargando formulario de pago..." className="py-6" />}
      <PaymentElement onReady={() => setReady(true)} options={{ layout: "tabs" }} />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !ready || busy || disabled} aria-busy={busy}>
        <Lock aria-hidden="true" className="h-4 w-4" />
        {busy ? "Procesando..." : submitLabel}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element in deferred-intent mode: the intent is created on submit. */
export default function StripeCardForm({ publishableKey, amount, ...rest }: Props) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        mode: "payment",
        // Stripe's smallest USD charge is $0.50; the real amount comes from the server's intent.
        amount: Math.max(amount, 50),
        currency: "usd",
        locale: "es",
        appearance: { theme: "stripe", variables: { colorPrimary: "#17633e", borderRadius: "12px" } },
      }}
    >
      <StripeForm {...rest} />
    </Elements>
  );
}
