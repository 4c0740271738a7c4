import type { Cents } from "../domain/money.js";
import type { TaxRate } from "../domain/tax.js";
import type { Page, PageRequest } from "./pagination.js";
import type { PurchaseProduct, PurchaseStatus } from "../domain/wallet.js";


export interface Purchase {
  readonly id: string;
  readonly userId: string;
  readonly product: PurchaseProduct;
  /** what was bought when the product has more than one (a punch card's product id); null for a top-up */
  readonly productRef: string | null;
  /** what the card is charged */
  readonly amount: Cents;
  /** the card provider's fee, the club's cost (2.9% + 0.30) */
  readonly stripeFee: Cents;
  readonly intentId: string;
  readonly status: PurchaseStatus;
  /** set when recorded, from the same gapless yearly sequence as payments */
  readonly invoiceNumber: string | null;
  readonly taxRate: TaxRate | null;
  /** the buyer as frozen when recorded */
  readonly buyerName: string | null;
  readonly buyerEmail: string | null;
  readonly createdAt: Date;
  readonly paidAt: Date | null;
}

export interface PurchaseWithBuyer extends Purchase {
  readonly userName: string | null;
  readonly userEmail: string | null;
}

/** A purchase in its buyer's list: the name of what was bought (a punch card's product, a plan) when it has one. */
export interface OwnPurchase extends Purchase {
  readonly productName: string | null;
}

export type PurchaseRecordOutcome =
  | { readonly kind: "recorded"; readonly purchase: Purchase }
  | { readonly kind: "already-recorded"; readonly purchase: Purchase }
  | { readonly kind: "not-found" };

export interface PurchaseRepository {
  insertPending(purchase: Purchase): Promise<void>;
  findById(id: string): Promise<Purchase | undefined>;
  findByIntent(intentId: string): Promise<Purchase | undefined>;
  /**
   * In one transaction: the purchase pending (or failed: the provider took the money after all)
   * -> succeeded with its invoice number, and the product's effect (a top-up's wallet credit).
   * Conditional, so the browser, the sweep and any number of processes record it once.
   */
  markSucceeded(intentId: string, at: Date): Promise<PurchaseRecordOutcome>;
  /** pending -> failed (the intent was cancelled at the provider); false when it was not pending */
  markFailed(id: string): Promise<boolean>;
  /**
   * Claims up to `limit` pending purchases created before `before` that nobody holds at `now`,
   * until `until` (PostgreSQL: FOR UPDATE SKIP LOCKED), oldest first: the sweep asks the provider.
   */
  claimPending(before: Date, now: Date, until: Date, limit: number): Promise<Purchase[]>;
  releaseClaim(id: string): Promise<void>;
  /**
   * Every purchase, newest first, with its buyer (as frozen when recorded; the account's name
   * before): the club's list of what was bought outside bookings.
   */
  page(page: PageRequest): Promise<Page<PurchaseWithBuyer>>;
  /** the buyer's own purchases (of one product when given), newest first, each with the name of its product or plan (GET /api/user/purchases) */
  pageOfUser(userId: string, page: PageRequest, product?: PurchaseProduct): Promise<Page<OwnPurchase>>;
  /** money in from purchases recorded: amounts, card fees and how many (the revenue summary) */
  totals(from?: Date, to?: Date): Promise<{ readonly amount: Cents; readonly fees: Cents; readonly count: number }>;
}
