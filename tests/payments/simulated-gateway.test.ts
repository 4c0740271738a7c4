import { randomBytes, randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { simulatedGateway, type ConfirmInput } from "../../adapters/src/payments/simulated-gateway.js";
import { memoryIntentStore } from "../support/memory-intent-store.js";

const NOW = new Date("2026-11-21T12:00:00.000Z");
const ids = { uuid: randomUUID, token: () => randomBytes(24).toString("base64url") };

describe("simulatedGateway", () => {
  let store: ReturnType<typeof memoryIntentStore>;
  let gateway: ReturnType<typeof simulatedGateway>;
  let clientSecret: string;
  let intentId: string;

  beforeEach(async () => {
    store = memoryIntentStore();
    gateway = simulatedGateway(store, ids, { now: () => NOW });
    const intent = await gateway.createIntent({ amount: 1450, currency: "usd", metadata: { bookingId: "b-1" }, idempotencyKey: randomUUID() });
    clientSecret = intent.clientSecret;
    intentId = intent.id;
  });

  const card = (overrides: Partial<ConfirmInput> = {}): ConfirmInput => ({
    clientSecret,
    cardNumber: "4242 4242 4242 4242",
    expMonth: 12,
    expYear: 2030,
    cvc: "123",
    now: NOW,
    ...overrides,
  });

  it("when an intent is created, then it is a pi_sim_ intent with an unguessable client secret, persisted in the store", async () => {
    expect(gateway.mode).toBe("simulated");
    expect(intentId).toMatch(/^pi_sim_[0-9a-f]{32}$/);
    expect(clientSecret).toMatch(new RegExp(`^${intentId}_secret_[A-Za-z0-9_-]{32}$`));
    expect(store.intents.get(intentId)).toMatchObject({ amount: 1450, status: "requires_payment_method", createdAt: NOW });
  });

  it("when 4242 4242 4242 4242 is confirmed, then the intent succeeds", async () => {
    expect(await gateway.confirm(card())).toEqual({ ok: true, paymentIntentId: intentId, status: "succeeded" });
    expect((await gateway.retrieveIntent(intentId))?.status).toBe("succeeded");
  });

  it.each(["5555555555554444", "378282246310005", "4000056655665556", "6011 1111 1111 1117"])(
    "when another valid card (%s) is confirmed, then the intent succeeds",
    async (cardNumber) => {
      expect(await gateway.confirm(card({ cardNumber }))).toMatchObject({ ok: true });
    },
  );

  it("when 4000 0000 0000 0002 is confirmed, then it is declined in Spanish and the intent still awaits a card", async () => {
    expect(await gateway.confirm(card({ cardNumber: "4000 0000 0000 0002" }))).toEqual({
      ok: false,
      code: "CARD_DECLINED",
      paymentIntentId: intentId,
      message: "Tu tarjeta fue rechazada",
    });
    expect((await gateway.retrieveIntent(intentId))?.status).toBe("requires_payment_method");
    expect(await gateway.confirm(card())).toMatchObject({ ok: true });
  });

  it.each([
    ["4242 4242 4242 4241", "a failed Luhn check"],
    ["4242 4242 42", "12 digits"],
    ["4242 4242 4242 4242 4242", "20 digits"],
    ["4242-4242-4242-4242", "dashes"],
    ["", "nothing"],
  ])("when the card number is %s (%s), then cardNumber is named invalid", async (cardNumber) => {
    expect(await gateway.confirm(card({ cardNumber }))).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      field: "cardNumber",
      message: "Número de tarjeta inválido",
    });
  });

  it.each([
    [{ expMonth: 0 }, "expMonth"],
    [{ expMonth: 13 }, "expMonth"],
    [{ expMonth: 1.5 }, "expMonth"],
    [{ expYear: 2025 }, "expYear"],
    [{ expYear: 25 }, "expYear"],
    [{ expYear: 226 }, "expYear"],
    [{ expYear: 20301 }, "expYear"],
    [{ expYear: 2026, expMonth: 10 }, "expMonth"],
  ] as const)("when the expiry is %o, then %s is named invalid", async (expiry, field) => {
    expect(await gateway.confirm(card(expiry))).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      field,
      message: "Fecha de vencimiento inválida",
    });
  });

  it.each([
    [{ expYear: 2026, expMonth: 11 }, "this very month, four digits"],
    [{ expYear: 26, expMonth: 11 }, "this very month, two digits"],
    [{ expYear: 31, expMonth: 1 }, "two digits"],
  ] as const)("when the expiry is %o (%s), then the card is accepted", async (expiry, _label) => {
    expect(await gateway.confirm(card(expiry))).toMatchObject({ ok: true });
  });

  it.each(["12", "12345", "abc", ""])("when the CVC is '%s', then cvc is named invalid", async (cvc) => {
    expect(await gateway.confirm(card({ cvc }))).toEqual({ ok: false, code: "INVALID_INPUT", field: "cvc", message: "CVC inválido" });
  });

  it("when a four-digit CVC is sent, then it is accepted", async () => {
    expect(await gateway.confirm(card({ cardNumber: "3782 822463 10005", cvc: "1234" }))).toMatchObject({ ok: true });
  });

  it("when a succeeded intent is confirmed again, then the answer is ok again and nothing changes", async () => {
    await gateway.confirm(card());
    expect(await gateway.confirm(card())).toEqual({ ok: true, paymentIntentId: intentId, status: "succeeded" });
  });

  it("when the same intent is confirmed twice at once, then both answers are ok", async () => {
    const answers = await Promise.all([gateway.confirm(card()), gateway.confirm(card())]);
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
  });

  it("when the client secret is unknown, then the answer is not found", async () => {
    expect(await gateway.confirm(card({ clientSecret: `${intentId}_secret_guessed` }))).toEqual({
      ok: false,
      code: "NOT_FOUND",
      message: "Pago no encontrado",
    });
  });

  it("when another gateway shares the store (a second process), then it sees the intent and its payment", async () => {
    await gateway.confirm(card());
    const other = simulatedGateway(store, ids);
    expect((await other.retrieveIntent(intentId))?.status).toBe("succeeded");
  });

  it("when two refunds that together pass the amount race, then only one is granted", async () => {
    await gateway.confirm(card());
    const results = await Promise.allSettled([
      gateway.refund({ intentId, amount: 1000, idempotencyKey: "r-1" }),
      gateway.refund({ intentId, amount: 1000, idempotencyKey: "r-2" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await store.refundedAmount(intentId)).toBe(1000);
  });

  it("when a refund key is reused for another amount, then it is refused", async () => {
    await gateway.confirm(card());
    await gateway.refund({ intentId, amount: 500, idempotencyKey: "r-1" });
    await expect(gateway.refund({ intentId, amount: 600, idempotencyKey: "r-1" })).rejects.toMatchObject({
      _tag: "IdempotencyKeyReused",
    });
    expect(await store.refundedAmount(intentId)).toBe(500);
  });
});
