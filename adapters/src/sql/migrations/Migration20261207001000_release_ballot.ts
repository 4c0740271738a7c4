import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/**
 * The release ballot (DESIGN.md section 15). ballot_entries: one per player and slot (unique),
 * pending until its release is drawn, then won (with the hold, whose id is the entry's) or lost.
 * ballot_releases: one per venue and date, taken for a draw by one process at a time
 * (claimed_until), with the seed recorded the first time it is taken and the order drawn, kept
 * for the admin's audit.
 */
export class Migration20261207001000ReleaseBallot extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());
    this.addSql(`create table ballot_releases (
      venue_id text not null references venues (id) on delete cascade,
      booking_date text not null,
      decides_at ${instant} not null,
      seed text null,
      draw_order text null,
      claimed_until ${instant} null,
      drawn_at ${instant} null,
      primary key (venue_id, booking_date)
    )`);
    this.addSql(`create table ballot_entries (
      id text primary key,
      venue_id text not null,
      court_id text not null references courts (id) on delete cascade,
      booking_date text not null,
      time_slot text not null,
      game_type text not null,
      user_id text not null references users (id) on delete cascade,
      decides_at ${instant} not null,
      entered_at ${instant} not null,
      state text not null default 'pending' check (state in ('pending', 'won', 'lost')),
      booking_id text null,
      foreign key (venue_id, booking_date) references ballot_releases (venue_id, booking_date) on delete cascade
    )`);
    this.addSql("create unique index ballot_entries_player_slot on ballot_entries (user_id, court_id, booking_date, time_slot)");
    this.addSql("create index ballot_entries_release_idx on ballot_entries (venue_id, booking_date, state)");
    this.addSql("create index ballot_releases_due_idx on ballot_releases (decides_at) where drawn_at is null");
  }

  override down(): void {
    this.addSql("drop table ballot_entries");
    this.addSql("drop table ballot_releases");
  }
}
