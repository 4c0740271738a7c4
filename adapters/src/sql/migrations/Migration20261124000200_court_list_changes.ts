import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * SQLite only, beside the availability counter (migration ...001900): a counter of the writes that
 * can change the courts of a venue as GET /api/venues/{id}/courts answers them (any column of a
 * court; a venue removed), bumped by triggers in the writing transaction. The read model keeps
 * those answers while the counter stands (catalog-queries.sql.ts).
 */
export class Migration20261124000200CourtListChanges extends Migration {
  override up(): void {
    if (isPostgres(this.driver.getPlatform())) return;
    this.addSql("insert into data_changes (name, n) values ('courts', 0)");
    const bump = "begin update data_changes set n = n + 1 where name = 'courts'; end";
    this.addSql(`create trigger courts_list_insert after insert on courts ${bump}`);
    this.addSql(`create trigger courts_list_update after update on courts ${bump}`);
    this.addSql(`create trigger courts_list_delete after delete on courts ${bump}`);
    this.addSql(`create trigger venues_list_delete after delete on venues ${bump}`);
  }

  override down(): void {
    if (isPostgres(this.driver.getPlatform())) return;
    for (const trigger of ["courts_list_insert", "courts_list_update", "courts_list_delete", "venues_list_delete"]) this.addSql(`drop trigger ${trigger}`);
    this.addSql("delete from data_changes where name = 'courts'");
  }
}
