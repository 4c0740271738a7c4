import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/** What each table adds to a player's row of player_history_counts. */
const COUNTED = { bookings: "bookings", payments: "payments" } as const;

/** Every player's counts, from the rows as they are (this migration, and a bulk load's rebuild). */
export const REBUILD_PLAYER_HISTORY_COUNTS =
  "insert into player_history_counts (user_id, bookings, payments) " +
  "select user_id, sum(bookings), sum(payments) from (" +
  "select user_id, count(*) as bookings, 0 as payments from bookings group by user_id " +
  "union all select user_id, 0, count(*) from payments group by user_id) counted group by user_id";

/**
 * How many bookings and payments each player has, kept by triggers in the same transaction as
 * every insert and delete of a booking or payment, whichever code makes it. A player's lists
 * answer their total (X-Total-Count) from this one row instead of counting the whole history on
 * every page: at ten times the history that count was most of a heavy player's page on
 * PostgreSQL. A row's player never changes, so updates do not move a count.
 */
export class Migration20261125000100PlayerHistoryCounts extends Migration {
  override up(): void {
    const pg = isPostgres(this.driver.getPlatform());
    this.addSql(`create table player_history_counts (
      user_id text primary key,
      bookings integer not null default 0,
      payments integer not null default 0
    )`);
    for (const [table, column] of Object.entries(COUNTED)) {
      // SQLite allows no table alias inside a trigger's upsert: the table's own name serves both.
      const add = `insert into player_history_counts (user_id, ${column}) values (new.user_id, 1) on conflict (user_id) do update set ${column} = player_history_counts.${column} + 1`;
      const remove = `update player_history_counts set ${column} = ${column} - 1 where user_id = old.user_id`;
      if (pg) {
        this.addSql(`create function ${table}_history_count() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              ${add};
            else
              ${remove};
            end if;
            return null;
          end $$`);
        this.addSql(`create trigger ${table}_history_count after insert or delete on ${table} for each row execute function ${table}_history_count()`);
      } else {
        this.addSql(`create trigger ${table}_history_count_insert after insert on ${table} begin ${add}; end`);
        this.addSql(`create trigger ${table}_history_count_delete after delete on ${table} begin ${remove}; end`);
      }
    }
    this.addSql(REBUILD_PLAYER_HISTORY_COUNTS);
  }

  override down(): void {
    const pg = isPostgres(this.driver.getPlatform());
    for (const table of Object.keys(COUNTED)) {
      if (pg) {
        this.addSql(`drop trigger ${table}_history_count on ${table}`);
        this.addSql(`drop function ${table}_history_count()`);
      } else {
        this.addSql(`drop trigger ${table}_history_count_insert`);
        this.addSql(`drop trigger ${table}_history_count_delete`);
      }
    }
    this.addSql("drop table player_history_counts");
  }
}
