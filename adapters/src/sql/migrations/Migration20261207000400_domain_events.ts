import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf, hoursAgoSql, uuidSql } from "./dialect.js";

/**
 * Domain events (DESIGN.md section 12): a use case's change and the events it records commit
 * together, and one sweep step runs their reactions (mail, waitlist) until they succeed. They
 * replace notices_done, the marks the catch-up step read to find changes whose mail was never
 * written: an event cannot be lost between a commit and its mail. What that step would still have
 * caught up (the last 48 hours' payments and cancellations with no mark) becomes events.
 */
export class Migration20261207000400DomainEvents extends Migration {
  override up(): void {
    const platform = this.driver.getPlatform();
    const postgres = isPostgres(platform);
    const { instant } = dialectOf(platform);
    this.addSql(`create table domain_events (
      id text primary key,
      event_key text not null unique,
      type text not null,
      payload text not null,
      created_at ${instant} not null,
      handled_at ${instant} null,
      claimed_until ${instant} null,
      attempts integer not null default 0,
      last_error text null
    )`);
    this.addSql("create index domain_events_pending_idx on domain_events (created_at) where handled_at is null");
    const recent = hoursAgoSql(postgres, 48);
    this.addSql(
      "insert into domain_events (id, event_key, type, payload, created_at) " +
        `select ${uuidSql(postgres)}, 'PaymentRecorded:' || p.id, 'PaymentRecorded', '{"type":"PaymentRecorded","paymentId":"' || p.id || '"}', p.paid_at ` +
        "from payments p where p.status in ('succeeded', 'refunded') and p.paid_at is not null " +
        `and p.paid_at >= ${recent} and not exists (select 1 from notices_done n where n.event = 'payment:' || p.id)`,
    );
    this.addSql(
      "insert into domain_events (id, event_key, type, payload, created_at) " +
        `select ${uuidSql(postgres)}, 'BookingCancelled:' || b.id, 'BookingCancelled', ` +
        `'{"type":"BookingCancelled","bookingId":"' || b.id || '","by":"player","reason":null}', b.cancelled_at ` +
        "from bookings b where b.status = 'cancelled' and b.cancelled_at is not null " +
        `and b.cancelled_at >= ${recent} and not exists (select 1 from notices_done n where n.event = 'cancelled:' || b.id)`,
    );
    this.addSql("drop table notices_done");
  }

  override down(): void {}
}
