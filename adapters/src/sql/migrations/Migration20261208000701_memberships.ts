import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/**
 * Memberships ('Socios', DESIGN.md section 16): a venue's plans and the players' memberships, each
 * granted once by the purchase that paid it (by card or at the desk), with the day its reminder
 * mail was written (once, 7 days before its end).
 */
export class Migration20261208000701Memberships extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());
    this.addSql(`create table membership_plans (
      id text primary key,
      venue_id text not null,
      name text not null,
      price bigint not null check (price > 0),
      months integer not null check (months between 1 and 36),
      discount_percent integer not null check (discount_percent between 0 and 100),
      window_days integer null check (window_days between 1 and 365),
      active boolean not null default true,
      created_at ${instant} not null
    )`);
    this.addSql("create index membership_plans_venue_idx on membership_plans (venue_id, created_at)");
    this.addSql(`create table memberships (
      id text primary key,
      user_id text not null,
      plan_id text not null,
      venue_id text not null,
      name text not null,
      discount_percent integer not null check (discount_percent between 0 and 100),
      window_days integer null,
      starts_at ${instant} not null,
      ends_at ${instant} not null,
      paid_by text not null check (paid_by in ('card', 'cash')),
      purchase_id text null,
      reminded_at ${instant} null,
      created_at ${instant} not null
    )`);
    this.addSql("create index memberships_user_idx on memberships (user_id, venue_id, ends_at)");
    this.addSql("create index memberships_reminder_idx on memberships (ends_at) where reminded_at is null");
    this.addSql("create unique index memberships_purchase_unique on memberships (purchase_id) where purchase_id is not null");
  }

  override down(): void {}
}
