import type { SimulatedIntent, SimulatedIntentStore, SimulatedRefund } from "@courts/adapters/payments/simulated-intent-store";

/** The simulated card provider's storage in a Map: idempotent by key, conditional status moves. */
export const memorySimulatedIntents = (): SimulatedIntentStore => {
  const intents = new Map<string, SimulatedIntent>();
  const refunds = new Map<string, SimulatedRefund>();
  return {
    async insertIntent(intent) {
      const existing = [...intents.values()].find((i) => i.idempotencyKey === intent.idempotencyKey);
      if (existing) return existing;
      if (intents.has(intent.id)) throw new Error(`duplicate simulated intent id ${intent.id}`);
      intents.set(intent.id, intent);
      return intent;
    },
    async findIntent(id) {
      return intents.get(id);
    },
    async findIntentByClientSecret(clientSecret) {
      return [...intents.values()].find((i) => i.clientSecret === clientSecret);
    },
    async updateIntentStatus(id, from, to) {
      const current = intents.get(id);
      if (!current || current.status !== from) return false;
      intents.set(id, { ...current, status: to });
      return true;
    },
    async insertRefund(refund) {
      const existing = [...refunds.values()].find((r) => r.idempotencyKey === refund.idempotencyKey);
      if (existing) return existing;
      if (refunds.has(refund.id)) throw new Error(`duplicate simulated refund id ${refund.id}`);
      refunds.set(refund.id, refund);
      return refund;
    },
    async refundedAmount(intentId) {
      return [...refunds.values()].filter((r) => r.intentId === intentId).reduce((sum, r) => sum + r.amount, 0);
    },
  };
};
