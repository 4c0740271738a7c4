import type { Cents } from "../domain/money.js";

export type IntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "succeeded"
  | "canceled";

export interface GatewayIntent {
  readonly id: string;
  readonly clientSecret: string;
  readonly amount: Cents;
  readonly currency: string;
  readonly status: IntentStatus;
  readonly metadata: Readonly<Record<string, string>>;
}

export interface GatewayRefund {
  readonly id: string;
  readonly amount: Cents;
  readonly status: "succeeded" | "pending" | "failed";
}

/** The card network. Stripe in production, a simulated provider by default. */
export interface PaymentGateway {
  readonly mode: "stripe" | "simulated";
  createIntent(input: {
    readonly amount: Cents;
    readonly currency: "usd";
    readonly metadata: Readonly<Record<string, string>>;
    readonly idempotencyKey: string;
  }): Promise<GatewayIntent>;
  /** undefined when the provider does not know the id */
  retrieveIntent(id: string): Promise<GatewayIntent | undefined>;
  /**
   * Cancels an intent that has not taken money, so a card form left open can never be charged
   * later. Answers the intent as it is afterwards: `canceled`, or `succeeded` when the provider
   * had already taken the money (the caller must then settle it); undefined when unknown.
   */
  cancelIntent(id: string): Promise<GatewayIntent | undefined>;
  refund(input: { readonly intentId: string; readonly amount: Cents; readonly idempotencyKey: string }): Promise<GatewayRefund>;
}
