import { randomUUID } from "node:crypto";
import type { Cents, Ports } from "@courts/core";

/**
 * Gives `amount` of a payment back through the refund ledger, as the product does: a payment
 * whose money never applied (pending) is owed it as a settlement and the provider confirms it; a
 * recorded one is refunded at the provider and the ledger records what the provider reports.
 * Failed payments took no money: nothing happens.
 */
export const refundPayment = async (ports: Pick<Ports, "payments" | "refunds">, paymentId: string, amount: Cents, at = new Date()): Promise<void> => {
  const payment = await ports.payments.findById(paymentId);
  if (payment === undefined || payment.status === "failed") return;
  if (payment.status === "pending") {
    const refundId = randomUUID();
    if (await ports.payments.oweRefund({ id: paymentId, refundId, amount, flag: "refunded_on_arrival", at }))
      await ports.refunds.markSent(refundId, at, `re_${refundId}`);
    return;
  }
  // the provider lists every refund of the charge: the ones already recorded plus this one
  await ports.refunds.reconcile(paymentId, [{ id: `re_${randomUUID()}`, amount: payment.refundedAmount + amount, status: "succeeded", refundId: null }], at);
};
