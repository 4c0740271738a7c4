import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ProviderUnavailable } from "../../adapters/src/payments/gateway-errors.js";
import { resilientGateway } from "../../adapters/src/payments/resilient-gateway.js";
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
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amount: 825, status: "succeeded", metadata: {} });
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

describe("stripeGateway's refunds: metadata and the list Stripe keeps", () => {
  const gateway = () => stripeGateway(server.gatewayOptions("sk_test_courts"));
  const paidIntent = async (amount = 2000) => {
    const intent = await gateway().createIntent({ amount, currency: "usd", metadata: { bookingId: "b-9" }, idempotencyKey: `create-${randomUUID()}` });
    server.succeed(intent.id);
    return intent.id;
  };

  it("when a refund carries metadata, then Stripe gets it as metadata[...] form fields and keeps it on the refund", async () => {
    const intentId = await paidIntent();
    const idempotencyKey = `refund-${randomUUID()}`;
    const refund = await gateway().refund({ intentId, amount: 600, idempotencyKey, metadata: { refundId: "rf-1" } });
    expect(server.requests.find((r) => r.idempotencyKey === idempotencyKey)?.form).toEqual({
      payment_intent: intentId,
      amount: "600",
      metadata: { refundId: "rf-1" },
    });
    expect(server.refundsOf(intentId)).toMatchObject([{ id: refund.id, metadata: { refundId: "rf-1" } }]);
  });

  it("when an intent has more refunds than one page of 100, then listRefunds follows the pages, newest first", async () => {
    const intentId = await paidIntent(5000);
    const made: string[] = [];
    for (let i = 0; i < 105; i++) made.push((await gateway().refund({ intentId, amount: 1, idempotencyKey: `refund-${randomUUID()}` })).id);
    const before = server.requests.length;
    const listed = await gateway().listRefunds(intentId);
    expect(listed.map((r) => r.id)).toEqual(made.reverse());
    const pages = server.requests.slice(before);
    expect(pages.map((r) => [r.method, r.path, r.form.limit])).toEqual([
      ["GET", "/v1/refunds", "100"],
      ["GET", "/v1/refunds", "100"],
    ]);
    expect(pages[1]!.form.starting_after).toBe(listed[99]!.id);
  });
});

/**
 * The fake's faults, as the ledger meets them through stripe-node: a 500 Stripe saved under the key,
 * an answer lost after the refund was made, a hang (with and without the work done), and Stripe's
 * 409 for a key still in use.
 */
