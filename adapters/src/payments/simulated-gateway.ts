import type { GatewayIntent, GatewayRefund, PaymentGateway } from "@courts/core";
import { IdempotencyKeyReused, IntentAmountRejected, MIN_CHARGE_CENTS, RefundRejected } from "./gateway-errors.js";
import type { SimulatedIntent, SimulatedIntentStore, SimulatedRefund } from "./simulated-intent-store.js";

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
/**
 * Stripe's test card that pays now and, saved, is refused off-session because its bank wants the
 * cardholder present (SCA): the organiser's remainder then becomes a balance due.
 */
const OFF_SESSION_DECLINED_CARD = "4000000000000341";
const SCA_MARK = "_sca_";

const MESSAGES = {
  cardNumber: "Número de tarjeta inválido",
  expiry: "Fecha de vencimiento inválida",
  cvc: "CVC inválido",
  declined: "Tu tarjeta fue rechazada",
  authenticationRequired: "El banco pidió autenticar al titular y no había nadie para hacerlo",
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
  ...(intent.saveCard && intent.customer && intent.paymentMethod
    ? { savedCard: { customerId: intent.customer, paymentMethodId: intent.paymentMethod } }
    : {}),
});

const toGatewayRefund = (refund: SimulatedRefund): GatewayRefund => ({
  id: refund.id,
  amount: refund.amount,
  // the simulated provider's refunds go back to the card at once
  status: "succeeded",
  metadata: { ...refund.metadata },
});

const sameMetadata = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
};

const compact = (uuid: string): string => uuid.replaceAll("-", "");

const keyReused = (idempotencyKey: string) => new IdempotencyKeyReused({ idempotencyKey, message: "Idempotency key reused with different parameters" });

/**
 * The embedded card provider (DESIGN.md section 5): no keys, no network. Seen from the server it
 * behaves like Stripe: intents start in requires_payment_method, only a confirmed card moves
 * them to succeeded, idempotency keys replay, refunds never pass the amount charged and are listed
 * newest first with what the caller attached. Its state lives in the store, so intents survive
 * restarts and are shared by every server process.
 */
export const simulatedGateway = (
  store: SimulatedIntentStore,
  ids: { uuid(): string; token(): string },
  clock: { now(): Date } = { now: () => new Date() },
): SimulatedGateway => {
  /**
   * Stores a new intent for a request; a request whose idempotency key was used before gets the
   * intent stored then, which must be for the same amount and metadata.
   */
  const insertIntent = async (
    request: { readonly amount: number; readonly currency: string; readonly metadata: Readonly<Record<string, string>>; readonly idempotencyKey: string },
    fields: Pick<SimulatedIntent, "status" | "customer" | "saveCard" | "paymentMethod">,
  ): Promise<SimulatedIntent> => {
    const id = `pi_sim_${compact(ids.uuid())}`;
    const stored = await store.insertIntent({
      id,
      clientSecret: `${id}_secret_${ids.token()}`,
      amount: request.amount,
      currency: request.currency,
      metadata: { ...request.metadata },
      idempotencyKey: request.idempotencyKey,
      createdAt: clock.now(),
      ...fields,
    });
    if (stored.amount !== request.amount || !sameMetadata(stored.metadata, request.metadata)) throw keyReused(request.idempotencyKey);
    return stored;
  };
  return {
    mode: "simulated",

    async createIntent(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount < MIN_CHARGE_CENTS)
        throw new IntentAmountRejected({
          amount: input.amount,
          minimum: MIN_CHARGE_CENTS,
          message: `Amount must be a whole number of cents, at least ${MIN_CHARGE_CENTS}`,
        });
      const stored = await insertIntent(input, {
        status: "requires_payment_method",
        customer: input.saveCardFor?.customerId ?? null,
        saveCard: input.saveCardFor !== undefined,
        paymentMethod: null,
      });
      if (stored.currency !== input.currency) throw keyReused(input.idempotencyKey);
      return toGatewayIntent(stored);
    },

    async createCustomer(input) {
      // one Customer per player, whatever the key: the id says whose it is
      return `cus_sim_${compact(input.userId)}`;
    },

    async chargeOffSession(input) {
      const declines = input.card.paymentMethodId.includes(SCA_MARK);
      const stored = await insertIntent(input, {
        // as at Stripe: a refused off-session charge leaves its intent waiting for a card
        status: declines ? "requires_payment_method" : "succeeded",
        customer: input.card.customerId,
        saveCard: false,
        paymentMethod: input.card.paymentMethodId,
      });
      return stored.status === "succeeded"
        ? { status: "succeeded", intent: toGatewayIntent(stored) }
        : { status: "declined", intentId: stored.id, message: MESSAGES.authenticationRequired };
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

      const metadata = input.metadata ?? {};
      const refund = await store.insertRefund({
        id: `re_sim_${compact(ids.uuid())}`,
        intentId,
        amount,
        idempotencyKey: input.idempotencyKey,
        createdAt: clock.now(),
        ...(Object.keys(metadata).length > 0 ? { metadata: { ...metadata } } : {}),
      });
      if (!refund) {
        const refunded = await store.refundedAmount(intentId);
        throw new RefundRejected({
          reason: "exceeds-refundable",
          intentId,
          message: `Refund of ${amount} exceeds the refundable ${intent.amount - refunded} of ${intentId}`,
        });
      }
      if (refund.intentId !== intentId || refund.amount !== amount || !sameMetadata(refund.metadata ?? {}, metadata))
        throw keyReused(input.idempotencyKey);
      return toGatewayRefund(refund);
    },

    async listRefunds(intentId) {
      return (await store.listRefunds(intentId)).map(toGatewayRefund);
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
      if (moved && intent.saveCard)
        await store.setPaymentMethod(intent.id, `pm_sim_${card.number === OFF_SESSION_DECLINED_CARD ? SCA_MARK.slice(1) : ""}${compact(ids.uuid())}`);
      if (!moved) {
        // Lost a race with another confirm of the same intent: fine when that one succeeded.
        const now = await store.findIntent(intent.id);
        if (now?.status === "canceled") return { ok: false, code: "CANCELED", message: MESSAGES.canceled };
        if (now?.status !== "succeeded") return { ok: false, code: "NOT_FOUND", message: MESSAGES.notFound };
      }
      return { ok: true, paymentIntentId: intent.id, status: "succeeded" };
    },
  };
};
