import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/** the `day` of the rows that count every day of a venue and status: sorts after every date */
export const ALL_DAYS = "all";
/** the `day` of a month's rows: 'm' and the month ('m2026-10'), sorting after every date and 'all' */
export const MONTH_PREFIX = "m";
/** the `day` of a game month's payments (by booking_date): 'g' and the month ('g2026-10'), between 'all' and the months */
export const GAME_MONTH_PREFIX = "g";

/** a purchase's venue as the transactions' venue filter reads it (product-transactions.sql.ts `ofVenue`) */
const productVenue = (row: string) =>
  `coalesce((select venue_id from membership_plans where id = ${row}.product_ref), ` +
  `(select venue_id from punch_card_products where id = ${row}.product_ref), '')`;

/**
 * The total of the admin's transactions filtered by payment date (DESIGN.md section 18, issue 66)
 * read from an aggregate whose rows grow with the days, not with the payments: transaction_days,
 * one row per UTC day of created_at, venue and status, with the payments and the products sold
 * (purchases) of that day counted, the same per UTC month (`day` 'm2026-10'), and one per venue and
 * status for every day (`day` 'all', for a filter with no payment dates: venues x statuses rows). A
 * range reads its whole months and the days outside them, so its rows are at most two months of
 * days and its months, whatever the history. And per game month (`day` 'g2026-10', by the
 * payment's booking_date), for a filter by game date: its whole months here, the days outside them
 * from report_days. Triggers keep it in the transaction of every write to payments
 * and purchases, on both engines. A range whose ends are not UTC midnights (a club's local midnight
 * is one or two hours off) counts the whole UTC days inside it here and the part-days at its ends
 * from the created_at indexes (payment-repository.sql.ts, `countTransactions`).
 *
 * A payment's venue is payments.venue_id ('' before it is known, as for a payment with no booking);
 * a product's, as the transactions' venue filter reads it: the plan's or the punch card product's
 * venue named by product_ref, '' for none (a top-up).
 */
