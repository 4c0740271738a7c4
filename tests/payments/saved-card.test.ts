import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentGateway } from "@courts/core";
import { simulatedGateway } from "../../adapters/src/payments/simulated-gateway.js";
import { stripeGateway } from "../../adapters/src/payments/stripe-gateway.js";
import { loadConfig } from "../../adapters/src/config.js";
import { configProblems } from "../support/config-problems.js";
import { startFakeStripeServer, type FakeStripeServer } from "../support/fake-stripe-server.js";
import { memoryIntentStore } from "../support/memory-intent-store.js";

/**
 * The organiser's card saved for the remainder (DESIGN.md section 8), on both providers: a
 * Customer per organiser, the card kept with setup_future_usage "off_session", an off-session
 * charge once per idempotency key, and a card whose bank wants the cardholder (SCA) refused.
 */

let server: FakeStripeServer;
beforeAll(async () => {
  server = await startFakeStripeServer();
});
afterAll(() => server.close());

const ids = { uuid: () => randomUUID(), token: () => randomUUID().replaceAll("-", "") };

interface Provider {
  readonly gateway: PaymentGateway;
  /** the browser pays the intent: a good card, or one refused later off-session */
  pay(intent: { id: string; clientSecret: string }, card: "ok" | "sca"): Promise<void>;
}

const providers: readonly { name: string; make: () => Provider }[] = [
  {
    name: "simulated",
    make: () => {
      const gateway = simulatedGateway(memoryIntentStore(), ids);
      return {
        gateway,
        pay: async (intent, card) => {
          const result = await gateway.confirm({
            clientSecret: intent.clientSecret,
            cardNumber: card === "sca" ? "4000 0000 0000 0341" : "4242 4242 4242 4242",
            expMonth: 12,
            expYear: 2040,
            cvc: "123",
            now: new Date(),
          });
          expect(result.ok).toBe(true);
        },
      };
    },
  },
  {
    name: "stripe (fake Stripe API)",
    make: () => ({
      gateway: stripeGateway(server.gatewayOptions("sk_test_courts")),
      pay: async (intent, card) => {
        server.succeed(intent.id, card);
      },
    }),
  },
];

for (const { name, make } of providers) {
  describe(`saved card for the remainder on the ${name} provider`, () => {
    const saved = async (card: "ok" | "sca") => {
      const p = make();
      const customerId = await p.gateway.createCustomer({ userId: randomUUID(), email: "ana@example.com", idempotencyKey: `customer-${randomUUID()}` });
      const intent = await p.gateway.createIntent({
        amount: 825,
        currency: "usd",
        metadata: { bookingId: "b-1", kind: "partial" },
        idempotencyKey: `intent-${randomUUID()}`,
        saveCardFor: { customerId },
      });
      await p.pay(intent, card);
      const paid = await p.gateway.retrieveIntent(intent.id);
      expect(paid?.savedCard?.customerId).toBe(customerId);
      return { p, card: paid!.savedCard! };
    };

    it("when the organiser paid with a saved card, then the remainder is charged off-session once per key", async () => {
      const { p, card } = await saved("ok");
      const key = `remainder-${randomUUID()}`;
      const input = { card, amount: 2475, currency: "usd" as const, metadata: { bookingId: "b-1", kind: "remainder" }, idempotencyKey: key };
      const first = await p.gateway.chargeOffSession(input);
      const again = await p.gateway.chargeOffSession(input);
      expect(first.status).toBe("succeeded");
      expect(again.status === "succeeded" && first.status === "succeeded" && again.intent.id === first.intent.id).toBe(true);
      if (first.status === "succeeded") expect((await p.gateway.retrieveIntent(first.intent.id))).toMatchObject({ status: "succeeded", amount: 2475 });
    });

    it("when the bank wants the cardholder present (SCA), then the off-session charge is a decline", async () => {
      const { p, card } = await saved("sca");
      const result = await p.gateway.chargeOffSession({
        card,
        amount: 2475,
        currency: "usd",
        metadata: { bookingId: "b-1", kind: "remainder" },
        idempotencyKey: `remainder-${randomUUID()}`,
      });
      expect(result.status).toBe("declined");
      if (result.status === "declined") {
        expect(result.intentId).not.toBeNull();
        expect((await p.gateway.retrieveIntent(result.intentId!))?.status).not.toBe("succeeded");
      }
    });

    it("when a card is paid without being saved, then no card is kept", async () => {
      const p = make();
      const intent = await p.gateway.createIntent({ amount: 825, currency: "usd", metadata: { kind: "partial" }, idempotencyKey: `intent-${randomUUID()}` });
      await p.pay(intent, "ok");
      expect((await p.gateway.retrieveIntent(intent.id))?.savedCard ?? null).toBeNull();
    });
  });
}

describe("configuration of holds and the split deadline", () => {
  const base = { DATA_DIR: "/tmp/courts-config-test" };
  it("when nothing is set, then the defaults are 15 minutes, 2 unpaid bookings and 2 hours", () => {
    expect(loadConfig(base, { persistSecret: false }).bookingPolicy).toEqual({ holdMinutes: 15, maxUnpaidBookings: 2, unverifiedUnpaidBookings: 1, shareDeadlineHours: 2 });
  });
  it("when decimals are given, then they are kept", () => {
    const config = loadConfig({ ...base, BOOKING_HOLD_MINUTES: "0.05", SHARE_DEADLINE_HOURS: "1.5", MAX_UNPAID_BOOKINGS: "3" }, { persistSecret: false });
    expect(config.bookingPolicy).toEqual({ holdMinutes: 0.05, maxUnpaidBookings: 3, unverifiedUnpaidBookings: 1, shareDeadlineHours: 1.5 });
  });
  it("when the values are wrong, then each is named", () => {
    const problems = configProblems({ ...base, BOOKING_HOLD_MINUTES: "0", MAX_UNPAID_BOOKINGS: "1.5", SHARE_DEADLINE_HOURS: "-1" });
    expect(problems.join("\n")).toMatch(/BOOKING_HOLD_MINUTES/);
    expect(problems.join("\n")).toMatch(/MAX_UNPAID_BOOKINGS/);
    expect(problems.join("\n")).toMatch(/SHARE_DEADLINE_HOURS/);
  });
});

describe("configuration of accounts", () => {
  const base = { DATA_DIR: "/tmp/courts-config-test" };
  it("when nothing is set, then phones are read in Ecuador and a reset link works 60 minutes", () => {
    expect(loadConfig(base, { persistSecret: false }).accountPolicy).toMatchObject({ phoneRegion: "EC", passwordResetMinutes: 60 });
  });
  it("when a region is given in lower case, then it is kept upper case; an unknown one or a reset time of 0 is named", () => {
    expect(loadConfig({ ...base, PHONE_REGION: "es", PASSWORD_RESET_MINUTES: "30" }, { persistSecret: false }).accountPolicy).toMatchObject({ phoneRegion: "ES", passwordResetMinutes: 30 });
    const problems = configProblems({ ...base, PHONE_REGION: "Ecuador", PASSWORD_RESET_MINUTES: "0" });
    expect(problems.join("\n")).toMatch(/PHONE_REGION/);
    expect(problems.join("\n")).toMatch(/PASSWORD_RESET_MINUTES/);
  });
});
