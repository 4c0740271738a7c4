import { searchable, userSearchText, type User, type UserConflict, type UserRepository } from "@courts/core";
import { caseKey, insertUser, toUser, USER_COLUMNS } from "./mappers.js";
import { findOne, int } from "./rows.js";
import { violates, type SqlClient } from "./sql-client.js";

export { caseKey };

const conflictOf = (error: unknown): UserConflict | undefined => {
  if (violates(error, "users_username_key_unique", "users.username_key")) return "username-taken";
  if (violates(error, "users_email_key_unique", "users.email_key")) return "email-taken";
  return undefined;
};

export const sqlUserRepository = (sql: SqlClient): UserRepository => {
  const findById = (id: string) => findOne(sql, `select ${USER_COLUMNS} from users u where u.id = ?`, [id], toUser);
  return {
    findById,
    findByUsername(username) {
      return findOne(sql, `select ${USER_COLUMNS} from users u where u.username_key = ?`, [caseKey(username)], toUser);
    },
    findByEmail(email) {
      if (email.trim() === "") return Promise.resolve(undefined);
      return findOne(sql, `select ${USER_COLUMNS} from users u where u.email_key = ?`, [caseKey(email.trim())], toUser);
    },
    async search(text, digits, limit) {
      const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byPhone = digits === null ? "" : " or u.phone like ? escape '\\'";
      const rows = await sql.all(
        `select ${USER_COLUMNS} from users u where u.is_admin = ? and (u.search_key like ? escape '\\'${byPhone}) ` +
          "order by coalesce(u.full_name, u.username), u.id limit ?",
        [false, like(searchable(text)), ...(digits === null ? [] : [like(digits)]), limit],
      );
      return rows.map(toUser);
    },
    async insert(user) {
      try {
        await sql.run(...insertUser(user));
        return user;
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return conflict;
        throw error;
      }
    },
    async updateProfile(id, profile): Promise<User | UserConflict | undefined> {
      try {
        const changed = await sql.run(
          "update users set email_verified = case when email_key = ? then email_verified else ? end, " +
            "username = ?, email = ?, username_key = ?, email_key = ?, full_name = ?, phone = ?, search_key = ? where id = ?",
          [
            caseKey(profile.email),
            false,
            profile.username,
            profile.email,
            caseKey(profile.username),
            caseKey(profile.email),
            profile.fullName,
            profile.phone,
            userSearchText(profile),
            id,
          ],
        );
        if (changed === 0) return undefined;
        if (profile.level !== undefined)
          await sql.run("update users set level_tenths = ? where id = ?", [profile.level === null ? null : Math.round(profile.level * 10), id]);
        if (profile.matchDigest !== undefined) await sql.run("update users set match_digest = ? where id = ?", [profile.matchDigest, id]);
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return conflict;
        throw error;
      }
      return findById(id);
    },
    async setPassword(id, passwordHash) {
      await sql.run("update users set password_hash = ? where id = ?", [passwordHash, id]);
    },
    async confirmEmail(id, email) {
      return (await sql.run("update users set email_verified = ? where id = ? and email_key = ?", [true, id, caseKey(email)])) === 1;
    },
    async setAdmin(id, isAdmin) {
      await sql.run("update users set is_admin = ? where id = ?", [isAdmin, id]);
    },
    async countAdmins() {
      const row = await sql.one("select count(*) as n from users where is_admin = ?", [true]);
      return row ? int(row, "n") : 0;
    },
    async paymentCustomerOf(id) {
      const row = await sql.one("select payment_customer_id from users where id = ?", [id]);
      const value = row?.payment_customer_id;
      return typeof value === "string" ? value : null;
    },
    async setPaymentCustomer(id, customerId) {
      // the first Customer stays: a concurrent second one is never used
      await sql.run("update users set payment_customer_id = ? where id = ? and payment_customer_id is null", [customerId, id]);
    },
  };
};
