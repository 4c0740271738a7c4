import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/** the figures a payment moves in report_days */
export const PAYMENT_FIGURES = [
  "gross",
  "discounts",
  "fees",
  "refunds",
  "settled",
  "payments_count",
  "pending_count",
  "succeeded_count",
  "failed_count",
  "refunded_count",
];

/**
 * The owner's reports (DESIGN.md section 18) read aggregates kept in the same transaction as every
 * write to bookings and payments, by triggers (whichever code makes the write), so a report costs
 * the days of its period, never the history:
 *
 * - report_days: one row per court and game date: live bookings, cancelled bookings, and the
 *   settled payments' gross, discounts, card fees and refunds (the revenue summary's definitions:
 *   recorded, then kept or refunded), with payments counted per status for the transactions' total.
 *   A payment whose booking (or court) is gone counts under court '' and venue ''.
 * - report_slots: one row per venue, game date and hour: live bookings, with the date's ISO
 *   weekday, for the occupancy heatmap.
 * - payments.court_id and payments.venue_id: where a payment was played, set when it is written
 *   (kept when its court is deleted), so the transactions filter by venue and the revenue of a
 *   court outlives it.
 *
 * A booking's venue is read from its court, or from its report_days row (a booking removed with
 * its court is deleted after the court: the row still knows the venue), so a row never moves.
 */
