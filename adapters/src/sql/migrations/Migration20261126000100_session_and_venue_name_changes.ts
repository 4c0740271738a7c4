import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * SQLite only, beside the counters of migrations ...001900 and ...000200 (data-changes.ts):
 * - `sessions`, bumped when a session row is changed or deleted (a logout, a new session id at
 *   login, an expired one pruned). A new row bumps nothing: no process can have kept it. The
 *   session store keeps the sessions it read while the counter stands (session-store.sql.ts).
 * - `courts` is now bumped by a venue's new name too: a court read for a booking carries its
 *   venue's name, and is kept under that counter (court-repository.sql.ts).
 */
export class Migration20261126000100SessionAndVenueNameChanges extends Migration {
  override up(): void {
    if (isPostgres(this.driver.getPlatform())) return;
    this.addSql("insert into data_changes (name, n) values ('sessions', 0)");
    const bump = (name: string) => `begin update data_changes set n = n + 1 where name = '${name}'; end`;
    this.addSql(`create trigger sessions_changes_update after update on sessions ${bump("sessions")}`);
    this.addSql(`create trigger sessions_changes_delete after delete on sessions ${bump("sessions")}`);
    this.addSql(`create trigger venues_name_update after update of name on venues ${bump("courts")}`);
  }

  override down(): void {
    if (isPostgres(this.driver.getPlatform())) return;
    for (const trigger of ["sessions_changes_update", "sessions_changes_delete", "venues_name_update"]) this.addSql(`drop trigger ${trigger}`);
    this.addSql("delete from data_changes where name = 'sessions'");
  }
}
