import type { DomainEvent, RecordedPaymentFacts } from "../domain/events.js";
import type { Payment, PaymentFlag, PaymentKind } from "../domain/entities.js";
import type { Cents } from "../domain/money.js";
import type { TaxRate } from "../domain/tax.js";
import type { LocalDate } from "../domain/time.js";
import type { TransactionCursor } from "../domain/transaction-cursor.js";
import type { Page, PageRequest } from "./pagination.js";
import type { PurchaseProduct } from "../domain/wallet.js";

/**
 * A product sold (a purchase: top-up, punch card, membership) as a row of the club's
 * transactions: it pays no game, so its booking fields name the product (courtName), the venue
 * it belongs to, if any (venueName, '' otherwise), and the sale's day (bookingDate); its kind is
 * how it was paid ("full": by card, "cash": at the desk).
 */
export interface ProductSale {
  readonly product: PurchaseProduct;
  /** the product's name on its receipt, with the plan's or card's own name */
  readonly name: string;
  readonly method: "card" | "cash";
}

export interface PaymentWithPayer extends Payment {
  /** set on a product sold (the row is a purchase, its id the purchase's) */
  readonly sale?: ProductSale;
  /** null for a shared-link payer without an account */
  readonly userName: string | null;
  readonly userEmail: string | null;
  /**
   * TAX_RATE_PERCENT in basis points as it was when the payment was recorded, frozen with its
   * invoice number (the invoice never changes when the setting does); absent or null: no tax
   * (recorded before rates were kept)
   */
  readonly taxRate?: TaxRate | null;
}

export type RecordOutcome =
  | { readonly kind: "recorded"; readonly payment: Payment }
  | { readonly kind: "already-recorded"; readonly payment: Payment }
  /** the booking's paidAmount would pass its total */
  | { readonly kind: "overpaid" }
  /** the share link already counts maxParticipants paid shares */
  | { readonly kind: "link-full" }
  /**
   * a share whose signed-in payer already has a succeeded payment for the booking: one payer pays
   * one share (two intents opened at the same instant, both paid)
   */
  | { readonly kind: "share-already-paid" }
  /** the booking was cancelled or deleted meanwhile */
  | { readonly kind: "booking-gone" }
  | { readonly kind: "not-found" };

export type WalletRecordOutcome =
  | { readonly kind: "recorded"; readonly payment: Payment; readonly balance: Cents }
  | { readonly kind: "insufficient-balance"; readonly balance: Cents }
  | { readonly kind: "code-used-up" }
  | Exclude<RecordOutcome, { readonly kind: "recorded" }>;

/**
 * Figures over every payment, one definition each, over the settled payments (recorded, then kept
 * or refunded): gross (before discounts) - discounts - card fees - refunds = net, to the cent.
 * `total` is what the club kept from players: gross - discounts - refunds.
 */
export interface PaymentSummary {
  readonly gross: Cents;
  readonly total: Cents;
  readonly discounts: Cents;
  readonly stripeFees: Cents;
  readonly refunds: Cents;
  readonly net: Cents;
  readonly succeededCount: number;
  readonly pendingAmount: Cents;
  readonly pendingCount: number;
}

/**
 * The admin's transactions: created in [from, to), of one status, for games played from gameFrom
 * to gameTo (both included), at one venue. Newest payment first; with a game date, newest game first.
 * The products sold (purchases) are rows too, in the same order by their creation; they have no
 * game, so a filter by game date leaves them out, and a venue's filter keeps those of its venue (a
 * membership of its plans, a punch card valid only there).
 */
export interface TransactionFilter {
  readonly from?: Date;
  readonly to?: Date;
  readonly status?: Payment["status"];
  readonly gameFrom?: LocalDate;
  readonly gameTo?: LocalDate;
  readonly venueId?: string;
}

/** A page of transactions: a page number (offset, for the first pages) or the cursor of the last row read. */
export interface TransactionPageRequest extends PageRequest {
  readonly after?: TransactionCursor;
}

export interface TransactionsPage extends Page<PaymentWithPayer> {
  /** the cursor of the page's last row; null on the last page */
  readonly nextAfter: TransactionCursor | null;
}

