import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { SimulatedIntent, SimulatedRefund } from "@courts/adapters/payments/simulated-intent-store";
import type { Subject } from "../support/harness.js";

export const anIntent = (overrides: Partial<SimulatedIntent> = {}): SimulatedIntent => ({
  id: `pi_sim_${randomUUID().replaceAll("-", "")}`,
  clientSecret: `pi_secret_${randomUUID().replaceAll("-", "")}`,
  amount: 725,
  currency: "usd",
  status: "requires_payment_method",
  metadata: { bookingId: randomUUID(), kind: "partial" },
  idempotencyKey: randomUUID(),
  createdAt: new Date("2026-11-21T12:00:00.000Z"),
  ...overrides,
});

const aRefund = (intentId: string, overrides: Partial<SimulatedRefund> = {}): SimulatedRefund => ({
  id: `re_sim_${randomUUID().replaceAll("-", "")}`,
  intentId,
  amount: 100,
  idempotencyKey: randomUUID(),
  createdAt: new Date("2026-11-21T13:00:00.000Z"),
  ...overrides,
});

export const simulatedIntentStoreContract = (subject: () => Subject): void => {
  const store = () => subject().simulatedIntents;

  it("when an intent is inserted, then it is found by id and by client secret", async () => {
    const intent = anIntent();
    expect(await store().insertIntent(intent)).toEqual(intent);
    expect(await store().findIntent(intent.id)).toEqual(intent);
    expect(await store().findIntentByClientSecret(intent.clientSecret)).toEqual(intent);
    expect(await store().findIntent("pi_unknown")).toBeUndefined();
    expect(await store().findIntentByClientSecret("secret_unknown")).toBeUndefined();
  });

  it("when an idempotency key is used again, then the first intent is returned and no second one exists", async () => {
    const first = anIntent();
    await store().insertIntent(first);
    const retry = anIntent({ idempotencyKey: first.idempotencyKey, amount: 999 });
    expect(await store().insertIntent(retry)).toEqual(first);
    expect(await store().findIntent(retry.id)).toBeUndefined();
  });

  it("when many callers insert with one key at once, then they all get the same single intent", async () => {
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => store().insertIntent(anIntent({ idempotencyKey: key }))));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });

  it("when a status moves, then it moves only from the expected status", async () => {
    const intent = anIntent();
    await store().insertIntent(intent);
    expect(await store().updateIntentStatus(intent.id, "requires_payment_method", "succeeded")).toBe(true);
    expect(await store().updateIntentStatus(intent.id, "requires_payment_method", "canceled")).toBe(false);
    expect(await store().findIntent(intent.id)).toMatchObject({ status: "succeeded" });
    expect(await store().updateIntentStatus("pi_unknown", "succeeded", "canceled")).toBe(false);
  });

  it("when refunds are inserted, then a repeated key returns the first and the refunded amount sums them", async () => {
    const intent = anIntent();
    await store().insertIntent(intent);
    expect(await store().refundedAmount(intent.id)).toBe(0);
    const first = aRefund(intent.id, { amount: 200 });
    expect(await store().insertRefund(first)).toEqual(first);
    expect(await store().insertRefund(aRefund(intent.id, { idempotencyKey: first.idempotencyKey, amount: 300 }))).toEqual(first);
    await store().insertRefund(aRefund(intent.id, { amount: 50 }));
    expect(await store().refundedAmount(intent.id)).toBe(250);
  });
};
