import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";

/** A booking with a match, open or closed (open_matches_booking_unique): only its writes can change the list. */
const HAS_MATCH = (booking: string) => `exists (select 1 from open_matches om where om.booking_id = ${booking})`;
/** The columns of a payment that the list reads: who paid a place, when, and the open intents holding one. */
const PAYMENT_COLUMNS = "booking_id, status, kind, share_token, user_id, paid_at, amount";

/**
 * The `open_matches` counter: it moves with every write that can change an answer of GET
 * /api/open-matches, which the server keeps per process while it stands (open-match-repository.sql.ts):
 * any write to a match (opened, closed, its range changed); a booking with a match whose status
 * or amounts change (a payment recorded, a leave, a cancellation); its share link's places; a
 * payment of it (a join's open intent, a share paid, refunded or cancelled) and a guest payer's
 * name; a player's name or level; a court's name or number, a venue's name, either removed.
 * Writes to bookings, links and payments without a match move nothing.
 *
 * SQLite: triggers bump the counter's row of data_changes in the writing transaction, as the
 * availability and courts counters (migrations ...20261123001900, ...20261124000200).
 * PostgreSQL: the triggers send the counter's name on `data_changes` at commit (change-notices.ts),
 * as migration ...20261126000200 does for the others.
 */
export class Migration20261208000950OpenMatchChanges extends Migration {
  override up(): void {
    if (isPostgres(this.driver.getPlatform())) return this.upPostgres();
    this.addSql("insert into data_changes (name, n) values ('open_matches', 0)");
    const bump = "begin update data_changes set n = n + 1 where name = 'open_matches'; end";
    const trigger = (name: string, event: string, when?: string) =>
      this.addSql(`create trigger open_matches_change_${name} after ${event} ${when === undefined ? "" : `when ${when} `}${bump}`);
    trigger("match_insert", "insert on open_matches");
    trigger("match_update", "update on open_matches");
    trigger("match_delete", "delete on open_matches");
    trigger("booking_update", "update of status, paid_amount, total_amount, game_type on bookings", HAS_MATCH("new.id"));
    trigger("link_insert", "insert on share_links", HAS_MATCH("new.booking_id"));
    trigger("link_update", "update on share_links", `${HAS_MATCH("new.booking_id")} or ${HAS_MATCH("old.booking_id")}`);
    trigger("link_delete", "delete on share_links", HAS_MATCH("old.booking_id"));
    trigger("payment_insert", "insert on payments", HAS_MATCH("new.booking_id"));
    trigger("payment_update", `update of ${PAYMENT_COLUMNS} on payments`, `${HAS_MATCH("new.booking_id")} or ${HAS_MATCH("old.booking_id")}`);
    trigger("payment_delete", "delete on payments", HAS_MATCH("old.booking_id"));
    const payerOfMatch = (payment: string) => `exists (select 1 from payments p where p.id = ${payment} and ${HAS_MATCH("p.booking_id")})`;
    trigger("payer_insert", "insert on payment_payers", payerOfMatch("new.payment_id"));
    trigger("payer_update", "update on payment_payers", `${payerOfMatch("new.payment_id")} or ${payerOfMatch("old.payment_id")}`);
    trigger("payer_delete", "delete on payment_payers", payerOfMatch("old.payment_id"));
    trigger("user_update", "update of full_name, username, level_tenths on users");
    trigger("court_update", "update of name, court_number on courts");
    trigger("court_delete", "delete on courts");
    trigger("venue_update", "update of name on venues");
    trigger("venue_delete", "delete on venues");
  }

  /**
   * Row triggers that look the booking up (a WHEN clause cannot), then notify; PostgreSQL sends
   * one notice per payload and transaction, however many rows notified.
   */
  private upPostgres(): void {
    this.addSql(`create function notify_open_match_change() returns trigger language plpgsql as $$
      declare
        ids text[] := array[]::text[];
      begin
        if tg_op <> 'DELETE' then ids := ids || (to_jsonb(new) ->> tg_argv[0]); end if;
        if tg_op <> 'INSERT' then ids := ids || (to_jsonb(old) ->> tg_argv[0]); end if;
        if tg_argv[1] = 'payment' then
          if exists (select 1 from payments p join open_matches om on om.booking_id = p.booking_id where p.id = any(ids)) then
            perform pg_notify('data_changes', 'open_matches');
          end if;
        elsif exists (select 1 from open_matches om where om.booking_id = any(ids)) then
          perform pg_notify('data_changes', 'open_matches');
        end if;
        return null;
      end
    $$`);
    const ofBooking = (column: string, kind = "booking") => `for each row execute function notify_open_match_change('${column}', '${kind}')`;
    const always = "for each statement execute function notify_data_change('open_matches')";
    for (const sql of [
      `create trigger open_matches_notice_match after insert or update or delete or truncate on open_matches ${always}`,
      "create trigger open_matches_notice_booking after update of status, paid_amount, total_amount, game_type on bookings for each row " +
        "when (old.status is distinct from new.status or old.paid_amount is distinct from new.paid_amount or " +
        "old.total_amount is distinct from new.total_amount or old.game_type is distinct from new.game_type) " +
        "execute function notify_open_match_change('id', 'booking')",
      `create trigger open_matches_notice_link after insert or update or delete on share_links ${ofBooking("booking_id")}`,
      `create trigger open_matches_notice_payment after insert or update of ${PAYMENT_COLUMNS} or delete on payments ${ofBooking("booking_id")}`,
      `create trigger open_matches_notice_payer after insert or update or delete on payment_payers ${ofBooking("payment_id", "payment")}`,
      "create trigger open_matches_notice_user after update of full_name, username, level_tenths on users for each row " +
        "when (old.full_name is distinct from new.full_name or old.username is distinct from new.username or old.level_tenths is distinct from new.level_tenths) " +
        "execute function notify_data_change('open_matches')",
      `create trigger open_matches_notice_court after update of name, court_number or delete or truncate on courts ${always}`,
      `create trigger open_matches_notice_venue after update of name or delete or truncate on venues ${always}`,
    ])
      this.addSql(sql);
  }

  override down(): void {
    if (isPostgres(this.driver.getPlatform())) {
      for (const [name, table] of [
        ["match", "open_matches"],
        ["booking", "bookings"],
        ["link", "share_links"],
        ["payment", "payments"],
        ["payer", "payment_payers"],
        ["user", "users"],
        ["court", "courts"],
        ["venue", "venues"],
      ])
        this.addSql(`drop trigger open_matches_notice_${name} on ${table}`);
      this.addSql("drop function notify_open_match_change()");
      return;
    }
    for (const name of [
      "match_insert",
      "match_update",
      "match_delete",
      "booking_update",
      "link_insert",
      "link_update",
      "link_delete",
      "payment_insert",
      "payment_update",
      "payment_delete",
      "payer_insert",
      "payer_update",
      "payer_delete",
      "user_update",
      "court_update",
      "court_delete",
      "venue_update",
      "venue_delete",
    ])
      this.addSql(`drop trigger open_matches_change_${name}`);
    this.addSql("delete from data_changes where name = 'open_matches'");
  }
}
