import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * PostgreSQL only: a new hold in one round trip instead of four (BEGIN, the player's row lock,
 * the conditional INSERT, COMMIT). `insert_hold` locks the player's row, then inserts the booking
 * only when the player owes no balance and holds fewer live unpaid bookings than `max_unpaid`
 * (null: no limit), and answers whether it wrote. It is VOLATILE, so its INSERT reads with a
 * snapshot taken after the lock was granted: a second request of the same player, waiting on the
 * lock, counts the first one's hold (a single INSERT ... SELECT with the lock in a CTE would count
 * with the snapshot taken before it waited). The unique slot index and the bookings_not_blocked
 * trigger refuse as they do for any insert. The conditions are those of insertHold's SQLite
 * statement (booking-repository.sql.ts); the booking-repository contract runs both.
 */
export class Migration20261125000200HoldInOneCall extends Migration {
  override up(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    const columns =
      "id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, " +
      "cancellation_reason, refund_percentage, created_at, cancelled_at, hold_expires_at, share_deadline_at, remainder_status";
    this.addSql(`create function insert_hold(booking jsonb, as_of timestamptz, max_unpaid integer) returns boolean
      language plpgsql volatile as $$
      #variable_conflict use_column
      declare
        r bookings := jsonb_populate_record(null::bookings, booking);
      begin
        perform 1 from users where id = r.user_id for update;
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

  override down(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql("drop function insert_hold(jsonb, timestamptz, integer)");
  }
}