export class Migration20261208000400OwnerReports extends Migration {
  override up(): void {
    const pg = isPostgres(this.driver.getPlatform());

    this.addSql("alter table payments add column court_id text null");
    this.addSql("alter table payments add column venue_id text null");
    this.addSql(`create table report_days (
      court_id text not null,
      booking_date text not null,
      venue_id text not null,
      month text not null,
      booked integer not null default 0,
      cancelled integer not null default 0,
      gross bigint not null default 0,
      discounts bigint not null default 0,
      fees bigint not null default 0,
      refunds bigint not null default 0,
      settled integer not null default 0,
      payments_count integer not null default 0,
      pending_count integer not null default 0,
      succeeded_count integer not null default 0,
      failed_count integer not null default 0,
      refunded_count integer not null default 0,
      primary key (court_id, booking_date)
    )`);
    this.addSql("create index report_days_date_idx on report_days (booking_date, venue_id)");
    this.addSql("create index report_days_venue_date_idx on report_days (venue_id, booking_date)");
    this.addSql(`create table report_slots (
      venue_id text not null,
      booking_date text not null,
      time_slot text not null,
      weekday integer not null,
      booked integer not null default 0,
      primary key (venue_id, booking_date, time_slot)
    )`);
    // every venue's hours of a period: the date range first
    this.addSql("create index report_slots_date_idx on report_slots (booking_date, venue_id, time_slot)");

    const weekday = (date: string) =>
      pg ? `extract(isodow from (${date})::date)::integer` : `(case strftime('%w', ${date}) when '0' then 7 else cast(strftime('%w', ${date}) as integer) end)`;
    const live = (b: string) => `${b}.status in ('active', 'confirmed')`;

    // SQLite allows no table alias inside a trigger's upsert: the table's own name serves both.
    const bookingDay = (b: string, sign: string) =>
      "insert into report_days (court_id, booking_date, venue_id, month, booked, cancelled) " +
      `select ${b}.court_id, ${b}.booking_date, ` +
      `coalesce((select venue_id from courts where id = ${b}.court_id), ` +
      `(select venue_id from report_days where court_id = ${b}.court_id and booking_date = ${b}.booking_date), ''), ` +
      `substr(${b}.booking_date, 1, 7), ${sign} * (case when ${live(b)} then 1 else 0 end), ` +
      `${sign} * (case when ${b}.status = 'cancelled' then 1 else 0 end) ` +
      `where ${b}.status in ('active', 'confirmed', 'cancelled') ` +
      "on conflict (court_id, booking_date) do update set booked = report_days.booked + excluded.booked, " +
      "cancelled = report_days.cancelled + excluded.cancelled";
    // after bookingDay: the day's row exists and knows the venue
    const bookingSlot = (b: string, sign: string) =>
      "insert into report_slots (venue_id, booking_date, time_slot, weekday, booked) " +
      `select coalesce((select venue_id from report_days where court_id = ${b}.court_id and booking_date = ${b}.booking_date), ''), ` +
      `${b}.booking_date, ${b}.time_slot, ${weekday(`${b}.booking_date`)}, ${sign} ` +
      `where ${live(b)} ` +
      "on conflict (venue_id, booking_date, time_slot) do update set booked = report_slots.booked + excluded.booked";

    // The summary's money: settled payments, not the ones paid from a wallet (the summary counts
    // that money when the wallet is topped up, and a top-up has no game of its own).
    const settled = (p: string) => `(${p}.status in ('succeeded', 'refunded') and ${p}.paid_at is not null and ${p}.kind <> 'wallet')`;
    const when = (sign: string, cond: string, value: string) => `${sign} * (case when ${cond} then ${value} else 0 end)`;
    const paymentDay = (p: string, sign: string) =>
      `insert into report_days (court_id, booking_date, venue_id, month, ${PAYMENT_FIGURES.join(", ")}) ` +
      `select ${p}.court_id, ${p}.booking_date, ${p}.venue_id, substr(${p}.booking_date, 1, 7), ` +
      [
        when(sign, settled(p), `${p}.amount`),
        when(sign, settled(p), `${p}.discount`),
        when(sign, settled(p), `${p}.stripe_fee`),
        when(sign, settled(p), `${p}.refunded_amount`),
        when(sign, settled(p), "1"),
        sign,
        when(sign, `${p}.status = 'pending'`, "1"),
        when(sign, `${p}.status = 'succeeded'`, "1"),
        when(sign, `${p}.status = 'failed'`, "1"),
        when(sign, `${p}.status = 'refunded'`, "1"),
      ].join(", ") +
      ` where ${p}.court_id is not null ` +
      "on conflict (court_id, booking_date) do update set " +
      PAYMENT_FIGURES.map((c) => `${c} = report_days.${c} + excluded.${c}`).join(", ");
    const placeOf = (p: string) => ({
      court: `coalesce((select court_id from bookings where id = ${p}.booking_id), '')`,
      venue: `coalesce((select c.venue_id from bookings b join courts c on c.id = b.court_id where b.id = ${p}.booking_id), '')`,
    });
    const paymentWatched = "status, kind, paid_at, amount, discount, stripe_fee, refunded_amount, court_id, venue_id, booking_date";
    const bookingWatched = "status, court_id, booking_date, time_slot";

    if (pg) {
      this.addSql(`create function report_bookings_change() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${bookingDay("old", "-1")};
            ${bookingSlot("old", "-1")};
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${bookingDay("new", "1")};
            ${bookingSlot("new", "1")};
          end if;
          return null;
        end $$`);
      this.addSql(
        `create trigger bookings_reports_write after insert or delete or update of ${bookingWatched} on bookings ` +
          "for each row execute function report_bookings_change()",
      );
      this.addSql(`create function payment_place() returns trigger language plpgsql as $$
        begin
          if new.court_id is null then
            new.court_id := ${placeOf("new").court};
            new.venue_id := ${placeOf("new").venue};
          end if;
          return new;
        end $$`);
      this.addSql("create trigger payments_place before insert on payments for each row execute function payment_place()");
      this.addSql(`create function report_payments_change() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${paymentDay("old", "-1")};
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${paymentDay("new", "1")};
          end if;
          return null;
        end $$`);
      this.addSql(
        `create trigger payments_reports_write after insert or delete or update of ${paymentWatched} on payments ` +
          "for each row execute function report_payments_change()",
      );
    } else {
      this.addSql(`create trigger bookings_reports_insert after insert on bookings begin
        ${bookingDay("new", "1")};
        ${bookingSlot("new", "1")};
      end`);
      this.addSql(`create trigger bookings_reports_update after update of ${bookingWatched} on bookings begin
        ${bookingDay("old", "-1")};
        ${bookingSlot("old", "-1")};
        ${bookingDay("new", "1")};
        ${bookingSlot("new", "1")};
      end`);
      this.addSql(`create trigger bookings_reports_delete after delete on bookings begin
        ${bookingSlot("old", "-1")};
        ${bookingDay("old", "-1")};
      end`);
      // SQLite cannot set NEW's columns: the place is written by an update, whose trigger counts it.
      this.addSql(`create trigger payments_place after insert on payments when new.court_id is null begin
        update payments set court_id = ${placeOf("new").court}, venue_id = ${placeOf("new").venue} where id = new.id;
      end`);
      this.addSql(`create trigger payments_reports_insert after insert on payments when new.court_id is not null begin
        ${paymentDay("new", "1")};
      end`);
      this.addSql(`create trigger payments_reports_update after update of ${paymentWatched} on payments begin
        ${paymentDay("old", "-1")};
        ${paymentDay("new", "1")};
      end`);
      this.addSql(`create trigger payments_reports_delete after delete on payments begin
        ${paymentDay("old", "-1")};
      end`);
    }

    // What was written before this migration.
    for (const statement of rebuildOwnerReports(pg)) this.addSql(statement);

    // The transactions by venue and by game date, newest first, each read in its index's order.
    this.addSql("create index payments_venue_created_id_idx on payments (venue_id, created_at, id)");
    this.addSql("create index payments_game_created_id_idx on payments (booking_date, created_at, id)");
    this.addSql("create index payments_venue_game_created_id_idx on payments (venue_id, booking_date, created_at, id)");
  }

