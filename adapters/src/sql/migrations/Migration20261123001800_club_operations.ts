import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf } from "./dialect.js";

/** Every payment kind of DESIGN.md (sections 8 and 10): card shares and wholes, the deadline's remainder, cash at the desk. */
const PAYMENT_KINDS = "'partial', 'full', 'shared', 'remainder', 'cash'";

/** The slots of the booking row that a block closes; mirrors blockCovers in core/src/domain/blocks.ts. */
const COVERS = (weekdayOfNew: string) =>
  "(k.court_id = new.court_id or (k.court_id is null and k.venue_id = (select c.venue_id from courts c where c.id = new.court_id))) " +
  "and k.start_date <= new.booking_date and k.end_date >= new.booking_date " +
  "and (k.time_slots is null or k.time_slots like '%,' || new.time_slot || ',%') " +
  `and (k.weekdays is null or k.weekdays like '%,' || ${weekdayOfNew} || ',%')`;

/**
 * Club operations (DESIGN.md section 10): blocks of a court or a venue, the refunds a closure
 * owes, fixed weekly series, and payments of kind `cash`.
 */
export class Migration20261123001800ClubOperations extends Migration {
  override async up(): Promise<void> {
    const platform = this.driver.getPlatform();
    const { instant } = dialectOf(platform);
    const postgres = isPostgres(platform);

    // Slots and weekdays as ',08:00,09:00,' and ',1,7,' (null = all): the trigger below matches
    // them with LIKE on both engines, and a block is read whole, never searched by slot.
    this.addSql(`create table court_blocks (
      id text primary key,
      venue_id text not null references venues (id) on delete cascade,
      court_id text null references courts (id) on delete cascade,
      start_date text not null,
      end_date text not null check (end_date >= start_date),
      time_slots text null,
      weekdays text null,
      reason text not null check (reason in ('Mantenimiento', 'Clases', 'Torneo', 'Otro')),
      note text null,
      created_at ${instant} not null
    )`);
    this.addSql(`create index court_blocks_court_idx on court_blocks (court_id, end_date)`);
    this.addSql(`create index court_blocks_venue_idx on court_blocks (venue_id, end_date)`);

    // No active booking ever overlaps a block: every insert, whoever makes it, is checked here.
    // Creating a block serialises with these inserts (a table lock on PostgreSQL, the single
    // writer on SQLite: see block-repository.sql.ts), so a race cannot slip one through.
    if (postgres) {
      this.addSql(`create function bookings_not_blocked() returns trigger language plpgsql as $$
        begin
          if new.status in ('active', 'confirmed') and exists (
            select 1 from court_blocks k where ${COVERS("extract(isodow from new.booking_date::date)::int::text")}
          ) then
            raise exception 'court_blocked: % % %', new.court_id, new.booking_date, new.time_slot using errcode = 'P0001';
          end if;
          return new;
        end
      $$`);
      this.addSql(`create trigger bookings_not_blocked before insert on bookings
        for each row execute function bookings_not_blocked()`);
    } else {
      // strftime('%w'): 0 = Sunday .. 6; ISO makes Sunday 7
      const weekday = "(case strftime('%w', new.booking_date) when '0' then '7' else strftime('%w', new.booking_date) end)";
      this.addSql(`create trigger bookings_not_blocked before insert on bookings
        when new.status in ('active', 'confirmed') and exists (select 1 from court_blocks k where ${COVERS(weekday)})
        begin select raise(abort, 'court_blocked'); end`);
    }

    // What a closure owes each payer, written in the transaction that cancels the booking, and
    // sent through the provider by the closure and, while the provider is down, by the sweep.
    // One row per payment: a payment is refunded by a closure at most once.
    this.addSql(`create table closure_refunds (
      payment_id text primary key,
      booking_id text not null,
      block_id text null,
      intent_id text not null,
      payer_id text not null,
      amount integer not null check (amount > 0),
      status text not null check (status in ('owed', 'sent')),
      claimed_until ${instant} null,
      attempts integer not null default 0,
      last_error text null,
      created_at ${instant} not null,
      sent_at ${instant} null
    )`);
    this.addSql(`create index closure_refunds_status_idx on closure_refunds (status, created_at)`);
    this.addSql(`create index closure_refunds_booking_idx on closure_refunds (booking_id)`);

    this.addSql(`create table booking_series (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      court_id text not null references courts (id) on delete cascade,
      time_slot text not null,
      game_type text not null check (game_type in ('singles', 'doubles')),
      start_date text not null,
      weeks integer not null check (weeks between 1 and 52),
      created_at ${instant} not null
    )`);
    this.addSql(`create table booking_series_items (
      series_id text not null references booking_series (id) on delete cascade,
      booking_id text not null references bookings (id) on delete cascade,
      primary key (series_id, booking_id)
    )`);
    this.addSql(`create index booking_series_items_booking_idx on booking_series_items (booking_id)`);

    // Payments of kind 'cash' (and 'remainder'). PostgreSQL replaces the CHECK; SQLite cannot
    // alter one, and the table must not be rebuilt (other columns may have been added since the
    // first migration), so its stored definition is edited in place as SQLite documents for
    // loosening a CHECK (https://sqlite.org/lang_altertable.html#otheralter).
    if (postgres) {
      this.addSql("alter table payments drop constraint if exists payments_kind_check");
      this.addSql(`alter table payments add constraint payments_kind_check check (kind in (${PAYMENT_KINDS}))`);
    } else {
      const [version] = await this.execute("pragma schema_version");
      const current = Number((version as Record<string, unknown> | undefined)?.schema_version ?? 0);
      this.addSql("pragma writable_schema = on");
      this.addSql(
        "update sqlite_master set sql = replace(sql, 'check (kind in (', 'check (kind in (''cash'', ''remainder'', ') " +
          "where type = 'table' and name = 'payments' and instr(sql, '''cash''') = 0",
      );
      this.addSql(`pragma schema_version = ${current + 1}`);
      this.addSql("pragma writable_schema = off");
    }
  }
}
