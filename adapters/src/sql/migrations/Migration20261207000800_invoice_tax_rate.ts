import { Migration } from "@mikro-orm/migrations";

/**
 * The sales tax rate (TAX_RATE_PERCENT, in basis points: 15% is 1500) frozen on a payment with
 * its invoice number, as the buyer is: an invoice shows the same base and tax whenever it is
 * printed, whatever the setting says later. Null on payments recorded before: no tax lines.
 */
export class Migration20261207000800InvoiceTaxRate extends Migration {
  override up(): void {
    this.addSql(`alter table payments add column tax_rate_bp integer null`);
  }

  override down(): void {}
}
