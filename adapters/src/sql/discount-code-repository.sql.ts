import { normalizeCode, type DiscountCodeRepository } from "@courts/core";
import { DISCOUNT_CODE_COLUMNS, insertDiscountCode, toDiscountCode } from "./mappers.js";
import { findOne, isoOrNull } from "./rows.js";
import { violates, type Param, type SqlClient } from "./sql-client.js";

/** Reserves one use of an active code (parameters: its id, true); never past max_usage. */
export const RESERVE_USE =
  "update discount_codes set usage_count = usage_count + 1 where id = ? and is_active = ? and (max_usage is null or usage_count < max_usage)";
/** Gives one reserved use of a code back (never below zero). */
export const RELEASE_USE = "update discount_codes set usage_count = usage_count - 1 where id = ? and usage_count > 0";

export const sqlDiscountCodeRepository = (sql: SqlClient): DiscountCodeRepository => {
  const findById = (id: string) => findOne(sql, `select ${DISCOUNT_CODE_COLUMNS} from discount_codes d where d.id = ?`, [id], toDiscountCode);
  return {
    findById,
    async list() {
      const rows = await sql.all(`select ${DISCOUNT_CODE_COLUMNS} from discount_codes d order by d.created_at desc, d.id`);
      return rows.map(toDiscountCode);
    },
    findByCode(code) {
      return findOne(sql, `select ${DISCOUNT_CODE_COLUMNS} from discount_codes d where d.code = ?`, [normalizeCode(code)], toDiscountCode);
    },
    async insert(code) {
      try {
        await sql.run(...insertDiscountCode(code));
        return code;
      } catch (error) {
        if (violates(error, "discount_codes_code_unique", "discount_codes.code")) return "duplicate";
        throw error;
      }
    },
    async update(id, change) {
      // only the fields given (an explicit null clears one)
      const fields: Record<string, Param | undefined> = {
        type: change.type,
        value: change.value,
        max_usage: change.maxUsage,
        expires_at: change.expiresAt === undefined ? undefined : isoOrNull(change.expiresAt),
        is_active: change.isActive,
      };
      const given = Object.entries(fields).filter((entry): entry is [string, Param] => entry[1] !== undefined);
      if (given.length > 0) {
        const columns = given.map(([column]) => `${column} = ?`).join(", ");
        const changed = await sql.run(`update discount_codes set ${columns} where id = ?`, [...given.map(([, value]) => value), id]);
        if (changed === 0) return undefined;
      }
      return findById(id);
    },
  };
};
