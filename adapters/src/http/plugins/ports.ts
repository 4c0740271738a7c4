import { availableParallelism } from "node:os";
import fp from "fastify-plugin";
import type { PasswordHasher, Ports } from "@courts/core";
import { concurrencyLimit } from "../../limit.js";
import type { AppDeps, HttpConfig } from "../deps.js";
import "../augment.js";

/**
 * Password checks at once per server process: one core fewer than the machine has, and at least
 * one. Each argon2id call holds 19 MiB and a core for tens of milliseconds, on a libuv worker
 * thread. Unbounded, a burst of logins takes all four workers (the SQLite driver and the file
 * system queue behind them), adds 76 MiB to the process and leaves the event loop no core: every
 * other request waits behind the burst. On two cores, one check at a time keeps a core for
 * everything else (`npm run bench`, login).
 */
const PASSWORD_CHECKS_AT_ONCE = Math.max(1, availableParallelism() - 1);

const limitedHasher = (hasher: PasswordHasher): PasswordHasher => {
  const limited = concurrencyLimit(PASSWORD_CHECKS_AT_ONCE);
  return {
    hash: (password) => limited(() => hasher.hash(password)),
    verify: (stored, password) => limited(() => hasher.verify(stored, password)),
    verifyDummy: (password) => limited(() => hasher.verifyDummy(password)),
  };
};

export interface PortsPluginOptions {
  readonly ports: Ports;
  readonly config: HttpConfig;
  readonly simulatedCard: AppDeps["simulatedCard"];
  readonly verifyWebhook: AppDeps["verifyWebhook"];
}

/** Hands the ports and the configuration to every route plugin (typed in augment.ts). */
export default fp<PortsPluginOptions>(
  async (app, options) => {
    const ports = options.ports;
    // every port as given (property by property: `ports` may be any object, a test's Proxy too)
    const limited: Ports = {
      users: ports.users,
      venues: ports.venues,
      courts: ports.courts,
      bookings: ports.bookings,
      catalog: ports.catalog,
      payments: ports.payments,
      accountTokens: ports.accountTokens,
      refunds: ports.refunds,
      wallets: ports.wallets,
      purchases: ports.purchases,
      punchCards: ports.punchCards,
      memberships: ports.memberships,
      events: ports.events,
      discountCodes: ports.discountCodes,
      shareLinks: ports.shareLinks,
      images: ports.images,
      blocks: ports.blocks,
      outbox: ports.outbox,
      notifications: ports.notifications,
      waitlist: ports.waitlist,
      ballots: ports.ballots,
      reports: ports.reports,
      openMatches: ports.openMatches,
      gateway: ports.gateway,
      invoices: ports.invoices,
      passwords: limitedHasher(ports.passwords),
      clock: ports.clock,
      ids: ports.ids,
      policy: ports.policy,
      accounts: ports.accounts,
    };
    app.decorate("ports", limited);
    app.decorate("httpConfig", options.config);
    app.decorate("simulatedCard", options.simulatedCard ?? null);
    app.decorate("verifyWebhook", options.verifyWebhook ?? null);
  },
  { name: "courts-ports", fastify: "5.x" },
);
