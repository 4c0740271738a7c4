import type { User } from "../domain/entities.js";

export type UserConflict = "username-taken" | "email-taken";

export interface UserRepository {
  findById(id: string): Promise<User | undefined>;
  /** case-insensitive */
  findByUsername(username: string): Promise<User | undefined>;
  insert(user: User): Promise<User | UserConflict>;
  updateProfile(id: string, profile: { email: string; username: string }): Promise<User | UserConflict | undefined>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  setAdmin(id: string, isAdmin: boolean): Promise<void>;
  countAdmins(): Promise<number>;
  /** the player's Customer at the card provider (saved cards), once created */
  paymentCustomerOf(id: string): Promise<string | null>;
  setPaymentCustomer(id: string, customerId: string): Promise<void>;
}
