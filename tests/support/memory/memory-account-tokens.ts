import type { AccountToken, AccountTokenRepository } from "@courts/core";

/** Same semantics as account-tokens.sql.ts: a newer token of a purpose retires the older ones. */
export const memoryAccountTokens = (): AccountTokenRepository => {
  const tokens = new Map<string, AccountToken>();
  return {
    async issue(token) {
      for (const [hash, t] of tokens)
        if (t.userId === token.userId && t.purpose === token.purpose && t.usedAt === null) tokens.set(hash, { ...t, usedAt: token.createdAt });
      tokens.set(token.tokenHash, token);
    },
    async use(tokenHash, purpose, at) {
      const token = tokens.get(tokenHash);
      if (!token || token.purpose !== purpose) return undefined;
      if (token.usedAt !== null || token.expiresAt.getTime() <= at.getTime()) return "gone";
      tokens.set(tokenHash, { ...token, usedAt: at });
      return token;
    },
  };
};
