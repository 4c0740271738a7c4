import type { AccountToken, AccountTokenRepository, TokenPurpose } from "@courts/core";
import { findOne, instant, instantOrNull, iso, str } from "./rows.js";
import type { Row, SqlClient } from "./sql-client.js";

const toToken = (r: Row): AccountToken => ({
  tokenHash: str(r, "token_hash"),
  userId: str(r, "user_id"),
  purpose: str(r, "purpose") as TokenPurpose,
  email: str(r, "email"),
  createdAt: instant(r, "created_at"),
  expiresAt: instant(r, "expires_at"),
  usedAt: instantOrNull(r, "used_at"),
});

const COLUMNS = "token_hash, user_id, purpose, email, created_at, expires_at, used_at";

export const sqlAccountTokens = (sql: SqlClient): AccountTokenRepository => ({
  async issue(token) {
    await sql.transaction(async (tx) => {
      // an earlier link of the same purpose stops working: only the newest mail's link counts
      await tx.run("update account_tokens set used_at = ? where user_id = ? and purpose = ? and used_at is null", [
        iso(token.createdAt),
        token.userId,
        token.purpose,
      ]);
      await tx.run(`insert into account_tokens (${COLUMNS}) values (?, ?, ?, ?, ?, ?, null)`, [
        token.tokenHash,
        token.userId,
        token.purpose,
        token.email,
        iso(token.createdAt),
        iso(token.expiresAt),
      ]);
    });
  },
  async use(tokenHash, purpose, at) {
    const used = await sql.run("update account_tokens set used_at = ? where token_hash = ? and purpose = ? and used_at is null and expires_at > ?", [
      iso(at),
      tokenHash,
      purpose,
      iso(at),
    ]);
    const token = await findOne(sql, `select ${COLUMNS} from account_tokens where token_hash = ? and purpose = ?`, [tokenHash, purpose], toToken);
    if (token === undefined) return undefined;
    return used === 1 ? token : "gone";
  },
});
