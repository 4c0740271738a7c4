import type { InvoiceRenderer, Ports } from "@courts/core";
import { argon2Hasher } from "./auth/argon2-hasher.js";
import { cryptoIds } from "./auth/ids.js";
import type { Config } from "./config.js";
import type { AppDeps, HttpConfig, Readiness, WebhookEvent } from "./http/deps.js";
import { databaseReadiness } from "./observability/readiness.js";
import { ServiceMetrics } from "./observability/service-metrics.js";
import { resilientGateway } from "./payments/resilient-gateway.js";
import { simulatedGateway, type SimulatedGateway } from "./payments/simulated-gateway.js";
import { clockCheck, sharedClock, type ClockSkew, type SharedClock } from "./sql/database-clock.js";
import { openDatabase, type Database, type DatabaseOptions } from "./sql/index.js";

/**
 * The one place that turns configuration into working ports (DESIGN.md section 1): the
 * database, the card provider, the PDF renderer, the password hasher, the clock and the ids.
 * The server and the CLI both start here.
 */
/** The intent an event is about: the intent itself, or the intent a charge (`charge.refunded`) belongs to. */
const intentOfEvent = (object: { object?: string; id?: string; payment_intent?: unknown }): string | null => {
  if (object.object === "payment_intent" && typeof object.id === "string") return object.id;
  if (object.object === "charge" && typeof object.payment_intent === "string") return object.payment_intent;
  return null;
};

export interface Runtime {
  readonly config: Config;
  readonly database: Database;
  readonly ports: Ports;
  /** `ports.clock`, with what it measured of the database's clock (/readyz) */
  readonly clock: SharedClock;
  /** the simulated provider's confirm, when no Stripe keys are configured */
  readonly simulated: SimulatedGateway | null;
  /** GET /metrics's registry: the server's requests, the sweep, the card provider, the database (a runtime a test puts together may have none) */
  readonly metrics?: ServiceMetrics;
  /** Stripe mode with a webhook secret: verifies and reduces a webhook event */
  readonly verifyWebhook: ((rawBody: Buffer, signature: string) => WebhookEvent) | null;
  close(): Promise<void>;
}

export interface OpenRuntimeOptions extends DatabaseOptions {
  /** apply pending migrations (default true) */
  readonly migrate?: boolean;
  /** GET /metrics also gives the process's CPU, memory and event loop (the server; default false) */
  readonly processMetrics?: boolean;
  /** each measurement of the database's clock (the server logs a skew over the limit) */
  readonly onClockSample?: (skew: ClockSkew, error?: unknown) => void;
}

/**
 * Tests only: with COURTS_TEST_PROCESS_CLOCK=1 a process decides against its own clock even on
 * PostgreSQL, so that a test can move one process's time with libfaketime (`npm run test:dates`
 * moves every process's, while PostgreSQL's stays real).
 */
const followed = (): "database" | "process" => (process.env["COURTS_TEST_PROCESS_CLOCK"] === "1" ? "process" : "database");

const lazyInvoiceRenderer = (issuer: Config["invoiceIssuer"]): InvoiceRenderer => {
  let renderer: Promise<InvoiceRenderer> | undefined;
  return {
    render: async (invoice) => {
      renderer ??= import("./pdf/invoice-pdf.js").then((m) => m.pdfInvoiceRenderer(issuer));
      return (await renderer).render(invoice);
    },
  };
};

