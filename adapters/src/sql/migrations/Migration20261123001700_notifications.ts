import { Migration } from "@mikro-orm/migrations";
import { dialectOf } from "./dialect.js";

/**
 * Notifications and calendars (DESIGN.md section 9): the mail outbox, each player's reminder
 * switch and calendar feed token, who paid a share without an account, the reminders already
 * sent, and the waitlist of taken slots.
 */
export class Migration20261123001700Notifications extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());

    // A message is written once per event (event_key) and sent by the sweep, which claims rows
    // with a lease (locked_until), so a process killed mid-send leaves the row to the next pass.
    this.addSql(`create table outbox (
      id text primary key,
      event_key text not null,
      kind text not null,
      recipient text not null,
      payload text not null,
      status text not null check (status in ('pending', 'sending', 'sent', 'failed')),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at ${instant} not null,
      locked_until ${instant} null,
      last_error text null,
      created_at ${instant} not null,
      sent_at ${instant} null
    )`);
    this.addSql(`create unique index outbox_event_key_unique on outbox (event_key)`);
    this.addSql(`create index outbox_due_idx on outbox (status, next_attempt_at)`);

    this.addSql(`create table notification_settings (
      user_id text primary key references users (id) on delete cascade,
      reminders_enabled boolean not null default true,
      feed_token text null,
      updated_at ${instant} not null
    )`);
    this.addSql(`create unique index notification_settings_feed_token_unique on notification_settings (feed_token)`);

    // A guest who pays a share through the link has no account: the name (and email for the
    // receipt) they typed, kept beside the payment so the ledger table stays as it is.
    this.addSql(`create table payment_payers (
      payment_id text primary key,
      name text not null,
      email text null
    )`);

    this.addSql(`create table reminders_sent (
      booking_id text primary key,
      sent_at ${instant} not null
    )`);

    // Producers that ran: a payment's notices, a cancellation's. The sweep catches up on any
    // change whose request died between its commit and writing its mail.
    this.addSql(`create table notices_done (
      event text primary key,
      done_at ${instant} not null
    )`);
    // What happened before this table existed was never announced and is not announced now.
    this.addSql(`insert into notices_done (event, done_at)
      select 'payment:' || id, paid_at from payments where paid_at is not null`);
    this.addSql(`insert into notices_done (event, done_at)
      select 'cancelled:' || id, cancelled_at from bookings where status = 'cancelled' and cancelled_at is not null`);
    this.addSql(`create index bookings_cancelled_at_idx on bookings (cancelled_at) where status = 'cancelled'`);

    this.addSql(`create table waitlist (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      court_id text not null references courts (id) on delete cascade,
      booking_date text not null,
      time_slot text not null,
      created_at ${instant} not null,
      notified_at ${instant} null
    )`);
    // One open wish per player and slot; once told, the player may ask again.
    this.addSql(`create unique index waitlist_open_unique on waitlist (user_id, court_id, booking_date, time_slot)
      where notified_at is null`);
    this.addSql(`create index waitlist_slot_idx on waitlist (court_id, booking_date, time_slot)`);
    this.addSql(`create index waitlist_user_idx on waitlist (user_id, booking_date)`);
  }
}
