import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { appDepsOf, buildApp, openRuntime, type Runtime, type SqlDatabase } from "@courts/adapters";
import { startFakeStripeServer, type FakeStripeServer } from "../support/fake-stripe-server.js";
import { book, demoCourts, newPlayer, type CourtShape } from "./support/fixtures.js";
import { freshDatabase, HTTP_ENGINES, listening, runtimeConfig, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * DESIGN.md section 12: every provider call on the money path, customers included, answers 503
 * with Retry-After when the provider fails or hangs. The organiser paying only their share saves
 * the card for the remainder, which first creates their Customer at Stripe: an outage there is an
 * outage like any other, and leaves nothing behind (no Customer recorded, no pending payment).
 */

const TIMEOUT_SECONDS = 0.3;

for (const engine of HTTP_ENGINES)
  describe.skipIf(!engine.available)(`the organiser's Customer while Stripe is down [${engine.name}]`, () => {
    let stripe: FakeStripeServer;
    let db: TestDatabase;
    let dir: string;
    let runtime: Runtime;
    let app: FastifyInstance;
    let server: TestServer;
    let courts: CourtShape[];

    beforeAll(async () => {
      stripe = await startFakeStripeServer();
      db = await freshDatabase(engine.name);
      dir = mkdtempSync(path.join(tmpdir(), "courts-customers-"));
      runtime = await openRuntime(
        runtimeConfig(db.url, dir, {
          PAYMENT_PROVIDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
          SWEEP_INTERVAL_SECONDS: "0",
          STRIPE_SECRET_KEY: "sk_test_customers",
          STRIPE_PUBLISHABLE_KEY: "pk_test_customers",
          STRIPE_WEBHOOK_SECRET: "whsec_customers",
          STRIPE_API_HOST: stripe.host,
          STRIPE_API_PORT: String(stripe.port),
          STRIPE_API_PROTOCOL: "http",
        }),
      );
      app = await buildApp(appDepsOf(runtime, false));
      app.addHook("onClose", () => runtime.close());
      server = await listening(app, runtime.ports, runtime.database);
      courts = (await demoCourts(server)).courts;
    });
    // a test that failed half way leaves no staged fault to the next one
    afterEach(() => stripe.clearFaults());
    afterAll(async () => {
      await app?.close();
      await stripe?.close();
      await db?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const sql = () => (runtime.database as SqlDatabase).sql;
    const paymentsOf = async (bookingId: string) => (await sql().all("select id from payments where booking_id = ?", [bookingId])).length;
    const customerOf = (userId: string) => runtime.ports.users.paymentCustomerOf(userId);
    const customerCalls = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/customers");
    const intentCalls = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

    const expectUnavailable = (answer: { status: number; text: string; body: unknown; headers: Headers }) => {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(answer.body).toMatchObject({
        code: "PAYMENT_PROVIDER_UNAVAILABLE",
        message: "El proveedor de pagos no responde en este momento. Inténtalo de nuevo en unos segundos.",
      });
    };

    it("when Stripe answers 500 to creating the Customer, then paying the share answers 503 with Retry-After and stores nothing; once it is back, the share is paid", async () => {
      const { client, user } = await newPlayer(server);
      const booking = await book(client, courts);
      const customersBefore = customerCalls().length;
      const intentsBefore = intentCalls().length;
      // the first try and both retries, each answered 500 (not saved under the key: a transient outage)
      stripe.failNext("POST /v1/customers", { status: 500, times: 3 });

      const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });

      expectUnavailable(answer);
      const attempts = customerCalls().slice(customersBefore);
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(intentCalls().length).toBe(intentsBefore);
      expect(await paymentsOf(booking.id)).toBe(0);
      expect(await customerOf(user.id)).toBeNull();

      const again = await client.post<{ paymentIntentId: string }>("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });
      expect(again.status, again.text).toBe(200);
      const customer = await customerOf(user.id);
      expect(customer).toMatch(/^cus_/);
      expect(stripe.intent(again.body.paymentIntentId)).toMatchObject({ customer, setup_future_usage: "off_session" });
      expect(await paymentsOf(booking.id)).toBe(1);
    });

    it("when Stripe hangs on creating the Customer, then paying the share answers 503 with Retry-After after the timeout and its retries, and stores nothing", async () => {
      const { client, user } = await newPlayer(server);
      const booking = await book(client, courts);
      const customersBefore = customerCalls().length;
      const intentsBefore = intentCalls().length;
      stripe.hang("POST /v1/customers");
      const started = Date.now();
      try {
        const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });
        expectUnavailable(answer);
      } finally {
        stripe.resume();
      }
      // three attempts of 0.3 s and two short pauses: well under the 10 s of a default timeout
      expect(Date.now() - started).toBeLessThan(5_000);
      const attempts = customerCalls().slice(customersBefore);
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(intentCalls().length).toBe(intentsBefore);
      expect(await paymentsOf(booking.id)).toBe(0);
      expect(await customerOf(user.id)).toBeNull();
    });

    it("when Stripe hangs on the first Customer request and answers its retries 409 (the key is still in use), then paying the share answers 503, not an invalid request", async () => {
      const { client, user } = await newPlayer(server);
      const booking = await book(client, courts);
      const customersBefore = customerCalls().length;
      stripe.hang("POST /v1/customers", undefined, { times: 1 });
      try {
        const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });
        expectUnavailable(answer);
      } finally {
        stripe.resume();
      }
      expect(customerCalls().slice(customersBefore)).toHaveLength(3);
      expect(await paymentsOf(booking.id)).toBe(0);
      expect(await customerOf(user.id)).toBeNull();
    });
  });
