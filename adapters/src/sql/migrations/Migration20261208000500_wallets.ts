import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf } from "./dialect.js";

/**
 * Wallets (DESIGN.md section 16): one balance row per player, guarded by a CHECK so no write can
 * take it below zero, beside its append-only statement (wallet_entries); products bought by card
 * (purchases: a top-up today, punch cards and memberships later), recorded once each; payments of
 * kind 'wallet'.
 */
export class Migration20261208000500Wallets extends Migration {
  override async up(): Promise<void> {
    const platform = this.driver.getPlatform();
    const { instant } = dialectOf(platform);
    const postgres = isPostgres(platform);

    // Every spend is a conditional UPDATE (balance >= amount); the CHECK is the database's own
    // guarantee beneath it, whatever code writes.
    this.addSql(`create table wallets (
      user_id text primary key,
      balance bigint not null default 0 check (balance >= 0),
      updated_at ${instant} not null
    )`);
    // One row per movement, never edited. A refund, a purchase and a wallet payment are each
    // credited or debited at most once: their ids are unique here.
    this.addSql(`create table wallet_entries (
      id text primary key,
      user_id text not null,
      kind text not null check (kind in ('topup', 'payment', 'refund', 'adjustment')),
      amount bigint not null check (amount <> 0),
      booking_id text null,
      payment_id text null,
      refund_id text null,
      purchase_id text null,
      note text null,
      created_by text null,
      created_at ${instant} not null
    )`);
    this.addSql(`create index wallet_entries_user_idx on wallet_entries (user_id, created_at, id)`);
    this.addSql(`create unique index wallet_entries_refund_unique on wallet_entries (refund_id) where refund_id is not null`);
    this.addSql(`create unique index wallet_entries_purchase_unique on wallet_entries (purchase_id) where purchase_id is not null`);
    this.addSql(`create unique index wallet_entries_payment_unique on wallet_entries (payment_id) where payment_id is not null and kind = 'payment'`);

    // A product bought by card. `product` is checked in code (new products need no schema edit);
    // `product_ref` names what was bought when the product has one (a punch card's product id).
    this.addSql(`create table purchases (
      id text primary key,
      user_id text not null,
      product text not null,
      product_ref text null,
      amount bigint not null check (amount > 0),
      stripe_fee bigint not null check (stripe_fee >= 0),
      intent_id text not null,
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      invoice_number text null,
      tax_rate_bp integer null,
      buyer_name text null,
      buyer_email text null,
      created_at ${instant} not null,
      paid_at ${instant} null,
      claimed_until ${instant} null
    )`);
    this.addSql(`create unique index purchases_intent_unique on purchases (intent_id)`);
    this.addSql(`create index purchases_user_idx on purchases (user_id, created_at)`);
    this.addSql(`create index purchases_status_idx on purchases (status, created_at)`);
    // wallet payments are subtracted from the summary (read by kind)
    this.addSql(`create index payments_kind_idx on payments (kind, status)`);

    // Payments of kind 'wallet', as club_operations loosened the CHECK for 'cash'.
    if (postgres) {
      this.addSql("alter table payments drop constraint if exists payments_kind_check");
      this.addSql("alter table payments add constraint payments_kind_check check (kind in ('partial', 'full', 'shared', 'remainder', 'cash', 'wallet'))");
    } else {
      const [version] = await this.execute("pragma schema_version");
      const current = Number((version as Record<string, unknown> | undefined)?.schema_version ?? 0);
      this.addSql("pragma writable_schema = on");
      this.addSql(
        "update sqlite_master set sql = replace(sql, 'check (kind in (', 'check (kind in (''wallet'', ') " +
          "where type = 'table' and name = 'payments' and instr(sql, '''wallet''') = 0",
      );
      this.addSql(`pragma schema_version = ${current + 1}`);
      this.addSql("pragma writable_schema = off");
    }
  }

  override down(): void {}
}
