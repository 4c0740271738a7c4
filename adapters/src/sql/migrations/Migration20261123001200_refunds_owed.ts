import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/**
 * Money kept safe over time (DESIGN.md section 8): a refund owed is written in the transaction
 * that decides it and sent by the sweep until the provider confirms; a payment the admin must
 * know about carries a flag; a row a sweeping process is working on carries a lease, so three
 * processes sweeping at once never work on the same payment.
 */
export class Migration20261123001200RefundsOwed extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());
    // Owed may pass the charged amount: a mismatched intent is refunded for what the provider took.
    this.addSql(`alter table payments add column refund_owed integer not null default 0 check (refund_owed >= 0)`);
    this.addSql(`alter table payments add column refund_sent_at ${instant} null`);
    this.addSql(`alter table payments add column flag text null check (flag in ('mismatch', 'refunded_on_arrival'))`);
    this.addSql(`alter table payments add column claimed_until ${instant} null`);
    this.addSql(`create index payments_refund_owed_idx on payments (created_at) where refund_owed > 0`);
  }
}
