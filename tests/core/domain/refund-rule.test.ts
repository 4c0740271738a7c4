import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chargedOf, decideRefunds, refundAmount, type RefundablePayment } from "@courts/core";

const paid = (id: string, amount: number, discount = 0): RefundablePayment => ({
  id,
  status: "succeeded",
  amount,
  discount,
  refundedAmount: 0,
  refundOwed: 0,
  paidAt: new Date("2026-11-20T12:00:00.000Z"),
});

/** What a ledger does with a decision: the payment owes it (and later has it sent). */
const owe = (payments: RefundablePayment[], decisions: ReturnType<typeof decideRefunds>): RefundablePayment[] =>
  payments.map((p) => {
    const d = decisions.find((x) => x.paymentId === p.id);
    return d ? { ...p, status: "refunded", refundOwed: p.refundOwed + d.amount } : p;
  });

const arbPayments = fc
  .array(fc.record({ amount: fc.integer({ min: 1, max: 1_000_000 }), discountPart: fc.integer({ min: 0, max: 100 }) }), { minLength: 1, maxLength: 6 })
  .map((rows) => rows.map((r, i) => paid(`p${i}`, r.amount, Math.floor((r.amount * r.discountPart) / 100))));
const arbTier = fc.constantFrom(0, 50, 100);

describe("the refund rule", () => {
  it("when a booking's money goes back at a tier, then each payer gets the tier of what they paid, to the cent (half-up)", () => {
    fc.assert(
      fc.property(arbPayments, arbTier, (payments, tier) => {
        const decided = decideRefunds(payments, tier);
        for (const p of payments) {
          const expected = refundAmount(chargedOf(p), tier);
          expect(decided.find((d) => d.paymentId === p.id)?.amount ?? 0).toBe(expected);
        }
      }),
    );
  });

  it("when the same refund is decided again after the first decision was written, then nothing more is owed", () => {
    fc.assert(
      fc.property(arbPayments, arbTier, (payments, tier) => {
        const after = owe(payments, decideRefunds(payments, tier));
        expect(decideRefunds(after, tier)).toEqual([]);
        // a closure after a player's 50%: the rest, never more than was charged
        const total = owe(after, decideRefunds(after, 100));
        for (const p of total) expect(p.refundedAmount + p.refundOwed).toBe(chargedOf(p));
      }),
    );
  });

  it("when part was already given back (at the provider's dashboard), then the payer gets the tier less that, never a negative amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 100 }), arbTier, (amount, part, tier) => {
        const refundedAmount = Math.floor((amount * part) / 100);
        const [decided] = decideRefunds([{ ...paid("p", amount), refundedAmount }], tier);
        const expected = Math.max(0, refundAmount(amount, tier) - refundedAmount);
        expect(decided?.amount ?? 0).toBe(expected);
      }),
    );
  });

  it("when a payment took no money (pending, failed, or refunded before it ever applied), then it gets nothing", () => {
    const base = paid("p", 2900);
    expect(decideRefunds([{ ...base, status: "pending", paidAt: null }], 100)).toEqual([]);
    expect(decideRefunds([{ ...base, status: "failed", paidAt: null }], 100)).toEqual([]);
    expect(decideRefunds([{ ...base, status: "refunded", paidAt: null, refundOwed: 2900 }], 100)).toEqual([]);
    expect(decideRefunds([base], 0)).toEqual([]);
  });
});
