import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { appDepsOf, buildApp, openRuntime, type Runtime } from "@courts/adapters";
import { startFakeStripeServer, type FakeStripeServer } from "../../support/fake-stripe-server.js";
import { demoCourts, type CourtShape } from "./fixtures.js";
import { freshDatabase, listening, runtimeConfig, type EngineName, type TestServer } from "./server.js";

/**
 * What the composition root reads to run in Stripe mode against the local fake Stripe API: keys
 * named after the suite (`sk_test_<name>`, `pk_test_<name>`) and the webhook's secret.
 */
export const stripeModeEnv = (stripe: FakeStripeServer, name: string, webhookSecret: string): Record<string, string> => ({
  STRIPE_SECRET_KEY: `sk_test_${name}`,
  STRIPE_PUBLISHABLE_KEY: `pk_test_${name}`,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_HOST: stripe.host,
  STRIPE_API_PORT: String(stripe.port),
  STRIPE_API_PROTOCOL: "http",
});

export interface StripeModeOptions {
  /** names the keys (stripeModeEnv) and the data folder */
  readonly name: string;
  readonly webhookSecret: string;
  /** more environment for the composition root (timeouts, the sweep's interval) */
  readonly env?: Readonly<Record<string, string>>;
}

export interface StripeModeServer {
  readonly stripe: FakeStripeServer;
  readonly runtime: Runtime;
  readonly server: TestServer;
  /** the demo courts, created through the API */
  readonly courts: CourtShape[];
  /** closes the server (and its runtime), the fake Stripe API, and drops the database and the data folder */
  close(): Promise<void>;
}

/**
 * The real server as the composition root wires it from environment variables in Stripe mode
 * (stripe-node against the local fake Stripe API), on a fresh database with the demo courts.
 * Whatever was opened before a failure is closed again.
 */
export const startStripeModeServer = async (engine: EngineName, options: StripeModeOptions): Promise<StripeModeServer> => {
  const cleanups: (() => unknown)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const dir = mkdtempSync(path.join(tmpdir(), `courts-stripe-${options.name}-`));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const db = await freshDatabase(engine);
    cleanups.push(() => db.drop());
    const stripe = await startFakeStripeServer();
    cleanups.push(() => stripe.close());
    const runtime = await openRuntime(runtimeConfig(db.url, dir, { ...options.env, ...stripeModeEnv(stripe, options.name, options.webhookSecret) }));
    const app = await buildApp(appDepsOf(runtime, false)).catch(async (error: unknown) => {
      await runtime.close();
      throw error;
    });
    app.addHook("onClose", () => runtime.close());
    cleanups.push(() => app.close());
    const server = await listening(app, runtime.ports, runtime.database);
    const { courts } = await demoCourts(server);
    return { stripe, runtime, server, courts, close };
  } catch (error) {
    await close();
    throw error;
  }
};
