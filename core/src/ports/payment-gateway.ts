import type { Cents } from "../domain/money.js";
import type { IntentStatus } from "../domain/entities.js";

export type { IntentStatus };

export interface GatewayIntent {
  readonly id: string;
  readonly clientSecret: string;
  readonly amount: Cents;
  readonly currency: string;
  readonly status: IntentStatus;
  readonly metadata: Readonly<Record<string, string>>;
  /** the card that paid, when it was saved for later off-session charges */
  readonly savedCard?: SavedCard | null;
}

/** A card the provider keeps for one organiser (a Stripe Customer and PaymentMethod). */
export interface SavedCard {
  readonly customerId: string;
  readonly paymentMethodId: string;
}

export type OffSessionResult =
  | { readonly status: "succeeded"; readonly intent: GatewayIntent }
  /** refused, or the bank wants the cardholder present (SCA): the same for us, a balance due */
  | { readonly status: "declined"; readonly intentId: string | null; readonly message: string };

export interface GatewayRefund {
  readonly id: string;
  readonly amount: Cents;
  readonly status: "succeeded" | "pending" | "failed";
  /**
   * What the caller attached when it asked for the refund (the ledger's `refundId`), so a refund
   * whose answer was lost is recognised; empty for a refund made at the provider (its dashboard).
   */
  readonly metadata: Readonly<Record<string, string>>;
}

/** The card network. Stripe in production, a simulated provider by default. */
export interface PaymentGateway {
  readonly mode: "stripe" | "simulated";
  createIntent(input: {
    readonly amount: Cents;
    readonly currency: "usd";
    readonly metadata: Readonly<Record<string, string>>;
    readonly idempotencyKey: string;
    /** keep the card for off-session charges of this Customer (Stripe: setup_future_usage "off_session") */
    readonly saveCardFor?: { readonly customerId: string };
  }): Promise<GatewayIntent>;
  /** A Customer for one player, for saved cards; the same key answers the same Customer. */
  createCustomer(input: { readonly userId: string; readonly email: string; readonly idempotencyKey: string }): Promise<string>;
  /** Charges a saved card with nobody present, once per idempotency key. */
  chargeOffSession(input: {
    readonly card: SavedCard;
    readonly amount: Cents;
    readonly currency: "usd";
    readonly metadata: Readonly<Record<string, string>>;
    readonly idempotencyKey: string;
  }): Promise<OffSessionResult>;
  /** undefined when the provider does not know the id */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Cancels an intent that has not taken money, so a card form left open can never be charged
   * later. Answers the intent as it is afterwards: `canceled`, or `succeeded` when the provider
   * had already taken the money (the caller must then settle it); undefined when unknown.
   */
  cancelIntent(id: string): Promise<GatewayIntent | undefined>;
  refund(input: {
    readonly intentId: string;
    readonly amount: Cents;
    readonly idempotencyKey: string;
    readonly metadata?: Readonly<Record<string, string>>;
  }): Promise<GatewayRefund>;
  /**
   * Every refund of the intent's charge, newest first: the ones asked for through `refund` and the
   * ones made at the provider. Empty when the intent took no money or is unknown.
   */
  listRefunds(intentId: string): Promise<readonly GatewayRefund[]>;
}
