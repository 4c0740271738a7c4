import { Migration } from "@mikro-orm/migrations";

/**
 * The simulated card provider lists an intent's refunds as Stripe does: newest first, each with
 * the metadata its caller attached (the ledger's refundId), so a refund whose answer was lost is
 * recognised. `seq` numbers the refunds of one intent in the order they were stored (instants
 * can tie); the refunds stored before it are numbered by time, then id.
 */
export class Migration20261207000300SimulatedRefundMetadata extends Migration {
  override up(): void {
    this.addSql(`alter table simulated_refunds add column metadata text not null default '{}'`);
    this.addSql(`alter table simulated_refunds add column seq integer not null default 0`);
    this.addSql(
      "update simulated_refunds set seq = (select count(*) from simulated_refunds r where r.intent_id = simulated_refunds.intent_id " +
        "and (r.created_at < simulated_refunds.created_at or (r.created_at = simulated_refunds.created_at and r.id <= simulated_refunds.id)))",
    );
  }

  override down(): void {}
}
