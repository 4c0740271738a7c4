import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * PostgreSQL only: holds asked together in one round trip and one commit (booking-repository.sql.ts,
 * holdsTogether). `insert_holds` locks the players' rows in the order of their ids, then writes the
 * holds in the order of their slots, and of their asking for one slot: two statements of holds, of
 * two processes or of one, wait for each other in one order instead of deadlocking, on a player's
 * row or on a slot's entry in the unique index. The lock is FOR NO KEY UPDATE: an insert of another
 * booking of the player, whose foreign key takes KEY SHARE on the player's row, does not wait for it.
 *
 * It writes each hold whose player owes no balance and holds fewer live unpaid bookings than
 * `max_unpaid` (for the holds marked `limited`), as insert_hold does for one. A hold whose slot is
 * held already, by an earlier booking or an earlier hold of the same call, is skipped (ON CONFLICT
 * DO NOTHING on bookings_active_slot_unique). It answers the ids it wrote; the caller tries each
 * other hold again alone, with insert_hold, which tells why. The INSERT reads with a snapshot taken
 * after the locks were granted, so the holds of one call belong to different players (the caller
 * sees to it): each player's count is then exact.
 */
export class Migration20261127000100HoldsTogether extends Migration {
  override up(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    const columns =
      "id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, " +
      "cancellation_reason, refund_percentage, created_at, cancelled_at, hold_expires_at, share_deadline_at, remainder_status";
    this.addSql(`create function insert_holds(holds jsonb, max_unpaid integer) returns setof text
      language plpgsql volatile as $$
      #variable_conflict use_column
      begin
        perform 1 from users where id in (select h ->> 'user_id' from jsonb_array_elements(holds) h) order by id for no key update;
        return query
          insert into bookings (${columns})
          select ${columns.replaceAll(/(\w+)/g, "r.$1")}
          from jsonb_array_elements(holds) with ordinality as e(h, n), jsonb_populate_record(null::bookings, e.h) r
          where not exists (
              select 1 from bookings b where b.user_id = r.user_id and b.remainder_status = 'failed'
                and b.paid_amount < b.total_amount and b.status not in ('cancelled', 'expired'))
            and (not (e.h ->> 'limited')::boolean or (
              select count(*) from (
                select 1 from bookings where user_id = r.user_id and status = 'active' and paid_amount = 0
                  and hold_expires_at is not null and hold_expires_at > (e.h ->> 'as_of')::timestamptz limit max_unpaid) held) < max_unpaid)
          order by r.court_id, r.booking_date, r.time_slot, e.n
          on conflict (court_id, booking_date, time_slot) where status not in ('cancelled', 'expired') do nothing
          returning id;
      end
    $$`);
  }

  override down(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql("drop function insert_holds(jsonb, integer)");
  }
}
