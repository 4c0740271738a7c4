import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf } from "./dialect.js";

/**
 * Holds that expire and the organiser's guarantee for split payments (DESIGN.md section 8):
 * a booking's hold and split deadline, the remainder charged at that deadline, the status
 * `expired` (which frees the slot like `cancelled`), the payment kind `remainder`, and the
 * simulated provider's saved cards.
 */
export class Migration20261123001300HoldsAndSplitDeadline extends Migration {
  override async up(): Promise<void> {
    const platform = this.driver.getPlatform();
    const { instant } = dialectOf(platform);
    const postgres = isPostgres(platform);

    // null once paid or for bookings without a hold (made before this migration, or by an admin)
    this.addSql(`alter table bookings add column hold_expires_at ${instant} null`);
    // when the others stop paying shares and the organiser's card pays what is left
    this.addSql(`alter table bookings add column share_deadline_at ${instant} null`);
    // null, then 'charging' while a sweep holds the claim, then 'charged' or 'failed' (balance due)
    this.addSql(`alter table bookings add column remainder_status text null`);
    // fixed at the first claim, so a retried charge records the same payment under the same key
    this.addSql(`alter table bookings add column remainder_payment_id text null`);
    // a sweep's claim on the row: another process leaves it alone until then
    this.addSql(`alter table bookings add column claimed_until ${instant} null`);
    // a provider Customer per organiser, for the card saved for the remainder
    this.addSql(`alter table users add column payment_customer_id text null`);

    this.addSql(`alter table simulated_intents add column customer text null`);
    this.addSql(`alter table simulated_intents add column payment_method text null`);
    this.addSql(`alter table simulated_intents add column save_card boolean not null default false`);

    // Constraints are widened by prepending the new value, so other migrations that add their own
    // value to the same list compose with this one.
    if (postgres) {
      this.addSql(`alter table bookings drop constraint bookings_status_check`);
      this.addSql(`alter table bookings add constraint bookings_status_check check (status in ('expired', 'active', 'confirmed', 'cancelled'))`);
      this.addSql(`alter table payments drop constraint payments_kind_check`);
      this.addSql(`alter table payments add constraint payments_kind_check check (kind in ('remainder', 'partial', 'full', 'shared'))`);
    } else {
      // SQLite cannot alter a CHECK constraint. Its documented way for a change that leaves the
      // stored rows valid is to edit the schema text and bump schema_version; rebuilding the table
      // instead would cascade-delete its share links.
      const [row] = await this.execute("pragma schema_version");
      const version = Number((row as Record<string, unknown> | undefined)?.schema_version ?? 0);
      this.addSql("pragma writable_schema = on");
      this.addSql(
        "update sqlite_master set sql = replace(sql, 'check (status in (', 'check (status in (''expired'', ') " +
          "where type = 'table' and name = 'bookings'",
      );
      this.addSql(
        "update sqlite_master set sql = replace(sql, 'check (kind in (', 'check (kind in (''remainder'', ') " +
          "where type = 'table' and name = 'payments'",
      );
      this.addSql(`pragma schema_version = ${version + 1}`);
      this.addSql("pragma writable_schema = off");
    }

    // An expired hold frees its slot like a cancelled booking.
    this.addSql("drop index bookings_active_slot_unique");
    this.addSql(`create unique index bookings_active_slot_unique on bookings (court_id, booking_date, time_slot)
      where status not in ('cancelled', 'expired')`);
    // the hold and remainder sweeps, and the unpaid count of a player
    this.addSql("create index bookings_hold_idx on bookings (hold_expires_at) where hold_expires_at is not null and status = 'active'");
    this.addSql("create index bookings_deadline_idx on bookings (share_deadline_at) where remainder_status is null and status = 'active'");
  }
}
