import type { Cents } from "../domain/money.js";
import type { WalletEntryKind } from "../domain/wallet.js";
import type { Page, PageRequest } from "./pagination.js";


/** One movement of a player's wallet: appended, never edited; credits positive, spends negative. */
export interface WalletEntry {
  readonly id: string;
  readonly userId: string;
  readonly kind: WalletEntryKind;
  readonly amount: Cents;
  readonly createdAt: Date;
  readonly bookingId: string | null;
  readonly paymentId: string | null;
  readonly note: string | null;
}

/**
 * A player's wallet: a balance row kept with its statement in the same transactions, and a CHECK
 * (balance >= 0) beneath every conditional UPDATE that spends from it. Spends for bookings are
 * written by PaymentRepository.recordWallet (one transaction with the payment), refunds to the
 * wallet by the refund ledger when it marks them sent, top-ups by PurchaseRepository.
 */
export interface WalletRepository {
  /** 0 for a player who never had one */
  balanceOf(userId: string): Promise<Cents>;
  /** newest first */
  pageEntries(userId: string, page: PageRequest): Promise<Page<WalletEntry>>;
  /**
   * An admin's correction, credit (> 0) or debit (< 0), with its note, in one transaction with the
   * balance: "insufficient" (nothing written) when a debit would take the balance below zero.
   */
  adjust(input: {
    readonly id: string;
    readonly userId: string;
    readonly amount: Cents;
    readonly note: string;
    readonly by: string | null;
    readonly at: Date;
  }): Promise<{ readonly balance: Cents; readonly entry: WalletEntry } | "insufficient">;
}
