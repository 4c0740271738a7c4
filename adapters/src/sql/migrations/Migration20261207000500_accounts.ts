import { Migration } from "@mikro-orm/migrations";
import { isPostgres } from "../instant-type.js";
import { dialectOf } from "./dialect.js";

/**
 * Accounts a person owns (DESIGN.md section 13):
 * - a player's real name and phone (E.164), and whether their email was confirmed. Accounts made
 *   before confirmation existed count as confirmed: nothing they could do before is taken away.
 * - walk-in players the desk creates without a password or an email: an empty password hash
 *   never verifies, and the email's uniqueness covers only the accounts that have one.
 * - one-time tokens for password reset and email confirmation, stored as their SHA-256.
 * - `search_key`: name, username and email lower-cased and without accents (written in JavaScript,
 *   as the case keys are), so the desk finds "José" by typing "jose".
 * - each session row names its user, so a password change can end the user's other sessions.
 */
export class Migration20261207000500Accounts extends Migration {
  override up(): void {
    const { instant } = dialectOf(this.driver.getPlatform());
    this.addSql("alter table users add column full_name text null");
    this.addSql("alter table users add column phone text null");
    this.addSql("alter table users add column email_verified boolean not null default false");
    this.addSql("update users set email_verified = true");
    this.addSql("alter table users add column search_key text not null default ''");
    this.addSql("update users set search_key = username_key || ' ' || email_key");
    this.addSql("drop index users_email_key_unique");
    this.addSql("create unique index users_email_key_unique on users (email_key) where email_key <> ''");

    this.addSql(`create table account_tokens (
      token_hash text primary key,
      user_id text not null references users (id) on delete cascade,
      purpose text not null check (purpose in ('password-reset', 'verify-email')),
      email text not null,
      created_at ${instant} not null,
      expires_at ${instant} not null,
      used_at ${instant} null
    )`);
    this.addSql("create index account_tokens_user_idx on account_tokens (user_id, purpose)");

    this.addSql("alter table sessions add column user_id text null");
    this.addSql("create index sessions_user_idx on sessions (user_id)");
    const data = isPostgres(this.driver.getPlatform()) ? "data::json" : "data";
    this.addSql(`update sessions set user_id = coalesce(${data} ->> 'userId', ${data} ->> 'adminId')`);
  }

  override down(): void {}
}