export const openRuntime = async (config: Config, options: OpenRuntimeOptions = {}): Promise<Runtime> => {
  const database = await openDatabase(config.databaseUrl, { taxRate: config.taxRate, ...options });
  try {
    if (options.migrate ?? true) await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  let clock: SharedClock;
  try {
    clock = await sharedClock({
      timeZone: config.timeZone,
      readDatabaseTime: () => database.serverTime(),
      follow: followed(),
      ...(options.onClockSample ? { onSample: options.onClockSample } : {}),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const ids = cryptoIds;
  const stripe = config.stripe;
  const simulated = stripe ? null : simulatedGateway(database.simulatedIntents, ids, clock);
  // stripe-node and pdfkit load only when used: the CLI and the simulated mode never pay for them.
  const stripeModule = stripe ? await import("./payments/stripe-gateway.js") : null;
  const timeoutMs = config.paymentProviderTimeoutSeconds * 1000;
  const provider = stripe && stripeModule
    ? stripeModule.stripeGateway({
        secretKey: stripe.secretKey,
        timeoutMs,
        ...(stripe.apiHost ? { host: stripe.apiHost } : {}),
        ...(stripe.apiPort ? { port: stripe.apiPort } : {}),
        ...(stripe.apiProtocol ? { protocol: stripe.apiProtocol } : {}),
      })
    : (simulated as SimulatedGateway);
  const metrics = new ServiceMetrics({ backlog: () => database.backlog(), pool: () => database.poolUse(), processMetrics: options.processMetrics ?? false });
  const gateway = resilientGateway(provider, { timeoutMs, observer: metrics.provider });
  const webhookSecret = stripe?.webhookSecret ?? null;

  const ports: Ports = {
    ...database.repositories,
    gateway,
    invoices: lazyInvoiceRenderer(config.invoiceIssuer),
    passwords: argon2Hasher(),
    clock,
    ids,
    policy: config.bookingPolicy,
    accounts: config.accountPolicy,
  };
  return {
    config,
    database,
    ports,
    clock,
    simulated,
    metrics,
    verifyWebhook:
      webhookSecret === null || stripeModule === null
        ? null
        : (rawBody, signature) => {
            const event = stripeModule.verifyStripeEvent(rawBody, signature, webhookSecret);
            const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
            return {
              id: event.id,
              type: event.type,
              paymentIntentId: intentOfEvent(object),
              alreadyProcessed: () => database.webhookEvents.isProcessed(event.id),
              markProcessed: async () => {
                await database.webhookEvents.markProcessed(event.id);
              },
            };
          },
    close: () => {
      clock.stop();
      return database.close();
    },
  };
};

/** /readyz also says what the clock measured of the database's (DESIGN.md section 19). */
const withClockCheck =
  (readiness: () => Promise<Readiness>, clock: SharedClock) =>
  async (): Promise<Readiness> => {
    const answer = await readiness();
    return { ...answer, checks: { ...answer.checks, clock: clockCheck(clock.skew()) } };
  };

/** What the HTTP server reads of the configuration. */
export const httpConfigOf = (config: Config): HttpConfig => ({
  production: config.production,
  sessionSecret: config.sessionSecret,
  cookieSecure: config.cookieSecure,
  timeZone: config.timeZone,
  publicUrl: config.publicUrl,
  loginRateLimit: config.loginRateLimit,
  registerRateLimit: config.registerRateLimit,
  loginIpRateLimit: config.loginIpRateLimit,
  loginAccountRateLimit: config.loginAccountRateLimit,
  anonymousWriteRateLimit: config.anonymousWriteRateLimit,
  requestTimeoutSeconds: config.requestTimeoutSeconds,
  headersTimeoutSeconds: config.headersTimeoutSeconds,
  webDist: config.webDist,
  refundAlertHours: config.refundAlertHours,
  stripePublishableKey: config.stripe?.publishableKey ?? null,
  trustProxy: config.trustProxy,
  clubName: config.clubName,
  metricsToken: config.metricsToken,
});

export const appDepsOf = (runtime: Runtime, logger: AppDeps["logger"]): AppDeps => ({
  ports: runtime.ports,
  sessionStore: runtime.database.sessionStore,
  rateLimits: runtime.database.rateLimits,
  config: httpConfigOf(runtime.config),
  simulatedCard: runtime.simulated,
  verifyWebhook: runtime.verifyWebhook,
  readiness: withClockCheck(databaseReadiness(runtime.database), runtime.clock),
  ...(runtime.metrics ? { metrics: runtime.metrics } : {}),
  logger,
});
