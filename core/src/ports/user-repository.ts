import type { User } from "../domain/entities.js";

export type UserConflict = "username-taken" | "email-taken";

/** What a player edits of their account; an email other than the stored one is unconfirmed again. */
export interface ProfileChange {
  readonly email: string;
  readonly username: string;
  readonly fullName: string | null;
  readonly phone: string | null;
  /** absent: stays as it is; null clears it */
  readonly level?: number | null;
  /** absent: stays as it is */
  readonly matchDigest?: boolean;
}

export interface UserRepository {
  findById(id: string): Promise<User | undefined>;
  /** case-insensitive */
  findByUsername(username: string): Promise<User | undefined>;
  /** case-insensitive; never a walk-in without an email */
  findByEmail(email: string): Promise<User | undefined>;
  /**
   * Players (not admins) whose name, username or email contains `text` (accents and case aside),
   * or whose phone contains `digits` when given; at most `limit`, by name.
   */
  search(text: string, digits: string | null, limit: number): Promise<User[]>;
  insert(user: User): Promise<User | UserConflict>;
  updateProfile(id: string, profile: ProfileChange): Promise<User | UserConflict | undefined>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  /** confirms the email, only while `email` is still the account's; false when it is not */
  confirmEmail(id: string, email: string): Promise<boolean>;
  setAdmin(id: string, isAdmin: boolean): Promise<void>;
  countAdmins(): Promise<number>;
  /** the player's Customer at the card provider (saved cards), once created */
  paymentCustomerOf(id: string): Promise<string | null>;
  setPaymentCustomer(id: string, customerId: string): Promise<void>;
}
