import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/** The columns of a booking that a court's availability reads (catalog-queries.sql.ts). */
const BOOKING_COLUMNS = "court_id, booking_date, time_slot, status, paid_amount, hold_expires_at";

/**
 * SQLite only: a counter of the writes that can change a court's availability (its bookings, its
 * blocks, the court itself), bumped by triggers in the writing transaction. The read model keeps
 * availability answers while the file's commit stamp stands (wal-stamp.ts); when another commit
 * comes, one read of this counter tells whether it touched anything they depend on, so sessions,
 * rate limits, notifications and the like no longer empty the cache. PostgreSQL reads
 * availability from the database every time and needs none of it.
 */
export class Migration20261123001900AvailabilityChanges extends Migration {
  override async up(): Promise<void> {
    if (isPostgres(this.driver.getPlatform())) return;
    this.addSql("create table data_changes (name text primary key, n integer not null)");
    this.addSql("insert into data_changes (name, n) values ('availability', 0)");
    const bump = "begin update data_changes set n = n + 1 where name = 'availability'; end";
    for (const [table, columns] of [
      ["bookings", BOOKING_COLUMNS],
      ["court_blocks", "venue_id, court_id, start_date, end_date, time_slots, weekdays, reason, note, created_at"],
      ["courts", "id, venue_id"],
    ] as const) {
      this.addSql(`create trigger ${table}_availability_insert after insert on ${table} ${bump}`);
      this.addSql(`create trigger ${table}_availability_update after update of ${columns} on ${table} ${bump}`);
      this.addSql(`create trigger ${table}_availability_delete after delete on ${table} ${bump}`);
    }
  }

  override async down(): Promise<void> {
    if (isPostgres(this.driver.getPlatform())) return;
    for (const table of ["bookings", "court_blocks", "courts"])
      for (const event of ["insert", "update", "delete"]) this.addSql(`drop trigger ${table}_availability_${event}`);
    this.addSql("drop table data_changes");
  }
}
