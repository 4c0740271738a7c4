import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf } from "./dialect.js";

/**
 * Punch cards ('Bonos', DESIGN.md section 16): the club's products, each player's cards and the
 * hours they paid. A card's hours never go below zero (CHECK beneath the conditional UPDATE that
 * takes one); a booking cancelled with a 100% refund gives its hours back in the same statement
 * that cancels it (a trigger on bookings, whoever cancels: the player, the desk, a closure, a
 * series' end), once (the use is marked returned). Payments of kind 'punch_card'.
 */
export class Migration20261208000700PunchCards extends Migration {
  override async up(): Promise<void> {
    const platform = this.driver.getPlatform();
    const { instant } = dialectOf(platform);
    const postgres = isPostgres(platform);

    this.addSql(`create table punch_card_products (
      id text primary key,
      name text not null,
      hours integer not null check (hours between 1 and 100),
      price bigint not null check (price > 0),
      valid_days integer not null check (valid_days > 0),
      venue_id text null,
      band text null check (band in ('day', 'night')),
      active boolean not null default true,
      created_at ${instant} not null
    )`);
    this.addSql(`create table punch_cards (
      id text primary key,
      user_id text not null,
      product_id text not null,
      name text not null,
      hours integer not null check (hours > 0),
      hours_left integer not null check (hours_left >= 0 and hours_left <= hours),
      venue_id text null,
      band text null check (band in ('day', 'night')),
      expires_at ${instant} not null,
      purchase_id text null,
      created_at ${instant} not null
    )`);
    this.addSql("create index punch_cards_user_idx on punch_cards (user_id, expires_at)");
    // one card per purchase, whoever records it (the browser, the sweep, several processes)
    this.addSql("create unique index punch_cards_purchase_unique on punch_cards (purchase_id) where purchase_id is not null");
    this.addSql(`create table punch_card_uses (
      payment_id text primary key,
      punch_card_id text not null,
      booking_id text not null,
      created_at ${instant} not null,
      returned_at ${instant} null
    )`);
    this.addSql("create index punch_card_uses_booking_idx on punch_card_uses (booking_id)");

    if (postgres) {
      this.addSql(`create function punch_card_hour_back() returns trigger language plpgsql as $$
        begin
          update punch_cards c set hours_left = c.hours_left + 1
            from punch_card_uses u where u.punch_card_id = c.id and u.booking_id = new.id and u.returned_at is null;
          update punch_card_uses set returned_at = coalesce(new.cancelled_at, now()) where booking_id = new.id and returned_at is null;
          return new;
        end $$`);
      this.addSql(`create trigger punch_card_hour_back after update of status on bookings for each row
        when (new.status = 'cancelled' and old.status <> 'cancelled' and new.refund_percentage = 100)
        execute function punch_card_hour_back()`);
      this.addSql("alter table payments drop constraint if exists payments_kind_check");
      this.addSql(
        "alter table payments add constraint payments_kind_check check (kind in ('partial', 'full', 'shared', 'remainder', 'cash', 'wallet', 'punch_card'))",
      );
    } else {
      this.addSql(`create trigger punch_card_hour_back after update of status on bookings
        when new.status = 'cancelled' and old.status <> 'cancelled' and new.refund_percentage = 100
        begin
          update punch_cards set hours_left = hours_left + 1
            where id in (select punch_card_id from punch_card_uses where booking_id = new.id and returned_at is null);
          update punch_card_uses set returned_at = coalesce(new.cancelled_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) where booking_id = new.id and returned_at is null;
        end`);
      const [version] = await this.execute("pragma schema_version");
      const current = Number((version as Record<string, unknown> | undefined)?.schema_version ?? 0);
      this.addSql("pragma writable_schema = on");
      this.addSql(
        "update sqlite_master set sql = replace(sql, 'check (kind in (', 'check (kind in (''punch_card'', ') " +
          "where type = 'table' and name = 'payments' and instr(sql, '''punch_card''') = 0",
      );
      this.addSql(`pragma schema_version = ${current + 1}`);
      this.addSql("pragma writable_schema = off");
    }
  }

  override down(): void {}
}
