import type { AccountToken, TokenPurpose } from "../domain/account.js";

export interface AccountTokenRepository {
  /** stores a new token; the user's earlier unused tokens of the same purpose stop working */
  issue(token: AccountToken): Promise<void>;
  /**
   * Uses a token once: marks it used when it exists for `purpose`, is unused and has not expired
   * at `at` (one conditional UPDATE, so two requests never both use it). "gone" for a used or
   * expired token, undefined for one that never existed.
   */
  use(tokenHash: string, purpose: TokenPurpose, at: Date): Promise<AccountToken | "gone" | undefined>;
}
