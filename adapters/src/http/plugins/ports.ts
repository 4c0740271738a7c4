import fp from "fastify-plugin";
import type { PasswordHasher, Ports } from "@courts/core";
import { concurrencyLimit } from "../../limit.js";
import type { AppDeps, HttpConfig } from "../deps.js";
import "../augment.js";

/**
 * Password checks at once per server process. Each argon2id call holds 19 MiB and a libuv worker
 * thread for tens of milliseconds: a burst of logins would otherwise take all four workers (the
 * SQLite driver and the file system queue behind them) and add 76 MiB to the process. Two keep the
 * throughput of two cores (`npm run bench`, login).
 */
const PASSWORD_CHECKS_AT_ONCE = 2;

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
      discountCodes: ports.discountCodes,
      shareLinks: ports.shareLinks,
      images: ports.images,
      blocks: ports.blocks,
      outbox: ports.outbox,
      notifications: ports.notifications,
      waitlist: ports.waitlist,
      gateway: ports.gateway,
      invoices: ports.invoices,
      passwords: limitedHasher(ports.passwords),
      clock: ports.clock,
      ids: ports.ids,
      policy: ports.policy,
    };
    app.decorate("ports", limited);
    app.decorate("httpConfig", options.config);
    app.decorate("simulatedCard", options.simulatedCard ?? null);
    app.decorate("verifyWebhook", options.verifyWebhook ?? null);
  },
  { name: "courts-ports", fastify: "5.x" },
);
