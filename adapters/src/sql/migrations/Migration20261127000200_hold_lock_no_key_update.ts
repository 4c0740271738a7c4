import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * PostgreSQL only: `insert_hold` locks the player's row FOR NO KEY UPDATE instead of FOR UPDATE,
 * as insert_holds does (migration ...20261127000100). Two holds of one player still wait for each
 * other, so each counts the other's unpaid hold. A row whose foreign key takes KEY SHARE on the
 * player's row (their booking series, waitlist entries, notification settings) no longer waits for
 * a hold being written; another booking of theirs still does, on their player_history_counts row.
 * Otherwise the function is the one of ...20261125000200.
 */
export class Migration20261127000200HoldLockNoKeyUpdate extends Migration {
  override up(): void {
    this.replace("for no key update");
  }

  override down(): void {
    this.replace("for update");
  }

  private replace(lock: string): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    const columns =
      "id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, " +
      "cancellation_reason, refund_percentage, created_at, cancelled_at, hold_expires_at, share_deadline_at, remainder_status";
    this.addSql(`create or replace function insert_hold(booking jsonb, as_of timestamptz, max_unpaid integer) returns boolean
      language plpgsql volatile as $$
      #variable_conflict use_column
      declare
        r bookings := jsonb_populate_record(null::bookings, booking);
      begin
        perform 1 from users where id = r.user_id ${lock};
        insert into bookings (${columns})
        select ${columns.replaceAll(/(\w+)/g, "r.$1")}
        where not exists (
            select 1 from bookings b where b.user_id = r.user_id and b.remainder_status = 'failed'
              and b.paid_amount < b.total_amount and b.status not in ('cancelled', 'expired'))
          and (max_unpaid is null or (
            select count(*) from (
              select 1 from bookings where user_id = r.user_id and status = 'active' and paid_amount = 0
                and hold_expires_at is not null and hold_expires_at > as_of limit max_unpaid) held) < max_unpaid);
        return found;
      end
    $$`);
  }
}
