import Stripe from "stripe";
import { isIntentStatus, type GatewayIntent, type GatewayRefund, type IntentStatus, type PaymentGateway } from "@courts/core";
import {
  IdempotencyKeyReused,
  IntentAmountRejected,
  InvalidWebhookSignature,
  MIN_CHARGE_CENTS,
  ProviderUnavailable,
  RefundRejected,
  type RefundRejectedReason,
} from "./gateway-errors.js";

export interface StripeGatewayOptions {
  readonly secretKey: string;
  /** Tests point these at a local fake; production leaves them unset (api.stripe.com). */
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: "http" | "https";
  /** stripe-node aborts a request after this long (its default is 80 s) */
  readonly timeoutMs?: number;
}

// requires_capture (we never capture manually) or a status newer than this code is not money
// we hold yet, so it must never read as "succeeded".
const toIntentStatus = (status: Stripe.PaymentIntent.Status): IntentStatus =>
  isIntentStatus(status) ? status : "processing";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

const toGatewayIntent = (intent: Stripe.PaymentIntent): GatewayIntent => {
  const customerId = idOf(intent.customer);
  const paymentMethodId = idOf(intent.payment_method);
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    amount: intent.amount,
    currency: intent.currency,
    status: toIntentStatus(intent.status),
    metadata: { ...intent.metadata },
    // only a card the customer agreed to keep for off-session use counts as saved
    ...(intent.setup_future_usage === "off_session" && customerId !== null && paymentMethodId !== null
      ? { savedCard: { customerId, paymentMethodId } }
      : {}),
  };
};

const toRefundStatus = (status: string | null): GatewayRefund["status"] => {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
};

const toGatewayRefund = (refund: Stripe.Refund): GatewayRefund => ({
  id: refund.id,
  amount: refund.amount,
  status: toRefundStatus(refund.status),
  metadata: { ...refund.metadata },
});

const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/**
 * Not reached, timed out, rate-limited, 5xx, or 409 (the same idempotency key still being worked
 * on by a request that timed out here: idempotency_key_in_use): worth retrying with the same key,
 * and 503 to the caller.
 */
const unavailable = (error: unknown, operation: string): ProviderUnavailable | undefined =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  (isStripeError(error) && ((error.statusCode ?? 0) >= 500 || error.statusCode === 409))
    ? new ProviderUnavailable({ operation, message: (error as Error).message })
    : undefined;

/** Runs a Stripe call, turning an outage into ProviderUnavailable. */
const guard = async <A>(operation: string, call: () => Promise<A>): Promise<A> => {
  try {
    return await call();
  } catch (error) {
    throw unavailable(error, operation) ?? error;
  }
};

const refundReasons: Readonly<Record<string, RefundRejectedReason>> = {
  resource_missing: "unknown-intent",
  charge_already_refunded: "exceeds-refundable",
  amount_too_large: "exceeds-refundable",
  charge_not_refundable: "not-refundable",
  payment_intent_unexpected_state: "not-refundable",
  parameter_invalid_integer: "invalid-amount",
  amount_too_small: "invalid-amount",
};

/** The intent `read` answers; one Stripe does not know is undefined, as the port asks. */
const unlessMissing = async (read: () => Promise<Stripe.PaymentIntent>): Promise<GatewayIntent | undefined> => {
  try {
    return toGatewayIntent(await read());
  } catch (error) {
    if (isStripeError(error) && (error.code === "resource_missing" || error.statusCode === 404)) return undefined;
    throw error;
  }
};

const idempotencyFailure = (error: Stripe.errors.StripeError, key: string): IdempotencyKeyReused =>
  new IdempotencyKeyReused({ idempotencyKey: key, message: error.message });

/**
 * The card provider in production (DESIGN.md section 5). Every write carries the caller's
 * idempotency key, so a retried request never charges or refunds twice. Retries are the
 * caller's decision (maxNetworkRetries 0): a use case retries with the same key.
 */
