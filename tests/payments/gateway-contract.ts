import { randomUUID } from "node:crypto";
import type { PaymentGateway } from "@courts/core";
import { describe, expect, it } from "vitest";
import { IdempotencyKeyReused, IntentAmountRejected, RefundRejected } from "../../adapters/src/payments/gateway-errors.js";

export interface GatewayHarness {
  readonly gateway: PaymentGateway;
  /** What the customer's browser does: confirm the intent with a card that works. */
  pay(intentId: string): Promise<void>;
  /** A refund made at the provider without us (Stripe's dashboard): no metadata. */
  refundOutside(intentId: string, amount: number): Promise<void>;
}

const key = () => `test-${randomUUID()}`;
const anIntent = (gateway: PaymentGateway, overrides: { amount?: number; idempotencyKey?: string; metadata?: Record<string, string> } = {}) =>
  gateway.createIntent({
    amount: overrides.amount ?? 1450,
    currency: "usd",
    metadata: overrides.metadata ?? { bookingId: randomUUID(), kind: "partial" },
    idempotencyKey: overrides.idempotencyKey ?? key(),
  });

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
};

/**
 * What every PaymentGateway promises the use cases, whichever provider is behind it. Run
 * against the Stripe gateway (over the fake server) and the simulated one: the use cases must
 * not be able to tell them apart.
 */
