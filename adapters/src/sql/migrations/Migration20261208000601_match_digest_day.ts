import { Migration } from "@mikro-orm/migrations";

/**
 * The daily mail of new open matches (DESIGN.md section 17): the club-local day a player's mail was
 * last done, so each sweep pass reads only the players still to mail today (set by a conditional
 * UPDATE, so two processes never mail one player twice; the outbox's event key holds that too).
 */
export class Migration20261208000601MatchDigestDay extends Migration {
  override up(): void {
    this.addSql("alter table users add column match_digest_on text null");
  }
}
