import type { User, UserConflict, UserRepository } from "@courts/core";
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
        const changed = await sql.run("update users set username = ?, email = ?, username_key = ?, email_key = ? where id = ?", [
          profile.username,
          profile.email,
          caseKey(profile.username),
          caseKey(profile.email),
          id,
        ]);
        if (changed === 0) return undefined;
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