describe("the fake Stripe API's faults, through stripeGateway", () => {
  const gateway = () => stripeGateway({ ...server.gatewayOptions("sk_test_courts"), timeoutMs: 2_000 });
  const resilient = (timeoutMs = 300) =>
    resilientGateway(stripeGateway({ ...server.gatewayOptions("sk_test_courts"), timeoutMs }), { timeoutMs, backoffMs: 10 });
  const paidIntent = async () => {
    const intent = await gateway().createIntent({ amount: 3000, currency: "usd", metadata: { bookingId: "b-10" }, idempotencyKey: `create-${randomUUID()}` });
    server.succeed(intent.id);
    return intent.id;
  };
  const refundsAt = (intentId: string) => server.refundsOf(intentId).map((r) => [r.amount, r.metadata]);
  afterEach(() => server.clearFaults());

  it("when Stripe saved a 500 under the refund's key, then every retry with that key gets the 500 replayed and nothing is refunded, while a new key refunds", async () => {
    const intentId = await paidIntent();
    const idempotencyKey = `refund-${randomUUID()}`;
    server.failNext("POST /v1/refunds", { status: 500, saved: true });
    const ask = (key: string) => gateway().refund({ intentId, amount: 1000, idempotencyKey: key, metadata: { refundId: "rf-2" } });
    for (let i = 0; i < 3; i++) expect(await ask(idempotencyKey).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    expect(await gateway().listRefunds(intentId)).toEqual([]);
    expect(refundsAt(intentId)).toEqual([]);
    const fresh = await ask(`refund-${randomUUID()}`);
    expect(fresh).toMatchObject({ amount: 1000, status: "succeeded", metadata: { refundId: "rf-2" } });
    // still saved: the old key never becomes a second refund
    expect(await ask(idempotencyKey).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    expect(refundsAt(intentId)).toEqual([[1000, { refundId: "rf-2" }]]);
  });

  it("when the 500 is not saved (the default), then the retry under the same key is carried out", async () => {
    const intentId = await paidIntent();
    const idempotencyKey = `refund-${randomUUID()}`;
    server.failNext("POST /v1/refunds");
    expect(await gateway().refund({ intentId, amount: 500, idempotencyKey }).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    expect(refundsAt(intentId)).toEqual([]);
    expect(await gateway().refund({ intentId, amount: 500, idempotencyKey })).toMatchObject({ amount: 500 });
    expect(refundsAt(intentId)).toEqual([[500, {}]]);
  });

  it("when one answer to a refund is lost, then stripe-node sends it again under its key by itself and gets the refund made", async () => {
    const intentId = await paidIntent();
    const idempotencyKey = `refund-${randomUUID()}`;
    server.loseNextAnswer("POST /v1/refunds");
    const refund = await gateway().refund({ intentId, amount: 650, idempotencyKey });
    expect(server.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(2);
    expect(server.refundsOf(intentId).map((r) => r.id)).toEqual([refund.id]);
  });

  it("when the answers to a refund are lost, then the refund was made and is listed with its metadata, and the retry under the key answers that same refund", async () => {
    const intentId = await paidIntent();
    const idempotencyKey = `refund-${randomUUID()}`;
    // the request and stripe-node's own second try
    server.loseNextAnswer("POST /v1/refunds", { times: 2 });
    const input = { intentId, amount: 700, idempotencyKey, metadata: { refundId: "rf-3" } };
    expect(await gateway().refund(input).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    const listed = await gateway().listRefunds(intentId);
    expect(listed).toEqual([{ id: expect.stringMatching(/^re_/), amount: 700, status: "succeeded", metadata: { refundId: "rf-3" } }]);
    expect(await gateway().refund(input)).toEqual(listed[0]);
    expect(refundsAt(intentId)).toHaveLength(1);
  });

  it("when the answer is lost on every try, then the resilient gateway gives up with ProviderUnavailable though the refund was made once", async () => {
    const intentId = await paidIntent();
    // three attempts, each sent twice by stripe-node
    server.loseNextAnswer("POST /v1/refunds", { times: 6 });
    const idempotencyKey = `refund-${randomUUID()}`;
    // a timeout long enough for both sends of each attempt: the connections close at once
    const error = await resilient(5_000).refund({ intentId, amount: 800, idempotencyKey }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(server.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(6);
    expect(refundsAt(intentId)).toEqual([[800, {}]]);
  });

  it("when Stripe makes the refund but answers after the timeout, then the resilient gateway's retry under the key gets it, refunded once", async () => {
    const intentId = await paidIntent();
    server.hang("POST /v1/refunds", 5_000, { carriedOut: true, times: 1 });
    const idempotencyKey = `refund-${randomUUID()}`;
    const refund = await resilient().refund({ intentId, amount: 900, idempotencyKey });
    expect(refund).toMatchObject({ amount: 900, status: "succeeded" });
    expect(server.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(2);
    expect(refundsAt(intentId)).toEqual([[900, {}]]);
  });

  it("when Stripe hangs on a refund without making it, then its retries get 409 (the key is in use) and the call ends in ProviderUnavailable with nothing refunded; after, the key works", async () => {
    const intentId = await paidIntent();
    server.hang("POST /v1/refunds", undefined, { times: 1 });
    const idempotencyKey = `refund-${randomUUID()}`;
    const error = await resilient().refund({ intentId, amount: 400, idempotencyKey }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect(server.requests.filter((r) => r.idempotencyKey === idempotencyKey)).toHaveLength(3);
    expect(refundsAt(intentId)).toEqual([]);
    server.resume();
    expect(await resilient().refund({ intentId, amount: 400, idempotencyKey })).toMatchObject({ amount: 400 });
    expect(refundsAt(intentId)).toEqual([[400, {}]]);
  });

  it("when a hang of some milliseconds ends, then the connection closes with nothing done", async () => {
    const intentId = await paidIntent();
    server.hang("POST /v1/refunds", 50, { times: 2 });
    expect(await gateway().refund({ intentId, amount: 300, idempotencyKey: `refund-${randomUUID()}` }).catch((e: unknown) => e)).toBeInstanceOf(
      ProviderUnavailable,
    );
    expect(refundsAt(intentId)).toEqual([]);
  });

  it("when listing refunds fails or hangs, then the resilient gateway retries it and ends in ProviderUnavailable", async () => {
    const intentId = await paidIntent();
    server.failNext("GET /v1/refunds", { times: 2 });
    expect(await resilient().listRefunds(intentId)).toEqual([]);
    server.hang("GET /v1/refunds");
    expect(await resilient().listRefunds(intentId).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
  });

  it("when creating a Customer meets a saved 500 or a lost answer, then the same key keeps the 500, or answers the Customer that was made", async () => {
    const input = (idempotencyKey: string) => ({ userId: "u-1", email: "ana@correo.ec", idempotencyKey });
    const saved = `customer-${randomUUID()}`;
    server.failNext("POST /v1/customers", { saved: true });
    expect(await gateway().createCustomer(input(saved)).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    expect(await gateway().createCustomer(input(saved)).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);

    expect(server.customers().filter((c) => c.email === "ana@correo.ec")).toEqual([]);

    const lost = `customer-${randomUUID()}`;
    server.loseNextAnswer("POST /v1/customers", { times: 2 });
    expect(await gateway().createCustomer(input(lost)).catch((e: unknown) => e)).toBeInstanceOf(ProviderUnavailable);
    const made = server.customers().filter((c) => c.email === "ana@correo.ec");
    expect(made).toHaveLength(1);
    expect(await gateway().createCustomer(input(lost))).toBe(made[0]!.id);
    expect(server.customers().filter((c) => c.email === "ana@correo.ec")).toHaveLength(1);
  });
});
