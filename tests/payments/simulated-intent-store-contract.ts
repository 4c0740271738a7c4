import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type {
  SimulatedIntent,
  SimulatedIntentStore,
  SimulatedRefund,
} from "../../adapters/src/payments/simulated-intent-store.js";

const AT = new Date("2026-11-21T12:00:00.000Z");

const anIntent = (overrides: Partial<SimulatedIntent> = {}): SimulatedIntent => {
  const id = `pi_sim_${randomUUID().replaceAll("-", "")}`;
  return {
    id,
    clientSecret: `${id}_secret_${randomUUID()}`,
    amount: 3300,
    currency: "usd",
    status: "requires_payment_method",
    metadata: { bookingId: randomUUID(), kind: "full" },
    idempotencyKey: randomUUID(),
    createdAt: AT,
    ...overrides,
  };
};

const aRefund = (intentId: string, amount: number, overrides: Partial<SimulatedRefund> = {}): SimulatedRefund => ({
  id: `re_sim_${randomUUID().replaceAll("-", "")}`,
  intentId,
  amount,
  idempotencyKey: randomUUID(),
  createdAt: AT,
  ...overrides,
});

/**
 * What the simulated provider needs from its storage. Run it against every implementation
 * (the Map in tests/support, the SQL table): `simulatedIntentStoreContract("sql", () => store)`.
 */
export const simulatedIntentStoreContract = (name: string, makeStore: () => SimulatedIntentStore | Promise<SimulatedIntentStore>) => {
  describe(`SimulatedIntentStore contract: ${name}`, () => {
    it("when an intent is inserted, then it is found by id and by client secret, metadata and date intact", async () => {
      const store = await makeStore();
      const intent = anIntent();
      expect(await store.insertIntent(intent)).toEqual(intent);
      expect(await store.findIntent(intent.id)).toEqual(intent);
      expect(await store.findIntentByClientSecret(intent.clientSecret)).toEqual(intent);
      expect(await store.findIntent("pi_sim_missing")).toBeUndefined();
      expect(await store.findIntentByClientSecret("missing")).toBeUndefined();
    });

    it("when an intent is inserted again with a used idempotency key, then the first one comes back and no other is stored", async () => {
      const store = await makeStore();
      const first = anIntent();
      const second = anIntent({ idempotencyKey: first.idempotencyKey, amount: 1 });
      await store.insertIntent(first);
      expect(await store.insertIntent(second)).toEqual(first);
      expect(await store.findIntent(second.id)).toBeUndefined();
    });

    it("when a status moves from the status it has, then it moves once; from another, it does not", async () => {
      const store = await makeStore();
      const intent = anIntent();
      await store.insertIntent(intent);
      expect(await store.updateIntentStatus(intent.id, "requires_payment_method", "succeeded")).toBe(true);
      expect(await store.updateIntentStatus(intent.id, "requires_payment_method", "succeeded")).toBe(false);
      expect(await store.updateIntentStatus("pi_sim_missing", "requires_payment_method", "succeeded")).toBe(false);
      expect((await store.findIntent(intent.id))?.status).toBe("succeeded");
    });

    it("when refunds are inserted, then they add up, and one that would pass the intent's amount is not stored", async () => {
      const store = await makeStore();
      const intent = anIntent({ amount: 3300, status: "succeeded" });
      await store.insertIntent(intent);
      expect(await store.refundedAmount(intent.id)).toBe(0);
      const half = aRefund(intent.id, 1650);
      expect(await store.insertRefund(half)).toEqual(half);
      expect(await store.insertRefund(aRefund(intent.id, 1651))).toBeUndefined();
      expect(await store.refundedAmount(intent.id)).toBe(1650);
      expect(await store.insertRefund(aRefund(intent.id, 1650))).toBeDefined();
      expect(await store.refundedAmount(intent.id)).toBe(3300);
    });

    it("when a refund's idempotency key was used, then the first refund comes back, even once fully refunded", async () => {
      const store = await makeStore();
      const intent = anIntent({ amount: 1450, status: "succeeded" });
      await store.insertIntent(intent);
      const full = aRefund(intent.id, 1450);
      await store.insertRefund(full);
      expect(await store.insertRefund(aRefund(intent.id, 1450, { idempotencyKey: full.idempotencyKey }))).toEqual(full);
      expect(await store.refundedAmount(intent.id)).toBe(1450);
    });

    it("when refunds are listed, then they come newest first, each with the metadata it was stored with, even within one instant", async () => {
      const store = await makeStore();
      const intent = anIntent({ amount: 5000, status: "succeeded" });
      await store.insertIntent(intent);
      expect(await store.listRefunds(intent.id)).toEqual([]);
      const first = aRefund(intent.id, 1000, { metadata: { refundId: "r-1" } });
      const second = aRefund(intent.id, 500);
      const third = aRefund(intent.id, 700, { metadata: { refundId: "r-3", reason: "closure" } });
      for (const refund of [first, second, third]) expect(await store.insertRefund(refund)).toEqual(refund);
      const other = anIntent({ status: "succeeded" });
      await store.insertIntent(other);
      await store.insertRefund(aRefund(other.id, 100));
      expect(await store.listRefunds(intent.id)).toEqual([third, second, first]);
      // a replay answers the refund as first stored, metadata included
      expect(await store.insertRefund({ ...aRefund(intent.id, 700), idempotencyKey: third.idempotencyKey })).toEqual(third);
      expect(await store.listRefunds("pi_sim_missing")).toEqual([]);
    });

    it("when refunds of the same intent race, then together they never pass the intent's amount", async () => {
      const store = await makeStore();
      const intent = anIntent({ amount: 1000, status: "succeeded" });
      await store.insertIntent(intent);
      const results = await Promise.all(Array.from({ length: 8 }, () => store.insertRefund(aRefund(intent.id, 300))));
      expect(results.filter((r) => r !== undefined)).toHaveLength(3);
      expect(await store.refundedAmount(intent.id)).toBe(900);
    });
  });
};
