import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { PAYMENT_FIGURES, rebuildOwnerReports } from "./Migration20261208000400_owner_reports.js";

/**
 * Money is counted once, when it comes in (docs/ARCHITECTURE.md, "Money products in the
 * reports"): a booking paid with a punch card's hour, like one paid from the wallet, moves money
 * the club already counted when the card was sold. The report_days triggers stop counting
 * punch-card payments' figures (their amount was recorded as a 100% discount), the aggregates are
 * rebuilt, and the purchases are read newest first by the admin's transactions (created_at, id).
 */
export class Migration20261208000800ProductsInTransactions extends Migration {
  override up(): void {
    const pg = isPostgres(this.driver.getPlatform());
    const settled = (p: string) =>
      `(${p}.status in ('succeeded', 'refunded') and ${p}.paid_at is not null and ${p}.kind not in ('wallet', 'punch_card'))`;
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
    const paymentWatched = "status, kind, paid_at, amount, discount, stripe_fee, refunded_amount, court_id, venue_id, booking_date";

    if (pg) {
      this.addSql(`create or replace function report_payments_change() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${paymentDay("old", "-1")};
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${paymentDay("new", "1")};
          end if;
          return null;
        end $$`);
    } else {
      this.addSql("drop trigger payments_reports_insert");
      this.addSql("drop trigger payments_reports_update");
      this.addSql("drop trigger payments_reports_delete");
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
    for (const statement of rebuildOwnerReports(pg)) this.addSql(statement);
    this.addSql("create index purchases_created_id_idx on purchases (created_at, id)");
  }

  override down(): void {}
}
