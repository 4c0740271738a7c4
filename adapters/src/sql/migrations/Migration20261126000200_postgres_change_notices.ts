import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/**
 * PostgreSQL only: the notices that move the `courts` and `sessions` counters of every server
 * process (change-notices.ts), for the same writes as SQLite's triggers of migrations ...000200
 * and ...20261126000100: any write to a court; a venue renamed or removed; a session row changed
 * or deleted (a new row notifies nothing: no process can have kept it). PostgreSQL sends a notice
 * at the commit of the transaction that wrote, once per distinct payload.
 */
export class Migration20261126000200PostgresChangeNotices extends Migration {
  override up(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql(`create function notify_data_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('data_changes', tg_argv[0]);
        return null;
      end
    $$`);
    const notify = (name: string) => `execute function notify_data_change('${name}')`;
    this.addSql(`create trigger courts_notice after insert or update or delete or truncate on courts for each statement ${notify("courts")}`);
    this.addSql(`create trigger venues_notice after update of name or delete or truncate on venues for each statement ${notify("courts")}`);
    this.addSql(`create trigger sessions_notice after update or delete on sessions for each row ${notify("sessions")}`);
    this.addSql(`create trigger sessions_truncate_notice after truncate on sessions for each statement ${notify("sessions")}`);
  }

  override down(): void {
    if (!isPostgres(this.driver.getPlatform())) return;
    this.addSql("drop trigger sessions_truncate_notice on sessions");
    this.addSql("drop trigger sessions_notice on sessions");
    this.addSql("drop trigger venues_notice on venues");
    this.addSql("drop trigger courts_notice on courts");
    this.addSql("drop function notify_data_change()");
  }
}
