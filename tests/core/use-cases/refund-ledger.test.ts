import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import {
  ADMIN,
  cancelBooking,
  createBooking,
  createPaymentIntent,
  lateRefunds,
  recordPayment,
  recordProviderRefunds,
  sendOwedRefunds,
  type PaymentGateway,
  type Ports,
} from "@courts/core";
import { club, failure, ok } from "./harness.js";

/**
 * The provider's faults as a Stripe-like provider shows them: an error saved under the
 * idempotency key (every retry with that key gets it back), an answer lost after the refund was
 * made, refunds made at its dashboard.
 */
const faultyRefunds = (gateway: PaymentGateway) => {
  const saved = new Map<string, Error>();
  let saveNext = false;
  let loseNext = false;
  const calls: string[] = [];
  const faulty: PaymentGateway = {
    ...gateway,
    async refund(input) {
      calls.push(input.idempotencyKey);
      const error = saved.get(input.idempotencyKey);
      if (error) throw error;
      if (saveNext) {
        saveNext = false;
        const failed = new Error("API error 500: saved under the idempotency key");
        saved.set(input.idempotencyKey, failed);
        throw failed;
      }
      const refund = await gateway.refund(input);
      if (loseNext) {
        loseNext = false;
        throw new Error("socket hang up");
      }
      return refund;
    },
  };
  return {
    gateway: faulty,
    calls,
    saveNextError: () => (saveNext = true),
    loseNextAnswer: () => (loseNext = true),
    /** a refund made in the provider's dashboard: no metadata of ours */
    refundOutside: (intentId: string, amount: number) => gateway.refund({ intentId, amount, idempotencyKey: `dashboard-${intentId}-${amount}` }),
  };
};

const sweep = (ports: Ports) => Effect.runPromise(sendOwedRefunds(ports));

