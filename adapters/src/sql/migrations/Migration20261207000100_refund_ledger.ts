import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf, uuidSql } from "./dialect.js";

/**
 * One refund ledger (DESIGN.md section 12). Every refund, whoever decided it (a player's
 * cancellation, a closure, a series the club ended, a settlement, the provider's own dashboard),
 * is a row here, sent by one sweep step under its own idempotency key. The payment keeps
 * `refunded_amount` and `refund_owed` as the sums of its sent and owed rows, written in the same
 * transactions.
 *
 * Moved in: what `payments.refund_owed` owed (key `refund-<payment>`, as it was sent before), the
 * refunds already sent (one row per payment), and every `closure_refunds` row (key
 * `closure-<payment>`), whose owed amounts now count in the payment's `refund_owed`. Keys stay
 * what the provider saw, so a refund in flight during the upgrade is not sent twice.
 */
export class Migration20261207000100RefundLedger extends Migration {
  override up(): void {
    const platform = this.driver.getPlatform();
    const postgres = isPostgres(platform);
    const { instant } = dialectOf(platform);
    const uuid = uuidSql(postgres);
    this.addSql(`create table refunds (
      id text primary key,
      payment_id text not null,
      booking_id text not null,
      reason text not null check (reason in ('player', 'closure', 'series', 'settlement', 'provider')),
      status text not null check (status in ('owed', 'sent', 'void')),
      amount integer not null check (amount > 0),
      idempotency_key text not null unique,
      provider_refund_id text null,
      claimed_until ${instant} null,
      attempts integer not null default 0,
      last_error text null,
      created_at ${instant} not null,
      sent_at ${instant} null
    )`);
    this.addSql("create index refunds_owed_idx on refunds (created_at) where status = 'owed'");
    this.addSql("create index refunds_payment_idx on refunds (payment_id)");
    this.addSql("create index refunds_booking_idx on refunds (booking_id)");
    this.addSql("create unique index refunds_provider_refund_unique on refunds (provider_refund_id) where provider_refund_id is not null");

    const reasonOf = "case when p.flag is not null then 'settlement' else 'player' end";
    const decidedAt = "coalesce((select b.cancelled_at from bookings b where b.id = p.booking_id), p.created_at)";
    // what a payment owed (a cancellation's or a settlement's)
    this.addSql(
      "insert into refunds (id, payment_id, booking_id, reason, status, amount, idempotency_key, created_at) " +
        `select ${uuid}, p.id, p.booking_id, ${reasonOf}, 'owed', p.refund_owed, 'refund-' || p.id, ${decidedAt} ` +
        "from payments p where p.refund_owed > 0",
    );
    // refunds sent before, less what closures sent (their own rows below)
    const closureSent = "coalesce((select sum(r.amount) from closure_refunds r where r.payment_id = p.id and r.status = 'sent'), 0)";
    this.addSql(
      "insert into refunds (id, payment_id, booking_id, reason, status, amount, idempotency_key, created_at, sent_at) " +
        `select ${uuid}, p.id, p.booking_id, ${reasonOf}, 'sent', p.refunded_amount - ${closureSent}, 'refund-' || p.id, ${decidedAt}, ` +
        `coalesce(p.refund_sent_at, ${decidedAt}) from payments p where p.refund_owed = 0 and p.refunded_amount > ${closureSent}`,
    );
    this.addSql(
      "insert into refunds (id, payment_id, booking_id, reason, status, amount, idempotency_key, claimed_until, attempts, last_error, created_at, sent_at) " +
        `select ${uuid}, r.payment_id, r.booking_id, 'closure', r.status, r.amount, 'closure-' || r.payment_id, r.claimed_until, r.attempts, ` +
        "r.last_error, r.created_at, r.sent_at from closure_refunds r",
    );
    this.addSql(
      "update payments set status = case when status = 'succeeded' then 'refunded' else status end, " +
        "refund_owed = refund_owed + (select r.amount from closure_refunds r where r.payment_id = payments.id) " +
        "where exists (select 1 from closure_refunds r where r.payment_id = payments.id and r.status = 'owed')",
    );
    this.addSql("drop table closure_refunds");
  }

  override down(): void {}
}
