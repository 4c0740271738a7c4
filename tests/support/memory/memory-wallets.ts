import type { PurchaseRepository, WalletRepository } from "@courts/core";

const fails = (what: string) => (): never => {
  throw new Error(`${what} is not kept in memory: wallet suites run on the SQL repositories (tests/http/wallet.test.ts)`);
};

/** Wallets and purchases live in the SQL suites; a use-case test that reaches one fails loudly. */
export const unimplementedWallets = (): WalletRepository => ({
  balanceOf: async () => 0,
  pageEntries: async (_userId, { page, pageSize }) => ({ items: [], total: 0, page, pageSize }),
  adjust: fails("WalletRepository.adjust"),
});

export const unimplementedPurchases = (): PurchaseRepository => ({
  insertPending: fails("PurchaseRepository.insertPending"),
  findById: async () => undefined,
  findByIntent: async () => undefined,
  markSucceeded: fails("PurchaseRepository.markSucceeded"),
  markFailed: fails("PurchaseRepository.markFailed"),
  claimPending: async () => [],
  releaseClaim: async () => undefined,
  totals: async () => ({ amount: 0, fees: 0, count: 0 }),
  page: async ({ page, pageSize }) => ({ items: [], total: 0, page, pageSize }),
  pageOfUser: async (_userId, { page, pageSize }) => ({ items: [], total: 0, page, pageSize }),
});
