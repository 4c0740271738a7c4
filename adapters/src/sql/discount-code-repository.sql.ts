import { normalizeCode, type DiscountCodeRepository } from "@courts/core";
import { DiscountCodeSchema, type DiscountCodeRow } from "./entities.js";
import { DISCOUNT_CODE_COLUMNS, toDiscountCode } from "./mappers.js";
import { findOne } from "./rows.js";
import { violates, type SqlClient } from "./sql-client.js";

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
        await sql.fork().insert(DiscountCodeSchema, { ...code });
        return code;
      } catch (error) {
        if (violates(error, "discount_codes_code_unique", "discount_codes.code")) return "duplicate";
        throw error;
      }
    },
    async update(id, change) {
      const defined: Partial<DiscountCodeRow> = {};
      if (change.type !== undefined) defined.type = change.type;
      if (change.value !== undefined) defined.value = change.value;
      if (change.maxUsage !== undefined) defined.maxUsage = change.maxUsage;
      if (change.expiresAt !== undefined) defined.expiresAt = change.expiresAt;
      if (change.isActive !== undefined) defined.isActive = change.isActive;
      if (Object.keys(defined).length > 0) {
        const changed = await sql.fork().nativeUpdate(DiscountCodeSchema, { id }, defined);
        if (changed === 0) return undefined;
      }
      return findById(id);
    },
  };
};
