import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidWebhookSignature } from "../../adapters/src/payments/gateway-errors.js";
import { stripeGateway, verifyStripeEvent } from "../../adapters/src/payments/stripe-gateway.js";
import { startFakeStripeServer, type FakeStripeServer } from "../support/fake-stripe-server.js";

const SECRET = "whsec_test_courts";

let server: FakeStripeServer;
let payload: string;
beforeAll(async () => {
  server = await startFakeStripeServer();
  const intent = await stripeGateway(server.gatewayOptions()).createIntent({
    amount: 2900,
    currency: "usd",
    metadata: { bookingId: "b-7" },
    idempotencyKey: "webhook-test",
  });
  server.succeed(intent.id);
  payload = JSON.stringify(server.eventFor(intent.id), null, 2);
});
afterAll(() => server.close());

const sign = (body: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

const failure = (thunk: () => unknown): unknown => {
  try {
    thunk();
  } catch (error) {
    return error;
  }
  throw new Error("expected verifyStripeEvent to throw");
};

describe("verifyStripeEvent", () => {
  it("when the body is signed with the webhook secret, then the event is answered", () => {
    const event = verifyStripeEvent(Buffer.from(payload), sign(payload), SECRET);
    expect(event.type).toBe("payment_intent.succeeded");
    expect(event.data.object).toMatchObject({ object: "payment_intent", status: "succeeded", amount: 2900, metadata: { bookingId: "b-7" } });
  });

  it("when the raw body arrives as a string, then it verifies as well", () => {
    expect(verifyStripeEvent(payload, sign(payload), SECRET).type).toBe("payment_intent.succeeded");
  });

  it("when one byte of the body was changed, then it is rejected as an invalid signature", () => {
    const header = sign(payload);
    const tampered = payload.replace('"amount": 2900', '"amount": 1');
    expect(tampered).not.toBe(payload);
    expect(failure(() => verifyStripeEvent(Buffer.from(tampered), header, SECRET))).toBeInstanceOf(InvalidWebhookSignature);
  });

  it("when the body was re-serialized (not the raw bytes), then it is rejected", () => {
    const reserialized = JSON.stringify(JSON.parse(payload));
    expect(failure(() => verifyStripeEvent(reserialized, sign(payload), SECRET))).toBeInstanceOf(InvalidWebhookSignature);
  });

  it("when it was signed with another secret, then it is rejected", () => {
    expect(failure(() => verifyStripeEvent(payload, sign(payload, "whsec_someone_else"), SECRET))).toMatchObject({
      _tag: "InvalidWebhookSignature",
    });
  });

  it("when the signature is older than Stripe's five-minute tolerance, then it is rejected as a replay", () => {
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(failure(() => verifyStripeEvent(payload, sign(payload, SECRET, tenMinutesAgo), SECRET))).toBeInstanceOf(
      InvalidWebhookSignature,
    );
  });

  it("when a refund is made in Stripe's dashboard, then its signed charge.refunded event verifies and carries the charge with the intent, amounts and refunds", async () => {
    const gateway = stripeGateway(server.gatewayOptions());
    const intent = await gateway.createIntent({ amount: 3000, currency: "usd", metadata: { bookingId: "b-8" }, idempotencyKey: "webhook-refund-test" });
    server.succeed(intent.id);
    const ours = await gateway.refund({ intentId: intent.id, amount: 1000, idempotencyKey: "webhook-refund-ours", metadata: { refundId: "rf-8" } });
    const outside = server.refundOutside(intent.id, 500);
    expect(outside.refund).toMatchObject({ amount: 500, metadata: {}, payment_intent: intent.id, status: "succeeded" });

    const delivery = outside.signed(SECRET);
    expect(delivery.headers["content-type"]).toContain("application/json");
    const event = verifyStripeEvent(Buffer.from(delivery.body), delivery.headers["stripe-signature"], SECRET);
    expect(event.type).toBe("charge.refunded");
    expect(event.data.object).toMatchObject({
      object: "charge",
      payment_intent: intent.id,
      amount: 3000,
      amount_refunded: 1500,
      refunded: false,
      metadata: { bookingId: "b-8" },
      refunds: { data: [{ id: outside.refund.id, amount: 500, metadata: {} }, { id: ours.id, amount: 1000, metadata: { refundId: "rf-8" } }] },
    });
    expect(event.data.previous_attributes).toEqual({ amount_refunded: 1000 });
    // the dashboard's refund is listed like ours, newest first
    expect((await gateway.listRefunds(intent.id)).map((r) => r.id)).toEqual([outside.refund.id, ours.id]);
    // a refund past what is left cannot be made from the dashboard either
    expect(() => server.refundOutside(intent.id, 1501)).toThrow(/cannot refund/);
  });

  it("when the header is missing or garbage, then it is rejected", () => {
    expect(failure(() => verifyStripeEvent(payload, "", SECRET))).toBeInstanceOf(InvalidWebhookSignature);
    expect(failure(() => verifyStripeEvent(payload, "t=abc,v1=def", SECRET))).toBeInstanceOf(InvalidWebhookSignature);
  });
});