/** Ana books a night doubles court two days ahead and pays all of it ($33.00) by card. */
const paidGame = async () => {
  const c = await club();
  const faults = faultyRefunds(c.gateway);
  const ports: Ports = { ...c.ports, gateway: faults.gateway };
  const booking = await ok(createBooking(ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-23", timeSlot: "18:00", gameType: "doubles" }));
  const intent = await ok(createPaymentIntent(ports, c.asAna, { bookingId: booking.id, paymentType: "full" }));
  expect((await c.pay(intent.clientSecret)).ok).toBe(true);
  const { payment } = await ok(recordPayment(ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
  const atProvider = async () => (await c.gateway.listRefunds(intent.paymentIntentId)).reduce((sum, r) => sum + r.amount, 0);
  return { ...c, ports, faults, booking, intent, payment, atProvider };
};

describe("the refund ledger and the provider", () => {
  it("when the provider saved a 500 under the refund's key, then the sweep asks it, finds nothing refunded, and sends once under a new key", async () => {
    const g = await paidGame();
    g.faults.saveNextError();
    const answer = await ok(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id }));
    expect(answer).toMatchObject({ refundPercentage: 100, refundAmount: 3300, refundPending: 3300 });
    const [owed] = await g.ports.refunds.byBooking(g.booking.id);
    expect(owed).toMatchObject({ status: "owed", reason: "player", lastError: expect.stringContaining("500") });

    expect(await sweep(g.ports)).toBe(1);
    expect(await g.atProvider()).toBe(3300);
    expect(g.faults.calls).toHaveLength(2);
    expect(new Set(g.faults.calls).size).toBe(2);
    expect(await g.ports.payments.findById(g.payment.id)).toMatchObject({ status: "refunded", refundedAmount: 3300, refundOwed: 0 });
    // nothing left to do: the next passes call nobody
    expect(await sweep(g.ports)).toBe(0);
    expect(g.faults.calls).toHaveLength(2);
  });

  it("when the refund was made but its answer was lost, then the next pass finds it at the provider and records it, without refunding again", async () => {
    const g = await paidGame();
    g.faults.loseNextAnswer();
    expect(await ok(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id }))).toMatchObject({ refundPending: 3300 });
    expect(await g.atProvider()).toBe(3300);

    // recorded as sent in this pass, from the provider's list: no second call to refund
    expect(await sweep(g.ports)).toBe(1);
    expect(g.faults.calls).toHaveLength(1);
    const [refund] = await g.ports.refunds.byBooking(g.booking.id);
    expect(refund).toMatchObject({ status: "sent", providerRefundId: expect.any(String), lastError: null });
    expect(await g.ports.payments.findById(g.payment.id)).toMatchObject({ refundedAmount: 3300, refundOwed: 0 });
    expect(await g.atProvider()).toBe(3300);
  });

  it("when the charge was refunded at the provider's dashboard and the event arrives, then the ledger records it, revenue drops, and a later cancellation owes nothing", async () => {
    const g = await paidGame();
    await g.faults.refundOutside(g.intent.paymentIntentId, 1000);
    expect(await Effect.runPromise(recordProviderRefunds(g.ports, g.intent.paymentIntentId))).toMatchObject({ external: 1000 });
    // the same event twice records nothing more
    expect(await Effect.runPromise(recordProviderRefunds(g.ports, g.intent.paymentIntentId))).toMatchObject({ external: 0 });
    expect(await g.ports.payments.findById(g.payment.id)).toMatchObject({ status: "refunded", refundedAmount: 1000 });
    expect((await g.ports.payments.summary()).refunds).toBe(1000);

    // 100% tier: what is left of the charge, not the whole of it again
    expect(await ok(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id }))).toMatchObject({ refundAmount: 2300, refundPending: 0 });
    expect(await g.atProvider()).toBe(3300);
    expect((await g.ports.refunds.byBooking(g.booking.id)).map((r) => [r.reason, r.status, r.amount]).sort()).toEqual([
      ["player", "sent", 2300],
      ["provider", "sent", 1000],
    ]);
  });

  it("when the dashboard refunded the charge after the cancellation was decided, then the owed refund is lowered to what is left and sent once", async () => {
    const g = await paidGame();
    g.faults.saveNextError();
    await ok(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id }));
    await g.faults.refundOutside(g.intent.paymentIntentId, 3000);

    expect(await sweep(g.ports)).toBe(1);
    expect(await g.atProvider()).toBe(3300);
    expect((await g.ports.refunds.byBooking(g.booking.id)).map((r) => [r.reason, r.status, r.amount]).sort()).toEqual([
      ["player", "sent", 300],
      ["provider", "sent", 3000],
    ]);
    expect(await g.ports.payments.findById(g.payment.id)).toMatchObject({ refundedAmount: 3300, refundOwed: 0 });
  });

  it("when all of it went back at the dashboard before the owed refund was sent, then the refund is void and nobody is asked again", async () => {
    const g = await paidGame();
    g.faults.saveNextError();
    await ok(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id }));
    await g.faults.refundOutside(g.intent.paymentIntentId, 3300);

    expect(await sweep(g.ports)).toBe(0);
    expect((await g.ports.refunds.byBooking(g.booking.id)).map((r) => [r.reason, r.status]).sort()).toEqual([
      ["player", "void"],
      ["provider", "sent"],
    ]);
    expect(await g.ports.payments.findById(g.payment.id)).toMatchObject({ refundedAmount: 3300, refundOwed: 0 });
    const calls = g.faults.calls.length;
    expect(await sweep(g.ports)).toBe(0);
    expect(g.faults.calls).toHaveLength(calls);
  });

  it("when a refund is still owed after the alert hours, then the admin sees it with why; a player does not", async () => {
    const g = await paidGame();
    const down: Ports = { ...g.ports, gateway: { ...g.ports.gateway, refund: () => Promise.reject(new Error("proveedor caído")), listRefunds: () => Promise.reject(new Error("proveedor caído")) } };
    await ok(cancelBooking(down, g.asAna, { bookingId: g.booking.id }));
    expect(await Effect.runPromise(lateRefunds(down, ADMIN, 24))).toEqual([]);
    g.clock.set(new Date(g.clock.now().getTime() + 25 * 3_600_000));
    await sweep(down);
    const late = await Effect.runPromise(lateRefunds(down, ADMIN, 24));
    expect(late).toMatchObject([{ bookingId: g.booking.id, amount: 3300, status: "owed", lastError: expect.stringContaining("proveedor caído") }]);
    expect((await failure(lateRefunds(down, g.asAna, 24)))._tag).toBe("NotAllowed");
  });

  it("when a cancellation is asked twice, then the money goes back once", async () => {
    const g = await paidGame();
    await ok(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id }));
    expect((await failure(cancelBooking(g.ports, g.asAna, { bookingId: g.booking.id })))._tag).toBe("BookingNotActive");
    expect(await sweep(g.ports)).toBe(0);
    expect(await g.atProvider()).toBe(3300);
    expect(await g.ports.refunds.byBooking(g.booking.id)).toHaveLength(1);
  });
});
