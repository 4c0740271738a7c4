import type { IntentStatus } from "@courts/core";

/** An intent of the simulated card provider, persisted so it survives restarts and is shared by processes. */
export interface SimulatedIntent {
  readonly id: string;
  readonly clientSecret: string;
  readonly amount: number;
  readonly currency: string;
  readonly status: IntentStatus;
  readonly metadata: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
  readonly createdAt: Date;
  /** the Customer whose card is saved when this intent is paid (the organiser's guarantee) */
  readonly customer?: string | null;
  readonly saveCard?: boolean;
  /** the saved card, once a card paid an intent with saveCard */
  readonly paymentMethod?: string | null;
}

export interface SimulatedRefund {
  readonly id: string;
  readonly intentId: string;
  readonly amount: number;
  readonly idempotencyKey: string;
  readonly createdAt: Date;
  /** what the caller attached (the ledger's refundId); absent when it attached nothing */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** Storage of the simulated provider (a SQL table in the product, a Map in unit tests). */
export interface SimulatedIntentStore {
  /** Returns the existing intent when the idempotency key was used before. */
  insertIntent(intent: SimulatedIntent): Promise<SimulatedIntent>;
  findIntent(id: string): Promise<SimulatedIntent | undefined>;
  findIntentByClientSecret(clientSecret: string): Promise<SimulatedIntent | undefined>;
  /** Conditional: only moves from `from`; false when the intent was not in that status. */
  updateIntentStatus(id: string, from: IntentStatus, to: IntentStatus): Promise<boolean>;
  /** Remembers the card that paid an intent created with saveCard. */
  setPaymentMethod(id: string, paymentMethod: string): Promise<void>;
  /**
   * Returns the existing refund when the idempotency key was used before (a replay, whatever the
   * amounts). Otherwise inserts the refund only if the intent's refunds, this one included, add
   * up to at most the intent's amount, and answers undefined when they would not. The check and
   * the insert are one atomic step (in SQL: lock the intent row, or one conditional INSERT ...
   * SELECT), so concurrent refunds from several processes never refund more than was charged.
   */
  insertRefund(refund: SimulatedRefund): Promise<SimulatedRefund | undefined>;
  refundedAmount(intentId: string): Promise<number>;
  /** The intent's refunds, newest first (in the order they were stored, latest first). */
  listRefunds(intentId: string): Promise<SimulatedRefund[]>;
}
