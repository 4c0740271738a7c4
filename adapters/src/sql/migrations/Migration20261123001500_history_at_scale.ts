import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * Cost that does not grow with history (DESIGN.md section 11).
 *
 * - payment_totals: the figures over all payments (counts per status, pending amount, and the
 *   settled gross, discounts, card fees and refunds), kept by triggers in the same transaction as
 *   every write to payments, whichever code makes it. Sixteen buckets keyed by the last character
 *   of the payment id, so concurrent payments on PostgreSQL rarely wait on one another's row.
 * - Indexes whose order is the lists' order, ties broken by id, so a page is read from the index
 *   and stops at its limit; each replaces an index that was its prefix.
 */
export class Migration20261123001500HistoryAtScale extends Migration {
  override up(): void {
    const pg = isPostgres(this.driver.getPlatform());

    this.addSql(`create table payment_totals (
      bucket text primary key,
      payments_count integer not null default 0,
      pending_count integer not null default 0,
      succeeded_count integer not null default 0,
      failed_count integer not null default 0,
      refunded_count integer not null default 0,
      pending_amount bigint not null default 0,
      settled_count integer not null default 0,
      settled_gross bigint not null default 0,
      settled_discounts bigint not null default 0,
      settled_fees bigint not null default 0,
      settled_refunds bigint not null default 0
    )`);

    // One definition of "settled", the same as the repository's: recorded (paid_at set), then
    // kept or refunded. A captured payment refunded before it applied never had paid_at.
    const contribution = (p: string, sign: string, bucket: string) => {
      const settled = `(${p}.status in ('succeeded', 'refunded') and ${p}.paid_at is not null)`;
      const when = (cond: string, value: string) => `${sign} * (case when ${cond} then ${value} else 0 end)`;
      return (
        "insert into payment_totals (bucket, payments_count, pending_count, succeeded_count, failed_count, refunded_count, " +
        "pending_amount, settled_count, settled_gross, settled_discounts, settled_fees, settled_refunds) values (" +
        [
          bucket,
          `${sign}`,
          when(`${p}.status = 'pending'`, "1"),
          when(`${p}.status = 'succeeded'`, "1"),
          when(`${p}.status = 'failed'`, "1"),
          when(`${p}.status = 'refunded'`, "1"),
          when(`${p}.status = 'pending'`, `${p}.amount - ${p}.discount`),
          when(settled, "1"),
          when(settled, `${p}.amount`),
          when(settled, `${p}.discount`),
          when(settled, `${p}.stripe_fee`),
          when(settled, `${p}.refunded_amount`),
        ].join(", ") +
        ") on conflict (bucket) do update set " +
        [
          "payments_count",
          "pending_count",
          "succeeded_count",
          "failed_count",
          "refunded_count",
          "pending_amount",
          "settled_count",
          "settled_gross",
          "settled_discounts",
          "settled_fees",
          "settled_refunds",
        ]
          // SQLite allows no table alias inside a trigger's upsert: the table's own name serves both.
          .map((c) => `${c} = payment_totals.${c} + excluded.${c}`)
          .join(", ")
      );
    };
    // Only the columns that move a figure: setting the invoice number fires nothing.
    const watched = "status, paid_at, amount, discount, stripe_fee, refunded_amount";

    if (pg) {
      this.addSql(`create function payment_totals_change() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${contribution("old", "-1", "right(old.id, 1)")};
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${contribution("new", "1", "right(new.id, 1)")};
          end if;
          return null;
        end $$`);
      this.addSql(
        `create trigger payments_totals_write after insert or delete or update of ${watched} on payments ` +
          "for each row execute function payment_totals_change()",
      );
    } else {
      this.addSql(`create trigger payments_totals_insert after insert on payments begin
        ${contribution("new", "1", "substr(new.id, -1)")};
      end`);
      this.addSql(`create trigger payments_totals_update after update of ${watched} on payments begin
        ${contribution("old", "-1", "substr(old.id, -1)")};
        ${contribution("new", "1", "substr(new.id, -1)")};
      end`);
      this.addSql(`create trigger payments_totals_delete after delete on payments begin
        ${contribution("old", "-1", "substr(old.id, -1)")};
      end`);
    }

    // The payments written before this migration.
    const settled = "(status in ('succeeded', 'refunded') and paid_at is not null)";
    const sumWhen = (cond: string, value: string) => `coalesce(sum(case when ${cond} then ${value} else 0 end), 0)`;
    this.addSql(
      "insert into payment_totals (bucket, payments_count, pending_count, succeeded_count, failed_count, refunded_count, " +
        "pending_amount, settled_count, settled_gross, settled_discounts, settled_fees, settled_refunds) " +
        `select ${pg ? "right(id, 1)" : "substr(id, -1)"}, count(*), ` +
        [
          sumWhen("status = 'pending'", "1"),
          sumWhen("status = 'succeeded'", "1"),
          sumWhen("status = 'failed'", "1"),
          sumWhen("status = 'refunded'", "1"),
          sumWhen("status = 'pending'", "amount - discount"),
          sumWhen(settled, "1"),
          sumWhen(settled, "amount"),
          sumWhen(settled, "discount"),
          sumWhen(settled, "stripe_fee"),
          sumWhen(settled, "refunded_amount"),
        ].join(", ") +
        ` from payments group by ${pg ? "right(id, 1)" : "substr(id, -1)"}`,
    );

    // A player's bookings, newest first (or upcoming first), and their payments, newest first.
    this.addSql("create index bookings_user_date_slot_idx on bookings (user_id, booking_date, time_slot, id)");
    this.addSql("drop index bookings_user_date_idx");
    this.addSql("create index payments_user_created_id_idx on payments (user_id, created_at, id)");
    this.addSql("drop index payments_user_created_idx");
    // The admin's transactions, newest first, all or of one status; and the CSV export's keyset.
    this.addSql("create index payments_created_id_idx on payments (created_at, id)");
    this.addSql("drop index payments_created_idx");
    this.addSql("create index payments_status_created_id_idx on payments (status, created_at, id)");
    this.addSql("drop index payments_status_created_idx");
  }
}
