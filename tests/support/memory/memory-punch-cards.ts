import type { MembershipRepository, PunchCardRepository } from "@courts/core";

const fails = (what: string) => (): never => {
  throw new Error(`${what} is not kept in memory: punch card suites run on the SQL repositories (tests/http/punch-cards.test.ts)`);
};

/** Punch cards live in the SQL suites; a use-case test that reaches one fails loudly. */
export const unimplementedPunchCards = (): PunchCardRepository => ({
  insertProduct: fails("PunchCardRepository.insertProduct"),
  findProduct: async () => undefined,
  listProducts: async () => [],
  deactivateProduct: fails("PunchCardRepository.deactivateProduct"),
  insertCard: fails("PunchCardRepository.insertCard"),
  findCard: async () => undefined,
  listCards: async () => [],
  recordPayment: fails("PunchCardRepository.recordPayment"),
});

/** Memberships live in the SQL suites: nobody is a member in memory. */
export const noMemberships = (): MembershipRepository => ({
  insertPlan: fails("MembershipRepository.insertPlan"),
  findPlan: async () => undefined,
  listPlans: async () => [],
  deactivatePlan: async () => false,
  activeFor: async () => undefined,
  listByUser: async () => [],
  dueReminders: async () => [],
  markReminded: async () => undefined,
});
