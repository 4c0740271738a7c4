import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/**
 * Open matches (DESIGN.md section 17): a player's self-rated level, their opt-in to the daily mail
 * of new matches, and one match per booking offering the places of the booking's share link.
 * The list reads open matches through (status, deadline): matches of days gone by sit before the
 * range it scans, so its cost does not grow with history.
 */
export class Migration20261208000600OpenMatches extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());
    this.addSql("alter table users add column level_tenths integer null check (level_tenths between 10 and 70 and level_tenths % 5 = 0)");
    this.addSql("alter table users add column match_digest boolean not null default false");
    this.addSql(`create table open_matches (
      id text primary key,
      booking_id text not null references bookings (id) on delete cascade,
      share_link_id text not null references share_links (id) on delete cascade,
      venue_id text not null,
      booking_date text not null,
      time_slot text not null,
      level_min_tenths integer not null check (level_min_tenths between 10 and 70),
      level_max_tenths integer not null check (level_max_tenths between 10 and 70 and level_max_tenths >= level_min_tenths),
      note text null,
      status text not null check (status in ('open', 'closed')),
      deadline ${instant} not null,
      created_at ${instant} not null,
      closed_at ${instant} null
    )`);
    this.addSql("create unique index open_matches_booking_unique on open_matches (booking_id)");
    this.addSql("create index open_matches_listing_idx on open_matches (status, deadline)");
    // the daily mail: each player's new matches once a day, sent once (its outbox key)
    this.addSql("create index open_matches_created_idx on open_matches (created_at)");
    this.addSql("create index users_match_digest_idx on users (match_digest)");
  }
}