export interface PaymentRepository {
  /**
   * Writes a pending payment for a fresh intent; the intent id is unique. A payment with a
   * discount code reserves one use of it in the same transaction: "code-used-up" (nothing
   * written) when the code is inactive or has no use left.
   */
  insertPending(payment: Payment): Promise<Payment | "code-used-up">;
  /**
   * insertPending for a share paid through a link (kind shared, its shareToken set): written only
   * while the link has a place that neither a paid share (currentParticipants, the organiser's
   * included) nor another pending share of the link holds, checked by the insert itself in one
   * transaction that queues the link's other share inserts (never a read and a later write):
   * "no-place-left" otherwise, nothing written. The code's use is reserved as insertPending does.
   */
  insertSharePending(payment: Payment): Promise<Payment | "code-used-up" | "no-place-left">;
  findById(id: string): Promise<PaymentWithPayer | undefined>;
  findByIntent(intentId: string): Promise<Payment | undefined>;
  /** The newest pending payment of a payer for a booking and kind, to reuse its intent. */
  findPending(bookingId: string, payerId: string, kind: PaymentKind): Promise<Payment | undefined>;
  /**
   * In one transaction, each step a conditional UPDATE with its row count checked:
   * payment pending -> succeeded (and its yearly gapless invoice number);
   * booking paidAmount += amount while paidAmount + amount <= total and the booking is not cancelled;
   * share link currentParticipants + 1 while below maxParticipants (when shareLinkId is given).
   * Any step failing rolls back all of them. `events` are recorded in the same transaction when
   * the payment is recorded (not when it was already), from what that transaction saw.
   */
  markSucceeded(input: {
    readonly intentId: string;
    readonly at: Date;
    readonly shareLinkId: string | null;
    readonly events?: (facts: RecordedPaymentFacts) => readonly DomainEvent[];
  }): Promise<RecordOutcome>;
  /**
   * A payment taken at the desk (kind `cash`): written and recorded in one transaction with the
   * same steps as markSucceeded (the booking's paid amount, the gapless invoice number), or not at all.
   */
  recordCash(payment: Payment, at: Date, events?: (facts: RecordedPaymentFacts) => readonly DomainEvent[]): Promise<RecordOutcome>;
  /**
   * A payment from the payer's wallet (kind `wallet`), all in one transaction or not at all: the
   * wallet debited by what the payment charges with a conditional UPDATE (balance >= charged; the
   * balance's CHECK beneath it), its statement entry, the discount code's use reserved, then the
   * steps of recordCash (the booking's paid amount, the share link's count when `shareLinkId` is
   * given, the gapless invoice number). The balance after it comes back with the recorded payment.
   */
  recordWallet(
    payment: Payment,
    at: Date,
    shareLinkId: string | null,
    events?: (facts: RecordedPaymentFacts) => readonly DomainEvent[],
  ): Promise<WalletRecordOutcome>;
  /**
   * pending -> failed (an abandoned or declined intent); false when it was not pending. With
   * `releaseUseOf`, the discount code's use the payment reserved is given back in the same
   * transaction, only when this call moved it: a crash between the two can never keep the use.
   */
  markFailed(id: string, releaseUseOf?: string | null): Promise<boolean>;
  listByBooking(bookingId: string): Promise<Payment[]>;
  listByUser(userId: string): Promise<Payment[]>;
  /** a payer's payments, newest first */
  pageByUser(userId: string, page: PageRequest): Promise<Page<Payment>>;
  /**
   * A page of the filter's transactions, read from an index in the list's order from the cursor
   * (or the page's offset); its total from the kept aggregates where the filter allows
   * (payment_totals, report_days), counted over the payment dates' index otherwise.
   */
  pageTransactions(filter: TransactionFilter, page: TransactionPageRequest): Promise<TransactionsPage>;
  /** every transaction of the filter, newest first, read in batches: memory stays flat whatever the history */
  streamTransactions(filter: TransactionFilter, options?: { readonly batchSize?: number }): AsyncIterable<PaymentWithPayer>;
  /** from the totals kept with every payment write: no scan of the payments */
  summary(): Promise<PaymentSummary>;
  /** charged minus refunded of payments that succeeded in [from, to) */
  revenueBetween(from: Date, to: Date): Promise<Cents>;
  /** pending payments created before `before` (abandoned intents) */
  listStalePending(before: Date): Promise<Payment[]>;
  /**
   * Decides that money the provider took goes back in full: a `settlement` refund owed in the
   * ledger under `refundId`, status refunded, the flag for the admin. Conditional: only the first
   * decision counts (nothing owed or refunded before), and never for a payment recorded on its
   * booking meanwhile (succeeded: another caller settled the same intent once it could apply);
   * false otherwise.
   */
  oweRefund(input: {
    readonly id: string;
    readonly refundId: string;
    readonly amount: Cents;
    readonly flag: PaymentFlag | null;
    readonly at: Date;
    /** a discount code whose use is given back in the same transaction, when this decision counts */
    readonly releaseUseOf?: string | null;
  }): Promise<boolean>;
  /**
   * Claims up to `limit` payments still pending that were created before `before` (abandoned
   * intents) and have no live lease, oldest first, for one sweeping process until `until`, in one
   * conditional UPDATE (PostgreSQL: FOR UPDATE SKIP LOCKED). A process killed mid-sweep leaves
   * leases that simply run out; the next sweep takes the rows again. With
   * `sharesWithCodeBefore`, also the pending shares with a discount code created before it.
   */
  claimStalePending(before: Date, now: Date, until: Date, limit: number, sharesWithCodeBefore?: Date): Promise<Payment[]>;
  /** gives the lease back early, once the work on the payment is done or failed */
  releaseClaim(id: string): Promise<void>;
}