export const stripeGateway = (options: StripeGatewayOptions): PaymentGateway => {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: options.timeoutMs ?? 10_000,
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
  });

  return {
    mode: "stripe",

    createIntent: (input) => guard("createIntent", async () => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            metadata: { ...input.metadata },
            automatic_payment_methods: { enabled: true },
            ...(input.saveCardFor ? { customer: input.saveCardFor.customerId, setup_future_usage: "off_session" as const } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toGatewayIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw idempotencyFailure(error, input.idempotencyKey);
        if (isStripeError(error) && (error.code === "amount_too_small" || error.code === "parameter_invalid_integer"))
          throw new IntentAmountRejected({ amount: input.amount, minimum: MIN_CHARGE_CENTS, message: error.message });
        throw error;
      }
    }),

    createCustomer: (input) => guard("createCustomer", async () => {
      const customer = await stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      );
      return customer.id;
    }),

    chargeOffSession: (input) => guard("chargeOffSession", async () => {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            customer: input.card.customerId,
            payment_method: input.card.paymentMethodId,
            off_session: true,
            confirm: true,
            metadata: { ...input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === "succeeded") return { status: "succeeded", intent: toGatewayIntent(intent) };
        // requires_action is the bank asking for the cardholder (SCA): nobody is there, so it is a decline
        return { status: "declined", intentId: intent.id, message: intent.last_payment_error?.message ?? intent.status };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw idempotencyFailure(error, input.idempotencyKey);
        // card_declined, authentication_required, expired_card...: Stripe answers 402 with the intent
        if (error instanceof Stripe.errors.StripeCardError)
          return { status: "declined", intentId: error.payment_intent?.id ?? null, message: error.message };
        throw error;
      }
    }),

    retrieveIntent: (id) => guard("retrieveIntent", () => unlessMissing(() => stripe.paymentIntents.retrieve(id))),

    cancelIntent: (id) =>
      guard("cancelIntent", () =>
        unlessMissing(async () => {
          try {
            return await stripe.paymentIntents.cancel(id);
          } catch (error) {
            // already succeeded or already canceled: what it is now decides
            if (isStripeError(error) && error.code === "payment_intent_unexpected_state") return stripe.paymentIntents.retrieve(id);
            throw error;
          }
        }),
      ),

    refund: (input) => guard("refund", async () => {
      const { intentId, amount, idempotencyKey, metadata } = input;
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw new RefundRejected({ reason: "invalid-amount", intentId, message: `Invalid refund amount: ${amount}` });
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount, ...(metadata && Object.keys(metadata).length > 0 ? { metadata: { ...metadata } } : {}) },
          { idempotencyKey },
        );
        return toGatewayRefund(refund);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw idempotencyFailure(error, idempotencyKey);
        const reason = isStripeError(error) && error.type === "StripeInvalidRequestError" ? refundReasons[error.code ?? ""] : undefined;
        if (reason && isStripeError(error)) throw new RefundRejected({ reason, intentId, message: error.message });
        throw error;
      }
    }),

    listRefunds: (intentId) => guard("listRefunds", async () => {
      const refunds: GatewayRefund[] = [];
      try {
        // newest first, as Stripe lists; the pages after the first (100 refunds) are followed
        for await (const refund of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) refunds.push(toGatewayRefund(refund));
      } catch (error) {
        if (isStripeError(error) && error.code === "resource_missing") return [];
        throw error;
      }
      return refunds;
    }),
  };
};

/**
 * Checks a webhook's Stripe-Signature header against the raw request body (not re-serialized
 * JSON: one changed byte breaks the signature) and answers the event it carries. Events older
 * than Stripe's tolerance (5 minutes) are rejected, which stops replays of captured requests.
 */
export const verifyStripeEvent = (rawBody: Buffer | string, signatureHeader: string, webhookSecret: string): Stripe.Event => {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new InvalidWebhookSignature({
      message: error instanceof Error ? error.message : "Invalid webhook signature",
    });
  }
};
