import type { Cents } from "../domain/money.js";
import type { GameType } from "../domain/pricing.js";
import type { TaxRate } from "../domain/tax.js";
import type { LocalDate } from "../domain/time.js";

/**
 * Whose copy of an invoice: the player's shows what they paid (amount, discount, total, refunds,
 * tax) and never the club's card fee or net; the club's (admins) adds them.
 */
export type InvoiceCopy = "player" | "club";

export interface InvoiceData {
  readonly copy: InvoiceCopy;
  readonly invoiceNumber: string;
  readonly issueDate: LocalDate;
  readonly paymentId: string;
  readonly payerName: string;
  readonly payerEmail: string | null;
  readonly venueName: string;
  readonly courtName: string;
  readonly courtNumber: number;
  readonly bookingDate: LocalDate;
  readonly timeSlot: string;
  readonly gameType: GameType;
  readonly amount: Cents;
  readonly discount: Cents;
  readonly discountCode: string | null;
  /** the club's card fee: printed on the club's copy only */
  readonly stripeFee: Cents;
  /** amount - discount */
  readonly totalPaid: Cents;
  readonly refunded: Cents;
  /** TAX_RATE_PERCENT as it was when the payment was recorded (basis points; 0: no tax lines) */
  readonly taxRate: TaxRate;
  /** cash at the club and the wallet have no card fee: the invoice names the method instead (default card) */
  readonly paymentMethod?: "card" | "cash" | "wallet" | "punch_card";
  /**
   * A product bought outside a booking (a wallet top-up): the receipt names it instead of a
   * venue, court and game, whose fields are then not printed
   */
  readonly product?: { readonly name: string };
}

export interface InvoiceRenderer {
  /** A PDF document. */
  render(invoice: InvoiceData): Promise<Uint8Array>;
}
