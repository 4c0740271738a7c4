import { DEFAULT_ACCOUNT_POLICY, DEFAULT_BOOKING_POLICY, type InvoiceRenderer, type PaymentGateway, type Ports, type Repositories } from "@courts/core";
import { fakePasswordHasher, fixedClock, sequentialIds } from "./fakes.js";
import { memoryAccountTokens } from "./memory-account-tokens.js";
import { memoryBallots } from "./memory-ballots.js";
import { memoryBlocks } from "./memory-blocks.js";
import { memoryBookings } from "./memory-bookings.js";
import { memoryCatalog } from "./memory-catalog.js";
import { memoryCourts } from "./memory-courts.js";
import { memoryDiscountCodes } from "./memory-discount-codes.js";
import { memoryImages } from "./memory-images.js";
import { memoryNotifications, memoryOutbox, memoryWaitlist } from "./memory-notifications.js";
import { memoryOpenMatches } from "./memory-open-matches.js";
import { memoryPayments } from "./memory-payments.js";
import { memoryRefunds } from "./memory-refunds.js";
import { unimplementedReports } from "./memory-reports.js";
import { memoryEvents } from "./memory-events.js";
import { memoryShareLinks } from "./memory-share-links.js";
import { memoryUsers } from "./memory-users.js";
import { memoryVenues } from "./memory-venues.js";
import { noMemberships, unimplementedPunchCards } from "./memory-punch-cards.js";
import { unimplementedPurchases, unimplementedWallets } from "./memory-wallets.js";
import { emptyState, type MemoryState } from "./state.js";

export { fakePasswordHasher, fixedClock, sequentialIds, type SettableClock } from "./fakes.js";
export { memoryIntentStore as memorySimulatedIntents } from "../memory-intent-store.js";
export type { MemoryState } from "./state.js";
export { memoryNotifications, memoryOutbox, memoryWaitlist } from "./memory-notifications.js";

/** Every repository port over one shared in-memory state (same semantics as the SQL ones). */
export const memoryRepositories = (state: MemoryState = emptyState()): Repositories => ({
  users: memoryUsers(state),
  accountTokens: memoryAccountTokens(),
  venues: memoryVenues(state),
  courts: memoryCourts(state),
  bookings: memoryBookings(state),
  catalog: memoryCatalog(state),
  payments: memoryPayments(state),
  refunds: memoryRefunds(state),
  wallets: unimplementedWallets(),
  purchases: unimplementedPurchases(),
  punchCards: unimplementedPunchCards(),
  memberships: noMemberships(),
  events: memoryEvents(state),
  discountCodes: memoryDiscountCodes(state),
  shareLinks: memoryShareLinks(state),
  images: memoryImages(state),
  blocks: memoryBlocks(state),
  outbox: memoryOutbox(),
  notifications: memoryNotifications(state),
  waitlist: memoryWaitlist(),
  ballots: memoryBallots(),
  reports: unimplementedReports(),
  openMatches: memoryOpenMatches(state),
});

const notImplemented = (what: string) => (): never => {
  throw new Error(`${what} is not implemented in this test: pass one to memoryPorts({ ... })`);
};

/** A gateway that fails loudly: tests that pay pass a real (simulated) one. */
export const unimplementedGateway = (): PaymentGateway => ({
  mode: "simulated",
  createIntent: notImplemented("PaymentGateway.createIntent"),
  retrieveIntent: notImplemented("PaymentGateway.retrieveIntent"),
  cancelIntent: notImplemented("PaymentGateway.cancelIntent"),
  refund: notImplemented("PaymentGateway.refund"),
  createCustomer: notImplemented("PaymentGateway.createCustomer"),
  chargeOffSession: notImplemented("PaymentGateway.chargeOffSession"),
  listRefunds: notImplemented("PaymentGateway.listRefunds"),
});

export const unimplementedInvoices = (): InvoiceRenderer => ({
  render: notImplemented("InvoiceRenderer.render"),
});

/**
 * All ports for a use-case test: in-memory repositories, a fixed clock at 2026-11-21T12:00Z
 * (07:00 in Guayaquil), sequential ids and a fake hasher. Override any of them.
 */
export const memoryPorts = (overrides: Partial<Ports> = {}): Ports => ({
  ...memoryRepositories(),
  gateway: unimplementedGateway(),
  invoices: unimplementedInvoices(),
  passwords: fakePasswordHasher(),
  clock: fixedClock("2026-11-21T12:00:00.000Z"),
  ids: sequentialIds(),
  policy: DEFAULT_BOOKING_POLICY,
  accounts: DEFAULT_ACCOUNT_POLICY,
  ...overrides,
});
