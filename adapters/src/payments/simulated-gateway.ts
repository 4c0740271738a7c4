import type { GatewayIntent, GatewayRefund, PaymentGateway } from "@courts/core";
import { IdempotencyKeyReused, IntentAmountRejected, MIN_CHARGE_CENTS, RefundRejected } from "./gateway-errors.js";
import type { SimulatedIntent, SimulatedIntentStore } from "./simulated-intent-store.js";

export type CardField = "cardNumber" | "expMonth" | "expYear" | "cvc";

export type ConfirmResult =
  | { readonly ok: true; readonly paymentIntentId: string; readonly status: "succeeded" }
  | { readonly ok: false; readonly code: "INVALID_INPUT"; readonly field: CardField; readonly message: string }
  | {
      readonly ok: false;
      readonly code: "CARD_DECLINED";
      readonly paymentIntentId: string;
      readonly message: string;
    }
  | { readonly ok: false; readonly code: "NOT_FOUND"; readonly message: string }
  /** the intent was cancelled (replaced, its booking cancelled, abandoned): nothing can be charged on it */
  | { readonly ok: false; readonly code: "CANCELED"; readonly message: string };

export interface ConfirmInput {
  readonly clientSecret: string;
  readonly cardNumber: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
  readonly now: Date;
}

export type SimulatedGateway = PaymentGateway & {
  /** What the browser does with Stripe.js: confirm the intent with a card. */
  confirm(input: ConfirmInput): Promise<ConfirmResult>;
};

/** Stripe's test card that is always declined; every other valid card succeeds. */
const DECLINED_CARD = "4000000000000002";

const MESSAGES = {
  cardNumber: "Número de tarjeta inválido",
  expiry: "Fecha de vencimiento inválida",
  cvc: "CVC inválido",
  declined: "Tu tarjeta fue rechazada",
  notFound: "Pago no encontrado",
  canceled: "Este pago fue anulado y no se cobró. Vuelve a abrir el pago para pagar.",
} as const;

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

type CardCheck = { readonly ok: true; readonly number: string } | { readonly ok: false; readonly field: CardField; readonly message: string };

const checkCard = (input: ConfirmInput): CardCheck => {
  const number = input.cardNumber.replace(/\s+/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { ok: false, field: "cardNumber", message: MESSAGES.cardNumber };

  const { expMonth, expYear } = input;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
    return { ok: false, field: "expMonth", message: MESSAGES.expiry };
  // Two digits mean 20YY, as printed on cards; anything else must be a four-digit year.
  if (!Number.isInteger(expYear) || expYear < 0 || (expYear > 99 && (expYear < 1000 || expYear > 9999)))
    return { ok: false, field: "expYear", message: MESSAGES.expiry };
  const year = expYear <= 99 ? 2000 + expYear : expYear;
  // A card is valid through the last day of its expiry month.
  const nowYear = input.now.getUTCFullYear();
  const nowMonth = input.now.getUTCMonth() + 1;
  if (year < nowYear) return { ok: false, field: "expYear", message: MESSAGES.expiry };
  if (year === nowYear && expMonth < nowMonth) return { ok: false, field: "expMonth", message: MESSAGES.expiry };

  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: "cvc", message: MESSAGES.cvc };
  return { ok: true, number };
};

const toGatewayIntent = (intent: SimulatedIntent): GatewayIntent => ({
  id: intent.id,
  clientSecret: intent.clientSecret,
  amount: intent.amount,
  currency: intent.currency,
  status: intent.status,
  metadata: { ...intent.metadata },
});

const sameMetadata = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

const compact = (uuid: string): string => uuid.replaceAll("-", "");

/**
 * The embedded card provider (DESIGN.md section 5): no keys, no network. Seen from the server it
 * behaves like Stripe: intents start in requires_payment_method, only a confirmed card moves
 * them to succeeded, idempotency keys replay, refunds never pass the amount charged. Its state
 * lives in the store, so intents survive restarts and are shared by every server process.
 */