  override down(): void {}
}

/**
 * The aggregates rebuilt from the rows (the migration's backfill, and the bench's seed, which
 * writes its rows with the payments' triggers off): every payment's place, then report_days and
 * report_slots from scratch.
 */
export const rebuildOwnerReports = (pg: boolean): string[] => {
  const weekday = (date: string) =>
    pg ? `extract(isodow from (${date})::date)::integer` : `(case strftime('%w', ${date}) when '0' then 7 else cast(strftime('%w', ${date}) as integer) end)`;
  const live = (b: string) => `${b}.status in ('active', 'confirmed')`;
  // as the triggers count it since Migration20261208000800_products_in_transactions: neither a
  // wallet's nor a punch card's payment (their money came in when the product was sold)
  const settled = (p: string) => `(${p}.status in ('succeeded', 'refunded') and ${p}.paid_at is not null and ${p}.kind not in ('wallet', 'punch_card'))`;
  const sumWhen = (cond: string, value: string) => `coalesce(sum(case when ${cond} then ${value} else 0 end), 0)`;
  return [
    "update payments set court_id = coalesce((select b.court_id from bookings b where b.id = payments.booking_id), ''), " +
      "venue_id = coalesce((select c.venue_id from bookings b join courts c on c.id = b.court_id where b.id = payments.booking_id), '') " +
      "where court_id is null",
    "delete from report_days",
    "delete from report_slots",
    "insert into report_days (court_id, booking_date, venue_id, month, booked, cancelled) " +
      "select b.court_id, b.booking_date, c.venue_id, substr(b.booking_date, 1, 7), " +
      `${sumWhen(live("b"), "1")}, ${sumWhen("b.status = 'cancelled'", "1")} ` +
      "from bookings b join courts c on c.id = b.court_id group by b.court_id, b.booking_date, c.venue_id",
    `insert into report_days (court_id, booking_date, venue_id, month, ${PAYMENT_FIGURES.join(", ")}) ` +
      "select p.court_id, p.booking_date, max(p.venue_id), substr(p.booking_date, 1, 7), " +
      [
        sumWhen(settled("p"), "p.amount"),
        sumWhen(settled("p"), "p.discount"),
        sumWhen(settled("p"), "p.stripe_fee"),
        sumWhen(settled("p"), "p.refunded_amount"),
        sumWhen(settled("p"), "1"),
        "count(*)",
        sumWhen("p.status = 'pending'", "1"),
        sumWhen("p.status = 'succeeded'", "1"),
        sumWhen("p.status = 'failed'", "1"),
        sumWhen("p.status = 'refunded'", "1"),
      ].join(", ") +
      // `where true`: SQLite reads an upsert's SELECT unambiguously only with a WHERE
      " from payments p where true group by p.court_id, p.booking_date " +
      "on conflict (court_id, booking_date) do update set " +
      PAYMENT_FIGURES.map((c) => `${c} = report_days.${c} + excluded.${c}`).join(", "),
    "insert into report_slots (venue_id, booking_date, time_slot, weekday, booked) " +
      `select c.venue_id, b.booking_date, b.time_slot, ${weekday("b.booking_date")}, count(*) ` +
      `from bookings b join courts c on c.id = b.court_id where ${live("b")} group by c.venue_id, b.booking_date, b.time_slot`,
  ];
};

