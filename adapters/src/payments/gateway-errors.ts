import * as Data from "effect/Data";

/**
 * Failures of the card-provider adapters. They are thrown (port calls are promises), carry a
 * tag so callers can tell them apart, and read the same whichever provider is configured.
 * Neither is a domain failure: a use case that computed its own amounts should never see one.
 */

export type RefundRejectedReason =
  /** the intent's refunds would add up to more than the amount charged */
  | "exceeds-refundable"
  /** the intent has not succeeded: nothing was charged */
  | "not-refundable"
  /** the provider does not know the intent */
  | "unknown-intent"
  /** zero, negative or fractional cents */
  | "invalid-amount";

export class RefundRejected extends Data.TaggedError("RefundRejected")<{
  readonly reason: RefundRejectedReason;
  readonly intentId: string;
  readonly message: string;
}> {}

/**
 * Stripe charges at least $0.50 in USD and answers amount_too_small below that; the simulated
 * provider enforces the same floor so a use case meets the rule in development, not in production.
 */
export const MIN_CHARGE_CENTS = 50;

export class IntentAmountRejected extends Data.TaggedError("IntentAmountRejected")<{
  readonly amount: number;
  readonly minimum: number;
  readonly message: string;
}> {}

/** The same idempotency key was sent before with other parameters (Stripe answers 400 idempotency_error). */
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<{
  readonly idempotencyKey: string;
  readonly message: string;
}> {}

/** A webhook whose signature, timestamp or body does not verify. The route answers 400. */
export class InvalidWebhookSignature extends Data.TaggedError("InvalidWebhookSignature")<{
  readonly message: string;
}> {}

/**
 * The provider did not answer in time, answered 5xx, or could not be reached, after every retry.
 * The HTTP layer answers 503 with Retry-After; the sweep leaves the work for its next pass.
 */
export class ProviderUnavailable extends Data.TaggedError("ProviderUnavailable")<{
  readonly operation: string;
  readonly message: string;
}> {}
