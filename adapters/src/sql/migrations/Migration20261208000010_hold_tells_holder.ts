import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { BALANCE_DUE, COLUMNS, FROM_R, liveAtVenue, NOT_RECENTLY_HELD, UNVERIFIED, unpaidHeld, UPCOMING } from "./Migration20261207000900_venue_rules.js";

/**
 * PostgreSQL: place_hold, insert_hold's conditions and insert in one call that also tells who
 * holds a slot it could not take: 'written', 'refused' (a condition of the player's; the caller
 * reads which), 'taken' (another player's live booking), 'overdue:{id}' (a hold that ran out
 * unpaid: let it go and ask again) or 'own:{id}' (the player's own live booking). A player who
 * loses a slot learns it from this one round trip, with no read of the holder after it: at the
 * minute a day opens, hundreds of those wait for the database at once (DESIGN.md section 15).
 * The conditions are counted under the player's row lock, as insert_hold does, then the insert
 * does nothing on the slot's unique index instead of failing. insert_hold stays for a process of
 * the previous version still running while this one starts.
 */
export class Migration20261208000010HoldTellsHolder extends Migration {
  override up(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql(`create function place_hold(booking jsonb, as_of timestamptz, max_unpaid integer, max_unpaid_unverified integer,
        rehold_bar_since timestamptz, rules_venue_id text, max_upcoming integer, max_per_day integer, from_date text, from_time text)
      returns text language plpgsql volatile as $$
      #variable_conflict use_column
      declare
        r bookings := jsonb_populate_record(null::bookings, booking);
        verified boolean;
        h bookings;
      begin
        select u.email_verified into verified from users u where u.id = r.user_id for no key update;
        if not (${BALANCE_DUE}
          and (max_unpaid is null or ${unpaidHeld} < case when verified then max_unpaid else ${UNVERIFIED} end)
          and (rehold_bar_since is null or ${NOT_RECENTLY_HELD})
          and (max_upcoming is null or ${liveAtVenue(UPCOMING, "max_upcoming")} < max_upcoming)
          and (max_per_day is null or ${liveAtVenue("u.booking_date = r.booking_date", "max_per_day")} < max_per_day)) then
          return 'refused';
        end if;
        insert into bookings (${COLUMNS})
        select ${FROM_R}
        on conflict (court_id, booking_date, time_slot) where status not in ('cancelled', 'expired') do nothing;
        if found then
          return 'written';
        end if;
        select * into h from bookings b where b.court_id = r.court_id and b.booking_date = r.booking_date
          and b.time_slot = r.time_slot and b.status not in ('cancelled', 'expired');
        if not found then
          return 'taken';
        end if;
        if h.status = 'active' and h.paid_amount = 0 and h.hold_expires_at is not null and h.hold_expires_at <= as_of then
          return 'overdue:' || h.id;
        end if;
        if h.user_id = r.user_id and h.status in ('active', 'confirmed') then
          return 'own:' || h.id;
        end if;
        return 'taken';
      end
    $$`);
  }

  override down(): void {
    if (isPostgres(this.driver.getPlatform()))
      this.addSql("drop function place_hold(jsonb, timestamptz, integer, integer, timestamptz, text, integer, integer, text, text)");
  }
}
