import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

const RULE_COLUMNS = ["window_days", "release_time", "max_upcoming_per_player", "max_per_player_per_day", "ballot_seconds"];

export const COLUMNS =
  "id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, " +
  "cancellation_reason, refund_percentage, created_at, cancelled_at, hold_expires_at, share_deadline_at, remainder_status";
export const FROM_R = COLUMNS.replaceAll(/(\w+)/g, "r.$1");

export const BALANCE_DUE =
  "not exists (select 1 from bookings b where b.user_id = r.user_id and b.remainder_status = 'failed' " +
  "and b.paid_amount < b.total_amount and b.status not in ('cancelled', 'expired'))";
export const unpaidHeld =
  "(select count(*) from (select 1 from bookings where user_id = r.user_id and status = 'active' and paid_amount = 0 " +
  "and hold_expires_at is not null and hold_expires_at > as_of limit max_unpaid) held)";
export const NOT_RECENTLY_HELD =
  "not exists (select 1 from bookings p where p.user_id = r.user_id and p.booking_date = r.booking_date " +
  "and p.time_slot = r.time_slot and p.court_id = r.court_id and p.status in ('active', 'expired') and p.paid_amount = 0 " +
  "and p.hold_expires_at > rehold_bar_since and p.hold_expires_at <= as_of)";
export const UNVERIFIED = "least(max_unpaid, coalesce(max_unpaid_unverified, max_unpaid))";
/** The player's live bookings (an overdue hold is not one) on the venue's courts matching `where`, counted no further than `limit`. */
export const liveAtVenue = (where: string, limit: string) =>
  `(select count(*) from (select 1 from bookings u where u.user_id = r.user_id and ${where} ` +
  "and u.status not in ('cancelled', 'expired') " +
  "and not (u.status = 'active' and u.paid_amount = 0 and u.hold_expires_at is not null and u.hold_expires_at <= as_of) " +
  `and u.court_id in (select c.id from courts c where c.venue_id = rules_venue_id) limit ${limit}) n)`;
export const UPCOMING = "u.booking_date >= from_date and (u.booking_date > from_date or u.time_slot > from_time)";

/**
 * A venue's booking rules (DESIGN.md section 15), as columns of venues whose defaults are what
 * every venue had before: 180 days ahead, opened at midnight, no per-player limits, no ballot.
 * A court read for a booking carries its venue's rules and is kept under the `courts` counter
 * (court-repository.sql.ts), so a change of the rules moves it: SQLite's trigger as for a venue's
 * name (migration ...20261126000100), PostgreSQL's notice (...20261126000200).
 *
 * PostgreSQL: insert_hold with the venue's per-player limits, counted in the same statement as
 * the other conditions and under the same lock of the player's row, so one player's holds are
 * counted one after the other and concurrent requests never pass a limit. The older function
 * stays for a process of the previous version still running while this one starts.
 */
export class Migration20261207000900VenueRules extends Migration {
  override up(): void {
    this.addSql("alter table venues add column window_days integer not null default 180");
    this.addSql("alter table venues add column release_time text null");
    this.addSql("alter table venues add column max_upcoming_per_player integer null");
    this.addSql("alter table venues add column max_per_player_per_day integer null");
    this.addSql("alter table venues add column ballot_seconds integer not null default 0");
    if (!isPostgres(this.driver.getPlatform())) {
      this.addSql(
        `create trigger venues_rules_update after update of ${RULE_COLUMNS.join(", ")} on venues ` +
          "begin update data_changes set n = n + 1 where name = 'courts'; end",
      );
      return;
    }
    this.addSql(
      `create trigger venues_rules_notice after update of ${RULE_COLUMNS.join(", ")} on venues for each statement ` +
        "execute function notify_data_change('courts')",
    );
    this.addSql(`create function insert_hold(booking jsonb, as_of timestamptz, max_unpaid integer, max_unpaid_unverified integer,
        rehold_bar_since timestamptz, rules_venue_id text, max_upcoming integer, max_per_day integer, from_date text, from_time text)
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
          and (max_unpaid is null or ${unpaidHeld} < case when verified then max_unpaid else ${UNVERIFIED} end)
          and (rehold_bar_since is null or ${NOT_RECENTLY_HELD})
          and (max_upcoming is null or ${liveAtVenue(UPCOMING, "max_upcoming")} < max_upcoming)
          and (max_per_day is null or ${liveAtVenue("u.booking_date = r.booking_date", "max_per_day")} < max_per_day);
        return found;
      end
    $$`);
  }

  override down(): void {
    if (isPostgres(this.driver.getPlatform())) {
      this.addSql("drop function insert_hold(jsonb, timestamptz, integer, integer, timestamptz, text, integer, integer, text, text)");
      this.addSql("drop trigger venues_rules_notice on venues");
    } else this.addSql("drop trigger venues_rules_update");
    for (const column of RULE_COLUMNS) this.addSql(`alter table venues drop column ${column}`);
  }
}
