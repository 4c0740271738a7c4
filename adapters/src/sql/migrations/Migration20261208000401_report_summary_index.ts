import { Migration } from "@mikro-orm/migrations";

/**
 * The report summary's players (who owes what, who books most) count a period's live bookings
 * per player: this index holds every column those counts read, in date order, so they are read
 * from the index alone and the period's rows are never looked up one by one in the table.
 */
export class Migration20261208000401ReportSummaryIndex extends Migration {
  override up(): void {
    this.addSql("create index bookings_date_player_idx on bookings (booking_date, status, user_id, court_id, total_amount, paid_amount)");
  }

  override down(): void {}
}
