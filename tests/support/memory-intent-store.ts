import type { IntentStatus } from "@courts/core";
import type {
  SimulatedIntent,
  SimulatedIntentStore,
  SimulatedRefund,
} from "../../adapters/src/payments/simulated-intent-store.js";

/**
 * The simulated provider's storage in a few Maps, for unit tests. Every method does its check
 * and its write with no await in between, so in one process it is as atomic as the SQL store.
 */
export const memoryIntentStore = (): SimulatedIntentStore & {
  readonly intents: ReadonlyMap<string, SimulatedIntent>;
  readonly refunds: ReadonlyMap<string, SimulatedRefund>;
} => {
  const intents = new Map<string, SimulatedIntent>();
  const intentByKey = new Map<string, string>();
  const intentBySecret = new Map<string, string>();
  const refunds = new Map<string, SimulatedRefund>();
  const refundByKey = new Map<string, string>();

  const refundedAmount = (intentId: string): number => {
    let sum = 0;
    for (const refund of refunds.values()) if (refund.intentId === intentId) sum += refund.amount;
    return sum;
  };

  return {
    intents,
    refunds,

    async insertIntent(intent) {
      const existing = intentByKey.get(intent.idempotencyKey);
      if (existing !== undefined) return intents.get(existing)!;
      const copy = { ...intent, metadata: { ...intent.metadata } };
      intents.set(intent.id, copy);
      intentByKey.set(intent.idempotencyKey, intent.id);
      intentBySecret.set(intent.clientSecret, intent.id);
      return copy;
    },

    async findIntent(id) {
      return intents.get(id);
    },

    async findIntentByClientSecret(clientSecret) {
      const id = intentBySecret.get(clientSecret);
      return id === undefined ? undefined : intents.get(id);
    },

    async updateIntentStatus(id: string, from: IntentStatus, to: IntentStatus) {
      const intent = intents.get(id);
      if (intent?.status !== from) return false;
      intents.set(id, { ...intent, status: to });
      return true;
    },

    async setPaymentMethod(id, paymentMethod) {
      const intent = intents.get(id);
      if (intent) intents.set(id, { ...intent, paymentMethod });
    },

    async insertRefund(refund) {
      const existing = refundByKey.get(refund.idempotencyKey);
      if (existing !== undefined) return refunds.get(existing)!;
      const intent = intents.get(refund.intentId);
      if (!intent || refundedAmount(refund.intentId) + refund.amount > intent.amount) return undefined;
      const copy = { ...refund, ...(refund.metadata ? { metadata: { ...refund.metadata } } : {}) };
      refunds.set(refund.id, copy);
      refundByKey.set(refund.idempotencyKey, refund.id);
      return copy;
    },

    async refundedAmount(intentId) {
      return refundedAmount(intentId);
    },

    async listRefunds(intentId) {
      // a Map keeps the order refunds were stored in: newest first is that order reversed
      return [...refunds.values()].filter((r) => r.intentId === intentId).reverse();
    },
  };
};
