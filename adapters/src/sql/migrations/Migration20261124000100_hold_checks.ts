import { Migration } from "@mikro-orm/migrations";

/**
 * What a new hold checks (booking-repository.sql.ts insertHold) costs the same for a player with
 * years of bookings as for a new one (DESIGN.md section 11): a balance due is found among the
 * bookings whose remainder failed, and the unpaid holds are counted among the player's live
 * unpaid holds only, never by reading every booking the player ever made.
 */
export class Migration20261124000100HoldChecks extends Migration {
  override up(): void {
    this.addSql("create index bookings_balance_due_idx on bookings (user_id) where remainder_status = 'failed'");
    this.addSql(
      "create index bookings_unpaid_holds_idx on bookings (user_id, hold_expires_at) " +
        "where status = 'active' and paid_amount = 0 and hold_expires_at is not null",
    );
  }

  override down(): void {
    this.addSql("drop index bookings_unpaid_holds_idx");
    this.addSql("drop index bookings_balance_due_idx");
  }
}