export const gatewayContract = (name: string, harness: () => GatewayHarness) => {
  describe(`PaymentGateway contract: ${name}`, () => {
    it("when an intent is created, then it awaits a card with the amount, currency and metadata asked for", async () => {
      const { gateway } = harness();
      const metadata = { bookingId: randomUUID(), kind: "full", shareToken: "" };
      const intent = await anIntent(gateway, { amount: 3300, metadata });
      expect(intent).toMatchObject({ amount: 3300, currency: "usd", status: "requires_payment_method", metadata });
      expect(intent.id).toMatch(/^pi_/);
      expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    });

    it("when the same idempotency key is sent twice, then the same intent comes back", async () => {
      const { gateway } = harness();
      const idempotencyKey = key();
      const first = await anIntent(gateway, { idempotencyKey, metadata: { bookingId: "b-1" } });
      const again = await anIntent(gateway, { idempotencyKey, metadata: { bookingId: "b-1" } });
      expect(again).toEqual(first);
    });

    it("when an idempotency key is reused with another amount, then it is refused", async () => {
      const { gateway } = harness();
      const idempotencyKey = key();
      await anIntent(gateway, { idempotencyKey, amount: 1450 });
      expect(await rejection(anIntent(gateway, { idempotencyKey, amount: 2900 }))).toBeInstanceOf(IdempotencyKeyReused);
    });

    it("when the amount is under $0.50, then no intent is created", async () => {
      const { gateway } = harness();
      const error = await rejection(anIntent(gateway, { amount: 49 }));
      expect(error).toBeInstanceOf(IntentAmountRejected);
    });

    it("when an intent is retrieved, then it reads as created until the customer pays, then succeeded", async () => {
      const { gateway, pay } = harness();
      const created = await anIntent(gateway);
      expect(await gateway.retrieveIntent(created.id)).toEqual(created);
      await pay(created.id);
      expect(await gateway.retrieveIntent(created.id)).toEqual({ ...created, status: "succeeded" });
    });

    it("when an unpaid intent is canceled, then it reads as canceled, cannot be paid, and canceling again answers the same", async () => {
      const { gateway, pay } = harness();
      const created = await anIntent(gateway);
      expect(await gateway.cancelIntent(created.id)).toEqual({ ...created, status: "canceled" });
      await pay(created.id).catch(() => undefined);
      expect(await gateway.retrieveIntent(created.id)).toEqual({ ...created, status: "canceled" });
      expect(await gateway.cancelIntent(created.id)).toEqual({ ...created, status: "canceled" });
    });

    it("when a paid intent is canceled, then it stays succeeded so the caller settles the money", async () => {
      const { gateway, pay } = harness();
      const created = await anIntent(gateway);
      await pay(created.id);
      expect(await gateway.cancelIntent(created.id)).toEqual({ ...created, status: "succeeded" });
      expect(await gateway.cancelIntent("pi_does_not_exist")).toBeUndefined();
    });

    it("when an unknown intent is retrieved, then the answer is undefined", async () => {
      const { gateway } = harness();
      expect(await gateway.retrieveIntent("pi_does_not_exist")).toBeUndefined();
    });

    it("when a paid intent is refunded in parts, then each part succeeds up to the amount charged and no further", async () => {
      const { gateway, pay } = harness();
      const intent = await anIntent(gateway, { amount: 3300 });
      await pay(intent.id);
      const half = await gateway.refund({ intentId: intent.id, amount: 1650, idempotencyKey: key() });
      expect(half).toMatchObject({ amount: 1650, status: "succeeded" });
      const rest = await gateway.refund({ intentId: intent.id, amount: 1650, idempotencyKey: key() });
      expect(rest.amount).toBe(1650);
      const over = await rejection(gateway.refund({ intentId: intent.id, amount: 1, idempotencyKey: key() }));
      expect(over).toBeInstanceOf(RefundRejected);
      expect(over).toMatchObject({ reason: "exceeds-refundable" });
    });

    it("when a refund is larger than what is left, then it is refused and nothing is refunded", async () => {
      const { gateway, pay } = harness();
      const intent = await anIntent(gateway, { amount: 1450 });
      await pay(intent.id);
      await gateway.refund({ intentId: intent.id, amount: 1000, idempotencyKey: key() });
      const over = await rejection(gateway.refund({ intentId: intent.id, amount: 451, idempotencyKey: key() }));
      expect(over).toMatchObject({ _tag: "RefundRejected", reason: "exceeds-refundable" });
      const exact = await gateway.refund({ intentId: intent.id, amount: 450, idempotencyKey: key() });
      expect(exact.amount).toBe(450);
    });

    it("when a refund is replayed with its idempotency key, even after a full refund, then the same refund comes back", async () => {
      const { gateway, pay } = harness();
      const intent = await anIntent(gateway, { amount: 2900 });
      await pay(intent.id);
      const idempotencyKey = key();
      const first = await gateway.refund({ intentId: intent.id, amount: 2900, idempotencyKey });
      const replay = await gateway.refund({ intentId: intent.id, amount: 2900, idempotencyKey });
      expect(replay).toEqual(first);
    });

    it("when a refund carries metadata, then its answer and the intent's list of refunds carry it back; one without carries none", async () => {
      const { gateway, pay } = harness();
      const intent = await anIntent(gateway, { amount: 3300 });
      await pay(intent.id);
      const metadata = { refundId: randomUUID(), reason: "cancellation" };
      const tagged = await gateway.refund({ intentId: intent.id, amount: 1000, idempotencyKey: key(), metadata });
      expect(tagged).toEqual({ id: expect.stringMatching(/^re_/), amount: 1000, status: "succeeded", metadata });
      const bare = await gateway.refund({ intentId: intent.id, amount: 500, idempotencyKey: key() });
      expect(bare.metadata).toEqual({});
      expect(await gateway.listRefunds(intent.id)).toEqual([bare, tagged]);
    });

    it("when refunds were made by us and at the provider, then listRefunds answers all of them, newest first, the provider's without metadata", async () => {
      const { gateway, pay, refundOutside } = harness();
      const intent = await anIntent(gateway, { amount: 3300 });
      await pay(intent.id);
      const first = await gateway.refund({ intentId: intent.id, amount: 1000, idempotencyKey: key(), metadata: { refundId: "r-1" } });
      await refundOutside(intent.id, 500);
      const third = await gateway.refund({ intentId: intent.id, amount: 700, idempotencyKey: key(), metadata: { refundId: "r-3" } });
      const list = await gateway.listRefunds(intent.id);
      expect(list).toEqual([
        third,
        { id: expect.stringMatching(/^re_/), amount: 500, status: "succeeded", metadata: {} },
        first,
      ]);
      expect(new Set(list.map((r) => r.id)).size).toBe(3);
      // the provider's refund counts against what is left, like ours
      const over = await rejection(gateway.refund({ intentId: intent.id, amount: 1101, idempotencyKey: key() }));
      expect(over).toMatchObject({ _tag: "RefundRejected", reason: "exceeds-refundable" });
    });

    it("when a refund is sent again under its key, then the same refund comes back and the provider holds it once; other metadata under the key is refused", async () => {
      const { gateway, pay } = harness();
      const intent = await anIntent(gateway, { amount: 2900 });
      await pay(intent.id);
      const idempotencyKey = key();
      const metadata = { refundId: randomUUID() };
      const first = await gateway.refund({ intentId: intent.id, amount: 1200, idempotencyKey, metadata });
      expect(await gateway.refund({ intentId: intent.id, amount: 1200, idempotencyKey, metadata })).toEqual(first);
      expect(await gateway.listRefunds(intent.id)).toEqual([first]);
      const other = await rejection(gateway.refund({ intentId: intent.id, amount: 1200, idempotencyKey, metadata: { refundId: "someone-else" } }));
      expect(other).toBeInstanceOf(IdempotencyKeyReused);
      expect(await gateway.listRefunds(intent.id)).toEqual([first]);
    });

    it("when an intent has no refunds, was never paid, or is unknown, then listRefunds answers an empty list", async () => {
      const { gateway, pay } = harness();
      const unpaid = await anIntent(gateway);
      expect(await gateway.listRefunds(unpaid.id)).toEqual([]);
      const paid = await anIntent(gateway);
      await pay(paid.id);
      expect(await gateway.listRefunds(paid.id)).toEqual([]);
      expect(await gateway.listRefunds("pi_does_not_exist")).toEqual([]);
    });

    it("when an intent that was never paid is refunded, then it is refused as not refundable", async () => {
      const { gateway } = harness();
      const intent = await anIntent(gateway);
      const error = await rejection(gateway.refund({ intentId: intent.id, amount: 100, idempotencyKey: key() }));
      expect(error).toMatchObject({ _tag: "RefundRejected", reason: "not-refundable" });
    });

    it("when an unknown intent is refunded, then it is refused as unknown", async () => {
      const { gateway } = harness();
      const error = await rejection(gateway.refund({ intentId: "pi_does_not_exist", amount: 100, idempotencyKey: key() }));
      expect(error).toMatchObject({ _tag: "RefundRejected", reason: "unknown-intent" });
    });

    it("when a refund amount is zero or fractional, then it is refused before reaching the provider", async () => {
      const { gateway, pay } = harness();
      const intent = await anIntent(gateway);
      await pay(intent.id);
      for (const amount of [0, -5, 12.5])
        expect(await rejection(gateway.refund({ intentId: intent.id, amount, idempotencyKey: key() }))).toMatchObject({
          reason: "invalid-amount",
        });
    });
  });
};