export class Migration20261208001100TransactionDays extends Migration {
  override up(): void {
    const pg = isPostgres(this.driver.getPlatform());
    this.addSql(`create table transaction_days (
      day text not null,
      venue_id text not null,
      status text not null,
      payments integer not null default 0,
      products integer not null default 0,
      primary key (day, venue_id, status)
    )`);
    this.addSql("create index transaction_days_venue_idx on transaction_days (venue_id, day, status)");
    this.addSql("create index transaction_days_status_idx on transaction_days (status, day)");

    const dayOf = (column: string) => (pg ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')` : `substr(${column}, 1, 10)`);
    // SQLite allows no table alias inside a trigger's upsert: the table's own name serves both.
    // the row's day, its month, and the venue's and status's row of every day ('all')
    const bump = (what: "payments" | "products", venue: string, row: string, sign: string) =>
      [dayOf(`${row}.created_at`), monthOf(pg, `${row}.created_at`), `'${ALL_DAYS}'`]
        .map(
          (day) =>
            `insert into transaction_days (day, venue_id, status, ${what}) values (${day}, ${venue}, ${row}.status, ${sign}) ` +
            `on conflict (day, venue_id, status) do update set ${what} = transaction_days.${what} + excluded.${what}`,
        )
        .join("; ");
    // and a payment's game month: the total of a filter by game date reads its whole months here
    const payment = (row: string, sign: string) =>
      `${bump("payments", `coalesce(${row}.venue_id, '')`, row, sign)}; ` +
      `insert into transaction_days (day, venue_id, status, payments) values ('${GAME_MONTH_PREFIX}' || substr(${row}.booking_date, 1, 7), coalesce(${row}.venue_id, ''), ${row}.status, ${sign}) ` +
      "on conflict (day, venue_id, status) do update set payments = transaction_days.payments + excluded.payments";
    const product = (row: string, sign: string) => bump("products", productVenue(row), row, sign);

    if (pg) {
      this.addSql(`create function transaction_days_payments() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${payment("old", "-1")}; end if;
          if tg_op in ('INSERT', 'UPDATE') then ${payment("new", "1")}; end if;
          return null;
        end $$`);
      this.addSql(
        "create trigger payments_transaction_days after insert or delete or update of status, venue_id, created_at, booking_date on payments " +
          "for each row execute function transaction_days_payments()",
      );
      this.addSql(`create function transaction_days_products() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then ${product("old", "-1")}; end if;
          if tg_op in ('INSERT', 'UPDATE') then ${product("new", "1")}; end if;
          return null;
        end $$`);
      this.addSql(
        "create trigger purchases_transaction_days after insert or delete or update of status, product_ref, created_at on purchases " +
          "for each row execute function transaction_days_products()",
      );
    } else {
      this.addSql(`create trigger payments_transaction_days_insert after insert on payments begin ${payment("new", "1")}; end`);
      this.addSql(`create trigger payments_transaction_days_update after update of status, venue_id, created_at, booking_date on payments begin
        ${payment("old", "-1")}; ${payment("new", "1")};
      end`);
      this.addSql(`create trigger payments_transaction_days_delete after delete on payments begin ${payment("old", "-1")}; end`);
      this.addSql(`create trigger purchases_transaction_days_insert after insert on purchases begin ${product("new", "1")}; end`);
      this.addSql(`create trigger purchases_transaction_days_update after update of status, product_ref, created_at on purchases begin
        ${product("old", "-1")}; ${product("new", "1")};
      end`);
      this.addSql(`create trigger purchases_transaction_days_delete after delete on purchases begin ${product("old", "-1")}; end`);
    }

    // What was written before this migration.
    for (const statement of rebuildTransactionDays(pg)) this.addSql(statement);
  }

  override down(): void {}
}

const monthOf = (pg: boolean, column: string) =>
  pg ? `'${MONTH_PREFIX}' || to_char(${column} at time zone 'UTC', 'YYYY-MM')` : `'${MONTH_PREFIX}' || substr(${column}, 1, 7)`;

/** transaction_days from the rows (the migration's backfill, and the bench's seed, which writes with the triggers off). */
export const rebuildTransactionDays = (pg: boolean): string[] => {
  const dayOf = (column: string) => (pg ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')` : `substr(${column}, 1, 10)`);
  return [
    "delete from transaction_days",
    "insert into transaction_days (day, venue_id, status, payments) " +
      `select ${dayOf("p.created_at")}, coalesce(p.venue_id, ''), p.status, count(*) from payments p ` +
      `group by ${dayOf("p.created_at")}, coalesce(p.venue_id, ''), p.status`,
    // `where true`: SQLite reads an upsert's SELECT unambiguously only with a WHERE
    "insert into transaction_days (day, venue_id, status, products) " +
      `select d.day, d.venue_id, d.status, count(*) from (select ${dayOf("p.created_at")} as day, ${productVenue("p")} as venue_id, p.status ` +
      "from purchases p) d where true group by d.day, d.venue_id, d.status " +
      "on conflict (day, venue_id, status) do update set products = transaction_days.products + excluded.products",
    // the months and 'all', from the days just written
    "insert into transaction_days (day, venue_id, status, payments, products) " +
      `select '${MONTH_PREFIX}' || substr(day, 1, 7), venue_id, status, sum(payments), sum(products) from transaction_days group by substr(day, 1, 7), venue_id, status`,
    "insert into transaction_days (day, venue_id, status, payments, products) " +
      `select '${ALL_DAYS}', venue_id, status, sum(payments), sum(products) from transaction_days where day < '${ALL_DAYS}' group by venue_id, status`,
    "insert into transaction_days (day, venue_id, status, payments) " +
      `select '${GAME_MONTH_PREFIX}' || substr(p.booking_date, 1, 7), coalesce(p.venue_id, ''), p.status, count(*) from payments p ` +
      "group by substr(p.booking_date, 1, 7), coalesce(p.venue_id, ''), p.status",
  ];
};
