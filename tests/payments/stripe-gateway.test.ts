import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderUnavailable } from "../../adapters/src/payments/gateway-errors.js";
import { stripeGateway } from "../../adapters/src/payments/stripe-gateway.js";
import { startFakeStripeServer, type FakeStripeServer } from "../support/fake-stripe-server.js";

let server: FakeStripeServer;
beforeAll(async () => {
  server = await startFakeStripeServer();
});
afterAll(() => server.close());

describe("stripeGateway over a local fake of api.stripe.com", () => {
  let gateway: ReturnType<typeof stripeGateway>;
  beforeEach(() => {
    gateway = stripeGateway(server.gatewayOptions("sk_test_courts"));
  });

  const create = (idempotencyKey = `create-${randomUUID()}`) =>
    gateway.createIntent({ amount: 1650, currency: "usd", metadata: { bookingId: "b-42", kind: "shared" }, idempotencyKey });

  it("when an intent is created, then Stripe gets the amount, metadata, automatic payment methods, key and secret key", async () => {
    const idempotencyKey = `create-${randomUUID()}`;
    const intent = await create(idempotencyKey);
    const request = server.requests.find((r) => r.idempotencyKey === idempotencyKey)!;
    expect(gateway.mode).toBe("stripe");
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/payment_intents",
      authorization: "Bearer sk_test_courts",
      form: { amount: "1650", currency: "usd", metadata: { bookingId: "b-42", kind: "shared" }, automatic_payment_methods: { enabled: "true" } },
    });
    expect(intent).toEqual({
      id: server.intent(intent.id)!.id,
      clientSecret: server.intent(intent.id)!.client_secret,
      amount: 1650,
      currency: "usd",
      status: "requires_payment_method",
      metadata: { bookingId: "b-42", kind: "shared" },
    });
  });

  it("when a create is replayed with its idempotency key, then Stripe answers the first intent and creates no other", async () => {
    const idempotencyKey = `create-${randomUUID()}`;
    const first = await create(idempotencyKey);
    const again = await create(idempotencyKey);
    expect(again.id).toBe(first.id);
    expect(server.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(2);
  });

  it("when an intent is retrieved, then its current status is read from Stripe", async () => {
    const intent = await create();
    expect((await gateway.retrieveIntent(intent.id))?.status).toBe("requires_payment_method");
    server.succeed(intent.id);
    expect(await gateway.retrieveIntent(intent.id)).toEqual({ ...intent, status: "succeeded" });
  });

  it("when the customer's card was declined, then the intent still awaits a card", async () => {
    const intent = await create();
    server.decline(intent.id);
    expect((await gateway.retrieveIntent(intent.id))?.status).toBe("requires_payment_method");
  });

  it("when Stripe answers 404 resource_missing, then retrieve answers undefined", async () => {
    expect(await gateway.retrieveIntent("pi_unknown")).toBeUndefined();
  });

  it("when a paid intent is refunded and the refund replayed, then Stripe holds one refund and both answers match", async () => {
    const intent = await create();
    server.succeed(intent.id);
    const idempotencyKey = `refund-${randomUUID()}`;
    const refund = await gateway.refund({ intentId: intent.id, amount: 825, idempotencyKey });
    const replay = await gateway.refund({ intentId: intent.id, amount: 825, idempotencyKey });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amount: 825, status: "succeeded" });
    expect(replay).toEqual(refund);
    expect(server.refundsOf(intent.id)).toHaveLength(1);
    expect(server.requests.filter((r) => r.idempotencyKey === idempotencyKey).map((r) => r.form)).toEqual([
      { payment_intent: intent.id, amount: "825" },
      { payment_intent: intent.id, amount: "825" },
    ]);
  });

  it("when the secret key is wrong, then the Stripe authentication error reaches the caller", async () => {
    const badKey = stripeGateway(server.gatewayOptions("pk_test_not_a_secret_key"));
    await expect(badKey.retrieveIntent("pi_x")).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it("when the fake server is down, then the caller gets ProviderUnavailable (retries are the resilient wrapper's)", async () => {
    const down = await startFakeStripeServer();
    const options = down.gatewayOptions();
    await down.close();
    const error = await stripeGateway(options).retrieveIntent("pi_x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(down.requests).toHaveLength(0);
  });
});
