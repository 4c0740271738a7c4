import type { User } from "./entities.js";

/** Accounts a person owns (DESIGN.md section 13): what configuration decides. */
export interface AccountPolicy {
  /** the region a phone without a country code is read in (PHONE_REGION) */
  readonly phoneRegion: string;
  /** a password-reset link works this long (PASSWORD_RESET_MINUTES) */
  readonly passwordResetMinutes: number;
  /** an email-confirmation link works this long */
  readonly verifyEmailHours: number;
}

export const DEFAULT_ACCOUNT_POLICY: AccountPolicy = { phoneRegion: "EC", passwordResetMinutes: 60, verifyEmailHours: 72 };

export type TokenPurpose = "password-reset" | "verify-email";

/** A one-time link's token as stored: its SHA-256 only, never the token. */
export interface AccountToken {
  readonly tokenHash: string;
  readonly userId: string;
  readonly purpose: TokenPurpose;
  /** the address the link was sent to: a confirmation counts only while it is still the account's */
  readonly email: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly usedAt: Date | null;
}

/** How a person is named to others (desk, schedule, invoices, transactions, mail): their full name when they gave one. */
/** Text as the desk's search compares it: lower case, without accents ("José Peña" -> "jose pena"). */
export const searchable = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** What the desk's search looks in for a player: their name, username and email, searchable. */
export const userSearchText = (user: Pick<User, "fullName" | "username" | "email">): string => searchable(`${user.fullName ?? ""} ${user.username} ${user.email}`);

export const displayName = (user: Pick<User, "fullName" | "username">): string => user.fullName ?? user.username;
