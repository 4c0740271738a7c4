import { Migration } from "@mikro-orm/migrations";

/**
 * A refund sent for a club closure now stamps its payment's refund_sent_at, as a player's own
 * cancellation does, so the booking's card and the admin's row say 'Reembolso de $X enviado el ...'.
 * The closures refunded before it get the time their refund was sent (closure_refunds.sent_at).
 */
export class Migration20261128000100ClosureRefundsSentAt extends Migration {
  override up(): void {
    this.addSql(
      "update payments set refund_sent_at = (select max(r.sent_at) from closure_refunds r where r.payment_id = payments.id and r.status = 'sent') " +
        "where refund_sent_at is null and exists (select 1 from closure_refunds r where r.payment_id = payments.id and r.status = 'sent')",
    );
  }

  override down(): void {}
}
