import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/**
 * The booking domain. Money is integer cents, instants are UTC, a booking keeps its local date
 * (YYYY-MM-DD) and slot ('HH:MM') as text, as the product reads them in COURTS_TIMEZONE.
 */
export class Migration20261121000001InitialSchema extends Migration {
  override up(): void {
    const { instant, bytes } = dialectOf(this.driver.getPlatform());

    this.addSql(`create table users (
      id text primary key,
      username text not null,
      email text not null,
      username_key text not null,
      email_key text not null,
      password_hash text not null,
      is_admin boolean not null default false,
      created_at ${instant} not null
    )`);
    // Case-insensitive uniqueness: "José" and "JOSÉ" are the same player. The keys are lower-cased
    // in JavaScript, because SQLite's lower() folds ASCII only and PostgreSQL's follows the locale.
    this.addSql(`create unique index users_username_key_unique on users (username_key)`);
    this.addSql(`create unique index users_email_key_unique on users (email_key)`);

    this.addSql(`create table venues (
      id text primary key,
      name text not null,
      location text not null,
      description text null,
      image_url text null,
      image_data text null,
      created_at ${instant} not null
    )`);
    this.addSql(`create index venues_name_idx on venues (name)`);

    // Deleting a venue removes its courts (SPEC.md: "Eliminar Venue?").
    this.addSql(`create table courts (
      id text primary key,
      venue_id text not null references venues (id) on delete cascade,
      name text not null,
      court_number integer not null,
      status text not null,
      image_url text null,
      image_data text null,
      day_singles_price integer not null check (day_singles_price >= 0),
      day_doubles_price integer not null check (day_doubles_price >= 0),
      night_singles_price integer not null check (night_singles_price >= 0),
      night_doubles_price integer not null check (night_doubles_price >= 0),
      created_at ${instant} not null
    )`);
    // Also the index of CourtRepository.listByVenue (ordered by number).
    this.addSql(`create unique index courts_venue_number_unique on courts (venue_id, court_number)`);

    // Deleting a court removes its bookings (SPEC.md: "Eliminar Cancha?").
    this.addSql(`create table bookings (
      id text primary key,
      user_id text not null references users (id),
      court_id text not null references courts (id) on delete cascade,
      booking_date text not null,
      time_slot text not null,
      game_type text not null check (game_type in ('singles', 'doubles')),
      tariff_type text not null check (tariff_type in ('day', 'night')),
      total_amount integer not null check (total_amount >= 0),
      paid_amount integer not null default 0 check (paid_amount >= 0 and paid_amount <= total_amount),
      status text not null check (status in ('active', 'confirmed', 'cancelled')),
      cancellation_reason text null,
      refund_percentage integer null,
      created_at ${instant} not null,
      cancelled_at ${instant} null
    )`);
    // One active booking per (court, date, slot), cancelled ones free the slot (DESIGN.md section 3).
    // Its (court_id, booking_date) prefix also serves bookedSlots and the venue calendar.
    this.addSql(`create unique index bookings_active_slot_unique on bookings (court_id, booking_date, time_slot)
      where status <> 'cancelled'`);
    this.addSql(`create index bookings_user_date_idx on bookings (user_id, booking_date)`);
    this.addSql(`create index bookings_date_idx on bookings (booking_date)`);

    // Payments are the accounting ledger: no foreign key to bookings, courts or users. A payment
    // copies the names of what was paid for, so it survives the deletion of its court or venue
    // (which deletes the booking), and a shared-link payer's user_id is a placeholder with no user.
    this.addSql(`create table payments (
      id text primary key,
      booking_id text not null,
      user_id text not null,
      kind text not null check (kind in ('partial', 'full', 'shared')),
      status text not null check (status in ('pending', 'succeeded', 'failed', 'refunded')),
      amount integer not null check (amount >= 0),
      discount integer not null check (discount >= 0 and discount <= amount),
      discount_code text null,
      discount_code_id text null,
      stripe_fee integer not null check (stripe_fee >= 0),
      net_amount integer not null,
      refunded_amount integer not null default 0 check (refunded_amount >= 0 and refunded_amount <= amount - discount),
      stripe_payment_intent_id text not null,
      share_token text null,
      invoice_number text null,
      created_at ${instant} not null,
      paid_at ${instant} null,
      venue_name text not null,
      court_name text not null,
      court_number integer not null,
      booking_date text not null,
      time_slot text not null,
      game_type text not null
    )`);
    // A card payment (provider intent) is recorded at most once.
    this.addSql(`create unique index payments_intent_unique on payments (stripe_payment_intent_id)`);
    this.addSql(`create unique index payments_invoice_number_unique on payments (invoice_number)`);
    this.addSql(`create index payments_booking_idx on payments (booking_id, created_at)`);
    this.addSql(`create index payments_user_created_idx on payments (user_id, created_at)`);
    this.addSql(`create index payments_created_idx on payments (created_at)`);
    this.addSql(`create index payments_status_paid_idx on payments (status, paid_at)`);
    this.addSql(`create index payments_status_created_idx on payments (status, created_at)`);

    // Gapless yearly invoice numbers: one row per year, bumped inside the payment's transaction.
    this.addSql(`create table invoice_counters (
      year integer primary key,
      last_number integer not null check (last_number >= 0)
    )`);

    this.addSql(`create table discount_codes (
      id text primary key,
      code text not null,
      type text not null check (type in ('percentage', 'fixed')),
      value integer not null check (value >= 0),
      max_usage integer null check (max_usage is null or max_usage >= 1),
      usage_count integer not null default 0 check (usage_count >= 0),
      expires_at ${instant} null,
      is_active boolean not null default true,
      created_at ${instant} not null
    )`);
    this.addSql(`create unique index discount_codes_code_unique on discount_codes (code)`);

    this.addSql(`create table share_links (
      id text primary key,
      token text not null,
      booking_id text not null references bookings (id) on delete cascade,
      amount_per_person integer not null check (amount_per_person >= 0),
      max_participants integer not null check (max_participants >= 1),
      current_participants integer not null default 0
        check (current_participants >= 0 and current_participants <= max_participants),
      expires_at ${instant} not null,
      created_at ${instant} not null
    )`);
    this.addSql(`create unique index share_links_token_unique on share_links (token)`);
    this.addSql(`create index share_links_booking_idx on share_links (booking_id)`);

    this.addSql(`create table images (
      id text primary key,
      content_type text not null,
      bytes ${bytes} not null,
      created_at ${instant} not null
    )`);
  }
}
