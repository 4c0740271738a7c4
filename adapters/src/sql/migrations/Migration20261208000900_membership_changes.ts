import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/** What a membership read for a booking carries: a reminder sent (reminded_at) changes none of it. */
const KEPT_COLUMNS = "user_id, plan_id, venue_id, name, discount_percent, window_days, starts_at, ends_at, paid_by, purchase_id";

/**
 * A `memberships` counter (data-changes.ts), as the `courts` one: moved by every write that can
 * change a player's membership of a venue as a booking reads it (one recorded, by card or at the
 * desk; changed; removed), in the writing transaction on SQLite and by a notice at its commit on
 * PostgreSQL (change-notices.ts). The live memberships of a venue are kept per process while it
 * stands (membership-repository.sql.ts), so most players, members of nothing, book with no
 * statement for it. Expiry is no write: the kept end date is compared with the clock at use.
 * The venue's live memberships are read by memberships_venue_idx.
 */
export class Migration20261208000900MembershipChanges extends Migration {
  override up(): void {
    this.addSql("create index memberships_venue_idx on memberships (venue_id, ends_at)");
    if (!isPostgres(this.driver.getPlatform())) {
      this.addSql("insert into data_changes (name, n) values ('memberships', 0)");
      const bump = "begin update data_changes set n = n + 1 where name = 'memberships'; end";
      this.addSql(`create trigger memberships_changes_insert after insert on memberships ${bump}`);
      this.addSql(`create trigger memberships_changes_update after update of ${KEPT_COLUMNS} on memberships ${bump}`);
      this.addSql(`create trigger memberships_changes_delete after delete on memberships ${bump}`);
      return;
    }
    this.addSql(
      `create trigger memberships_notice after insert or update of ${KEPT_COLUMNS} or delete or truncate on memberships ` +
        "for each statement execute function notify_data_change('memberships')",
    );
  }

  override down(): void {
    if (!isPostgres(this.driver.getPlatform())) {
      for (const trigger of ["memberships_changes_insert", "memberships_changes_update", "memberships_changes_delete"]) this.addSql(`drop trigger ${trigger}`);
      this.addSql("delete from data_changes where name = 'memberships'");
    } else {
      this.addSql("drop trigger memberships_notice on memberships");
    }
    this.addSql("drop index memberships_venue_idx");
  }
}
