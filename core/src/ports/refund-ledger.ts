import type { PaymentKind } from "../domain/entities.js";
import type { Cents } from "../domain/money.js";
import type { RefundDecision, RefundReason } from "../ledger/refund-rule.js";

/**
 * One refund in the ledger: money decided to go back to one payer (`owed`), then confirmed by
 * the provider (`sent`), or found already returned at the provider (`void`). Rows are appended,
 * never deleted; the payment's `refundedAmount` and `refundOwed` are kept equal to the sums of
 * its sent and owed rows in the same transactions.
 */
export interface Refund {
  readonly id: string;
  readonly paymentId: string;
  readonly bookingId: string;
  /** the charge to refund at the provider (`cash-<id>` for cash, handed back at the club) */
  readonly intentId: string;
  readonly paymentKind: PaymentKind;
  /** a user id, or the placeholder of a shared-link payer */
  readonly payerId: string;
  readonly amount: Cents;
  readonly reason: RefundReason;
  readonly status: "owed" | "sent" | "void";
  /** the key the provider sees: a new one only once the provider confirmed the old one refunded nothing */
  readonly idempotencyKey: string;
  readonly attempts: number;
  /** why the last attempt did not go through; null once it did */
  readonly lastError: string | null;
  readonly providerRefundId: string | null;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
}

/** A refund the provider knows of, as the ledger reconciles with it. */
export interface ProviderRefund {
  readonly id: string;
  readonly amount: Cents;
  readonly status: "succeeded" | "pending" | "failed";
  /** the ledger's refund id when the refund was asked for through the ledger */
  readonly refundId: string | null;
}

export interface ReconcileOutcome {
  /** owed rows the provider had in fact refunded (an answer that was lost): now sent */
  readonly confirmed: readonly string[];
  /** money refunded at the provider that the ledger did not know of, now recorded */
  readonly external: Cents;
  /** owed rows lowered (or voided) because the provider had already returned that money */
  readonly lowered: readonly string[];
}

/**
 * The refund ledger: every refund of every payment, whoever decided it, sent by one sweep step.
 * Writes that owe refunds together with another change (a cancellation, a closure, a settlement)
 * happen inside those repositories' transactions; this port sends, confirms and reconciles.
 */
export interface RefundLedger {
  findById(id: string): Promise<Refund | undefined>;
  /** the booking's refunds, oldest first */
  byBooking(bookingId: string): Promise<Refund[]>;
  /**
   * Claims up to `limit` owed refunds that nobody holds at `now` (oldest first) until `until`, in
   * one conditional UPDATE (PostgreSQL: FOR UPDATE SKIP LOCKED), counting an attempt on each.
   */
  claimOwed(now: Date, until: Date, limit: number): Promise<Refund[]>;
  /** claims one owed refund; undefined when it is sent, void, or held by another process */
  claim(id: string, now: Date, until: Date): Promise<Refund | undefined>;
  /** owed -> sent, and the payment's refunded amount with it, in one transaction; false when it was not owed */
  markSent(id: string, at: Date, providerRefundId: string | null): Promise<boolean>;
  /** the attempt failed: the claim is dropped and the error kept for the admin */
  release(id: string, error: string): Promise<void>;
  /**
   * The provider confirmed that nothing was refunded under the refund's key: the next call uses a
   * new one (the provider replays a saved error for the old key for good). Only while owed.
   */
  renewKey(id: string): Promise<Refund | undefined>;
  /**
   * In one transaction with the payment locked: owed rows the provider lists under their id are
   * sent; for a recorded payment, money refunded at the provider beyond what the ledger has sent
   * is recorded as a `provider` refund, and owed rows past what the provider still holds (`held`,
   * what it took, when it took more than the payment charged, less every refund) are lowered (new
   * key) or voided. A payment not recorded yet is left to its recording.
   */
  reconcile(paymentId: string, providerRefunds: readonly ProviderRefund[], at: Date, held?: Cents | null): Promise<ReconcileOutcome>;
  /** owed refunds decided before `before`, oldest first: the ones the admin must see */
  late(before: Date, limit: number): Promise<Refund[]>;
}

export type { RefundDecision, RefundReason };
