import type { Cents } from "../domain/money.js";
import type { GameType } from "../domain/pricing.js";
import type { LocalDate } from "../domain/time.js";

export interface InvoiceData {
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
  readonly stripeFee: Cents;
  /** amount - discount */
  readonly totalPaid: Cents;
  readonly refunded: Cents;
  /** cash at the club has no card fee: the invoice names the method instead (default card) */
  readonly paymentMethod?: "card" | "cash";
}

export interface InvoiceRenderer {
  /** A PDF document. */
  render(invoice: InvoiceData): Promise<Uint8Array>;
}
