import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

const COLUMNS =
  "id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, " +
  "cancellation_reason, refund_percentage, created_at, cancelled_at, hold_expires_at, share_deadline_at, remainder_status";
const FROM_R = COLUMNS.replaceAll(/(\w+)/g, "r.$1");

const BALANCE_DUE =
  "not exists (select 1 from bookings b where b.user_id = r.user_id and b.remainder_status = 'failed' " +
  "and b.paid_amount < b.total_amount and b.status not in ('cancelled', 'expired'))";
const unpaidHeld = (asOf: string) =>
  "(select count(*) from (select 1 from bookings where user_id = r.user_id and status = 'active' and paid_amount = 0 " +
  `and hold_expires_at is not null and hold_expires_at > ${asOf} limit max_unpaid) held)`;
const notRecentlyHeld = (since: string, asOf: string) =>
  "not exists (select 1 from bookings p where p.user_id = r.user_id and p.booking_date = r.booking_date " +
  "and p.time_slot = r.time_slot and p.court_id = r.court_id and p.status in ('active', 'expired') and p.paid_amount = 0 " +
  `and p.hold_expires_at > ${since} and p.hold_expires_at <= ${asOf})`;
const UNVERIFIED = "least(max_unpaid, coalesce(max_unpaid_unverified, max_unpaid))";

/**
 * PostgreSQL only: insert_hold and insert_holds (migrations ...20261125000200, ...20261127000100,
 * ...20261127000200) with the two limits of DESIGN.md section 13, checked in the same statement
 * and under the same player's row lock as the unpaid limit, so they too hold for concurrent
 * requests and cost no round trip:
 * - a player whose email is not confirmed may hold `max_unpaid_unverified` unpaid bookings
 *   (never more than `max_unpaid`), as their user row says when the hold is written;
 * - a player whose own hold on the slot ran out unpaid after `rehold_bar_since` (null: no such
 *   pause; holds an admin places) cannot hold that slot again yet. Found along
 *   bookings_user_date_slot_idx: only the player's bookings of that date and time are read.
 * The conditions are those of booking-repository.sql.ts for SQLite; the booking-repository
 * contract runs both. The functions take more arguments, so they are new ones beside the old,
 * which stay for a process of the previous version still running while this one starts.
 */
export class Migration20261207000600HoldAbuseLimits extends Migration {
  override up(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql(`create function insert_hold(booking jsonb, as_of timestamptz, max_unpaid integer, max_unpaid_unverified integer, rehold_bar_since timestamptz)
      returns boolean language plpgsql volatile as $$
      #variable_conflict use_column
      declare
        r bookings := jsonb_populate_record(null::bookings, booking);
        verified boolean;
      begin
        select u.email_verified into verified from users u where u.id = r.user_id for no key update;
        insert into bookings (${COLUMNS})
        select ${FROM_R}
        where ${BALANCE_DUE}
          and (max_unpaid is null or ${unpaidHeld("as_of")} < case when verified then max_unpaid else ${UNVERIFIED} end)
          and (rehold_bar_since is null or ${notRecentlyHeld("rehold_bar_since", "as_of")});
        return found;
      end
    $$`);
    this.addSql(`create function insert_holds(holds jsonb, max_unpaid integer, max_unpaid_unverified integer) returns setof text
      language plpgsql volatile as $$
      #variable_conflict use_column
      begin
        perform 1 from users where id in (select h ->> 'user_id' from jsonb_array_elements(holds) h) order by id for no key update;
        return query
          insert into bookings (${COLUMNS})
          select ${FROM_R}
          from jsonb_array_elements(holds) with ordinality as e(h, n), jsonb_populate_record(null::bookings, e.h) r
          where ${BALANCE_DUE}
            and (not (e.h ->> 'limited')::boolean or ${unpaidHeld("(e.h ->> 'as_of')::timestamptz")}
              < case when (select u.email_verified from users u where u.id = r.user_id) then max_unpaid else ${UNVERIFIED} end)
            and (e.h ->> 'bar_since' is null or ${notRecentlyHeld("(e.h ->> 'bar_since')::timestamptz", "(e.h ->> 'as_of')::timestamptz")})
          order by r.court_id, r.booking_date, r.time_slot, e.n
          on conflict (court_id, booking_date, time_slot) where status not in ('cancelled', 'expired') do nothing
          returning id;
      end
    $$`);
  }

  override down(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql("drop function insert_holds(jsonb, integer, integer)");
    this.addSql("drop function insert_hold(jsonb, timestamptz, integer, integer, timestamptz)");
  }
}
