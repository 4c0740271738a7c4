import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { simulatedGateway } from "../../adapters/src/payments/simulated-gateway.js";
import { stripeGateway } from "../../adapters/src/payments/stripe-gateway.js";
import { startFakeStripeServer, type FakeStripeServer } from "../support/fake-stripe-server.js";
import { memoryIntentStore } from "../support/memory-intent-store.js";
import { gatewayContract } from "./gateway-contract.js";

const ids = { uuid: randomUUID, token: () => randomBytes(24).toString("base64url") };

gatewayContract("simulated", () => {
  const store = memoryIntentStore();
  const gateway = simulatedGateway(store, ids);
  return {
    gateway,
    async pay(intentId) {
      const intent = await store.findIntent(intentId);
      const result = await gateway.confirm({
        clientSecret: intent!.clientSecret,
        cardNumber: "4242 4242 4242 4242",
        expMonth: 12,
        expYear: 2099,
        cvc: "123",
        now: new Date(),
      });
      if (!result.ok) throw new Error(result.message);
    },
    async refundOutside(intentId, amount) {
      // the embedded provider has no dashboard: its store takes the refund as one would
      const refund = await store.insertRefund({ id: `re_sim_${randomUUID().replaceAll("-", "")}`, intentId, amount, idempotencyKey: randomUUID(), createdAt: new Date() });
      if (!refund) throw new Error(`cannot refund ${amount} of ${intentId}`);
    },
  };
});

let server: FakeStripeServer;
beforeAll(async () => {
  server = await startFakeStripeServer();
});
afterAll(() => server.close());

gatewayContract("stripe (local fake server)", () => ({
  gateway: stripeGateway(server.gatewayOptions()),
  async pay(intentId) {
    server.succeed(intentId);
  },
  async refundOutside(intentId, amount) {
    server.refundOutside(intentId, amount);
  },
}));
