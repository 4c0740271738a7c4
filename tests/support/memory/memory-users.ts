import { searchable, userSearchText, type User, type UserConflict, type UserRepository } from "@courts/core";
import type { MemoryState } from "./state.js";

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const memoryUsers = (state: MemoryState): UserRepository => {
  const customers = new Map<string, string>();
  const conflict = (candidate: { id: string; username: string; email: string }): UserConflict | undefined => {
    for (const u of state.users.values()) {
      if (u.id === candidate.id) continue;
      if (sameText(u.username, candidate.username)) return "username-taken";
      if (candidate.email !== "" && sameText(u.email, candidate.email)) return "email-taken";
    }
    return undefined;
  };
  return {
    async paymentCustomerOf(id) {
      return customers.get(id) ?? null;
    },
    async setPaymentCustomer(id, customerId) {
      if (!customers.has(id)) customers.set(id, customerId);
    },
    async findById(id) {
      return state.users.get(id);
    },
    async findByUsername(username) {
      return [...state.users.values()].find((u) => sameText(u.username, username));
    },
    async findByEmail(email) {
      if (email.trim() === "") return undefined;
      return [...state.users.values()].find((u) => sameText(u.email, email.trim()));
    },
    async search(text, digits, limit) {
      return [...state.users.values()]
        .filter((u) => !u.isAdmin && (userSearchText(u).includes(searchable(text)) || (digits !== null && (u.phone ?? "").includes(digits))))
        .sort((a, b) => (a.fullName ?? a.username).localeCompare(b.fullName ?? b.username) || a.id.localeCompare(b.id))
        .slice(0, limit);
    },
    async confirmEmail(id, email) {
      const current = state.users.get(id);
      if (!current || !sameText(current.email, email)) return false;
      state.users.set(id, { ...current, emailVerified: true });
      return true;
    },
    async insert(user) {
      if (state.users.has(user.id)) throw new Error(`duplicate user id ${user.id}`);
      const taken = conflict(user);
      if (taken) return taken;
      state.users.set(user.id, user);
      return user;
    },
    async updateProfile(id, profile) {
      const current = state.users.get(id);
      if (!current) return undefined;
      const taken = conflict({ id, ...profile });
      if (taken) return taken;
      const next: User = { ...current, ...profile, emailVerified: sameText(current.email, profile.email) && current.emailVerified };
      state.users.set(id, next);
      return next;
    },
    async setPassword(id, passwordHash) {
      const current = state.users.get(id);
      if (current) state.users.set(id, { ...current, passwordHash });
    },
    async setAdmin(id, isAdmin) {
      const current = state.users.get(id);
      if (current) state.users.set(id, { ...current, isAdmin });
    },
    async countAdmins() {
      return [...state.users.values()].filter((u) => u.isAdmin).length;
    },
  };
};
