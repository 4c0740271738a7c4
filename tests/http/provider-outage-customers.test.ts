import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Runtime, SqlDatabase } from "@courts/adapters";
import type { FakeStripeServer } from "../support/fake-stripe-server.js";
import { book, newPlayer, type CourtShape } from "./support/fixtures.js";
import { HTTP_ENGINES, type TestServer } from "./support/server.js";
import { startStripeModeServer, type StripeModeServer } from "./support/stripe-mode.js";

/**
 * DESIGN.md section 12: every provider call on the money path, customers included, answers 503
 * with Retry-After when the provider fails or hangs. The organiser paying only their share saves
 * the card for the remainder, which first creates their Customer at Stripe: an outage there is an
 * outage like any other, and leaves nothing behind (no Customer recorded, no pending payment).
 */

/**
 * Short enough that a hang costs little, long enough that a retry answered at once is not cut off
 * on a loaded machine (a request cut off before its body is read is never recorded).
 */
const TIMEOUT_SECONDS = 1;

for (const engine of HTTP_ENGINES)
  describe.skipIf(!engine.available)(`the organiser's Customer while Stripe is down [${engine.name}]`, () => {
    let suite: StripeModeServer;
    let stripe: FakeStripeServer;
    let runtime: Runtime;
    let server: TestServer;
    let courts: CourtShape[];

    beforeAll(async () => {
      suite = await startStripeModeServer(engine.name, {
        name: "customers",
        webhookSecret: "whsec_customers",
        env: { PAYMENT_PROVIDER_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS), SWEEP_INTERVAL_SECONDS: "0" },
      });
      ({ stripe, runtime, server, courts } = suite);
    });
    // a test that failed half way leaves no staged fault to the next one
    afterEach(() => stripe.clearFaults());
    afterAll(() => suite?.close());

    const sql = () => (runtime.database as SqlDatabase).sql;
    const paymentsOf = async (bookingId: string) => (await sql().all("select id from payments where booking_id = ?", [bookingId])).length;
    const customerOf = (userId: string) => runtime.ports.users.paymentCustomerOf(userId);
    const customerCalls = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/customers");
    const intentCalls = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

    /** Calls to Stripe so far, to tell what one request added. */
    const callsNow = () => ({ customers: customerCalls().length, intents: intentCalls().length });
    /**
     * What paying a share while creating the Customer fails leaves behind: the first try and both
     * retries under one key, no intent asked for, no pending payment and no Customer recorded.
     */
    const expectNothingLeft = async (before: ReturnType<typeof callsNow>, bookingId: string, userId: string) => {
      // this player's: a retry of an earlier test's player may still arrive after `before`
      const attempts = customerCalls()
        .slice(before.customers)
        .filter((r) => {
          const metadata = r.form["metadata"];
          return typeof metadata === "object" && metadata !== null && !Array.isArray(metadata) && (metadata as Record<string, unknown>)["userId"] === userId;
        });
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(intentCalls().length).toBe(before.intents);
      expect(await paymentsOf(bookingId)).toBe(0);
      expect(await customerOf(userId)).toBeNull();
    };

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
      const before = callsNow();
      // the first try and both retries, each answered 500 (not saved under the key: a transient outage)
      stripe.failNext("POST /v1/customers", { status: 500, times: 3 });

      const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });

      expectUnavailable(answer);
      await expectNothingLeft(before, booking.id, user.id);

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
      const before = callsNow();
      stripe.hang("POST /v1/customers");
      const started = Date.now();
      try {
        const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });
        expectUnavailable(answer);
      } finally {
        stripe.resume();
      }
      // three attempts of 1 s and two short pauses: far under the 30 s of three default timeouts
      expect(Date.now() - started).toBeLessThan(10_000);
      await expectNothingLeft(before, booking.id, user.id);
    });

    it("when Stripe hangs on the first Customer request and answers its retries 409 (the key is still in use), then paying the share answers 503, not an invalid request", async () => {
      const { client, user } = await newPlayer(server);
      const booking = await book(client, courts);
      const before = callsNow();
      stripe.hang("POST /v1/customers", undefined, { times: 1 });
      try {
        const answer = await client.post("/api/create-payment-intent", { bookingId: booking.id, paymentType: "partial" });
        expectUnavailable(answer);
      } finally {
        stripe.resume();
      }
      await expectNothingLeft(before, booking.id, user.id);
    });
  });
