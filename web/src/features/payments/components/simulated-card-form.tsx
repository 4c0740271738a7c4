import { useState, type FormEvent } from "react";
import { CreditCard, Lock } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { confirmSimulatedCard } from "../api/confirm-simulated-card";
import type { ConfirmWithProvider } from "./use-pay-flow";

const digits = (text: string) => text.replace(/\D/g, "");
const groupCard = (text: string) => digits(text).slice(0, 16).replace(/(\d{4})(?=\d)/g, "$1 ");
const formatExpiry = (text: string) => {
  const d = digits(text).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** Field problems in Spanish; empty when the card can be sent. */
export const cardProblems = ({ number, expiry, cvc }: CardFields): Partial<Record<keyof CardFields, string>> => {
  const problems: Partial<Record<keyof CardFields, string>> = {};
  if (digits(number).length < 13) problems.number = "Ingresa un número de tarjeta válido";
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) problems.expiry = "Usa el formato MM/AA";
  if (!/^\d{3,4}$/.test(cvc)) problems.cvc = "CVC de 3 o 4 dígitos";
  return problems;
};

/** The embedded test provider's card form (no card data leaves for a third party). */
export function SimulatedCardForm({
  submitLabel,
  busy,
  disabled,
  onPay,
}: {
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  onPay: (confirm: ConfirmWithProvider) => Promise<void>;
}) {
  const [fields, setFields] = useState<CardFields>({ number: "", expiry: "", cvc: "" });
  const [touched, setTouched] = useState(false);
  const problems = cardProblems(fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    const [mm, yy] = fields.expiry.split("/");
    void onPay(async (intent) => {
      try {
        const result = await confirmSimulatedCard(intent.clientSecret, {
          cardNumber: digits(fields.number),
          expMonth: Number(mm),
          expYear: 2000 + Number(yy),
          cvc: fields.cvc,
        });
        if (result.status !== "succeeded") {
          toastError("Error en el pago", "El pago no fue confirmado");
          return null;
        }
        return result.paymentIntentId || intent.paymentIntentId;
      } catch (error) {
        toastError("Error en el pago", describeError(error, "La tarjeta fue rechazada"));
        return null;
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Datos de la tarjeta">
      <TextField
        label="Número de tarjeta"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={fields.number}
        onChange={(e) => setFields((f) => ({ ...f, number: groupCard(e.target.value) }))}
        error={touched ? problems.number : undefined}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Vencimiento (MM/AA)"
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          value={fields.expiry}
          onChange={(e) => setFields((f) => ({ ...f, expiry: formatExpiry(e.target.value) }))}
          error={touched ? problems.expiry : undefined}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={fields.cvc}
          onChange={(e) => setFields((f) => ({ ...f, cvc: digits(e.target.value).slice(0, 4) }))}
          error={touched ? problems.cvc : undefined}
        />
      </div>
      <p className="flex gap-2 rounded-xl bg-sky-50 p-3 text-xs text-sky-950">
        <CreditCard aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          Modo de prueba: la tarjeta <strong>4242 4242 4242 4242</strong> se aprueba y la{" "}
          <strong>4000 0000 0000 0002</strong> es rechazada. Usa cualquier fecha futura y cualquier CVC.
        </span>
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={busy || disabled} aria-busy={busy}>
        <Lock aria-hidden="true" className="h-4 w-4" />
        {busy ? "Procesando..." : submitLabel}
      </Button>
    </form>
  );
}
