import { Migration } from "@mikro-orm/migrations";

/**
 * Rate-limit counters every server process shares, and the buyer's name and email frozen on a
 * payment when it is recorded (an invoice never changes when the player edits their profile).
 */
export class Migration20261123001400LimitsAndFrozenInvoices extends Migration {
  override up(): void {
    // One row per (limit, client, window): `bucket` holds the window's start in epoch
    // milliseconds, so a new window is a new row and counting is one upsert.
    this.addSql(`create table rate_limits (
      key text not null,
      bucket bigint not null,
      hits integer not null,
      expires_at bigint not null,
      primary key (key, bucket)
    )`);
    this.addSql(`create index rate_limits_expires_idx on rate_limits (expires_at)`);

    this.addSql(`alter table payments add column buyer_name text null`);
    this.addSql(`alter table payments add column buyer_email text null`);
  }
}