export const simulatedGateway = (
  store: SimulatedIntentStore,
  ids: { uuid(): string; token(): string },
  clock: { now(): Date } = { now: () => new Date() },
): SimulatedGateway => ({
  mode: "simulated",

  async createIntent(input) {
    if (!Number.isSafeInteger(input.amount) || input.amount < MIN_CHARGE_CENTS)
      throw new IntentAmountRejected({
        amount: input.amount,
        minimum: MIN_CHARGE_CENTS,
        message: `Amount must be a whole number of cents, at least ${MIN_CHARGE_CENTS}`,
      });
    const id = `pi_sim_${compact(ids.uuid())}`;
    const stored = await store.insertIntent({
      id,
      clientSecret: `${id}_secret_${ids.token()}`,
      amount: input.amount,
      currency: input.currency,
      status: "requires_payment_method",
      metadata: { ...input.metadata },
      idempotencyKey: input.idempotencyKey,
      createdAt: clock.now(),
    });
    if (
      stored.id !== id &&
      (stored.amount !== input.amount || stored.currency !== input.currency || !sameMetadata(stored.metadata, input.metadata))
    )
      throw new IdempotencyKeyReused({
        idempotencyKey: input.idempotencyKey,
        message: "Idempotency key reused with different parameters",
      });
    return toGatewayIntent(stored);
  },

  async retrieveIntent(id) {
    const intent = await store.findIntent(id);
    return intent && toGatewayIntent(intent);
  },

  async cancelIntent(id) {
    // only an intent no card has paid can be canceled, as at Stripe
    await store.updateIntentStatus(id, "requires_payment_method", "canceled");
    const intent = await store.findIntent(id);
    return intent && toGatewayIntent(intent);
  },

  async refund(input): Promise<GatewayRefund> {
    const { intentId, amount } = input;
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RefundRejected({ reason: "invalid-amount", intentId, message: `Invalid refund amount: ${amount}` });
    const intent = await store.findIntent(intentId);
    if (!intent) throw new RefundRejected({ reason: "unknown-intent", intentId, message: `No such payment intent: ${intentId}` });
    if (intent.status !== "succeeded")
      throw new RefundRejected({ reason: "not-refundable", intentId, message: `Payment intent ${intentId} has not succeeded` });

    const refund = await store.insertRefund({
      id: `re_sim_${compact(ids.uuid())}`,
      intentId,
      amount,
      idempotencyKey: input.idempotencyKey,
      createdAt: clock.now(),
    });
    if (!refund) {
      const refunded = await store.refundedAmount(intentId);
      throw new RefundRejected({
        reason: "exceeds-refundable",
        intentId,
        message: `Refund of ${amount} exceeds the refundable ${intent.amount - refunded} of ${intentId}`,
      });
    }
    if (refund.intentId !== intentId || refund.amount !== amount)
      throw new IdempotencyKeyReused({ idempotencyKey: input.idempotencyKey, message: "Idempotency key reused with different parameters" });
    return { id: refund.id, amount: refund.amount, status: "succeeded" };
  },

  async confirm(input) {
    const intent = await store.findIntentByClientSecret(input.clientSecret);
    if (!intent) return { ok: false, code: "NOT_FOUND", message: MESSAGES.notFound };
    // A double submit (or a retry after a lost answer) must not look like a failure.
    if (intent.status === "succeeded") return { ok: true, paymentIntentId: intent.id, status: "succeeded" };
    if (intent.status === "canceled") return { ok: false, code: "CANCELED", message: MESSAGES.canceled };

    const card = checkCard(input);
    if (!card.ok) return { ok: false, code: "INVALID_INPUT", field: card.field, message: card.message };
    if (card.number === DECLINED_CARD)
      return { ok: false, code: "CARD_DECLINED", paymentIntentId: intent.id, message: MESSAGES.declined };

    const moved = await store.updateIntentStatus(intent.id, "requires_payment_method", "succeeded");
    if (!moved) {
      // Lost a race with another confirm of the same intent: fine when that one succeeded.
      const now = await store.findIntent(intent.id);
      if (now?.status === "canceled") return { ok: false, code: "CANCELED", message: MESSAGES.canceled };
      if (now?.status !== "succeeded") return { ok: false, code: "NOT_FOUND", message: MESSAGES.notFound };
    }
    return { ok: true, paymentIntentId: intent.id, status: "succeeded" };
  },
});
