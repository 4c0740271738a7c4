import { randomUUID } from "node:crypto";
import { chargedOf, type OwedRefund, type Refund, type RefundLedger, type RefundReason } from "@courts/core";
import { byKeys, type MemoryState } from "./state.js";

/** A refund as the in-memory ledger keeps it: with its lease (the SQL claimed_until column). */
export type StoredRefund = Refund & { readonly claimedUntil: Date | null };

const plain = ({ claimedUntil: _c, ...refund }: StoredRefund): Refund => refund;
const oldestFirst = (list: StoredRefund[]) => list.sort(byKeys((r) => [r.createdAt.getTime(), r.id]));

/** Owes refunds as the SQL ledger does inside a cancellation's or a closure's transaction. */
export const oweInMemory = (state: MemoryState, input: { bookingId: string; reason: RefundReason; owed: readonly OwedRefund[]; at: Date }): OwedRefund[] => {
  const written: OwedRefund[] = [];
  for (const o of input.owed) {
    const p = state.payments.get(o.paymentId);
    if (!p || (p.status !== "succeeded" && p.status !== "refunded") || p.refundedAmount + p.refundOwed + o.amount > chargedOf(p)) continue;
    state.payments.set(p.id, { ...p, status: "refunded", refundOwed: p.refundOwed + o.amount });
    addOwed(state, { ...o, bookingId: input.bookingId, reason: input.reason, at: input.at });
    written.push(o);
  }
  return written;
};

export const addOwed = (state: MemoryState, o: OwedRefund & { bookingId: string; reason: RefundReason; at: Date }) => {
  const p = state.payments.get(o.paymentId)!;
  state.refunds.set(o.refundId, {
    id: o.refundId,
    paymentId: o.paymentId,
    bookingId: o.bookingId,
    intentId: p.stripePaymentIntentId,
    paymentKind: p.kind,
    payerId: p.userId,
    amount: o.amount,
    reason: o.reason,
    status: "owed",
    idempotencyKey: `refund-${o.refundId}`,
    attempts: 0,
    lastError: null,
    providerRefundId: null,
    createdAt: o.at,
    sentAt: null,
    claimedUntil: null,
  });
};

export const memoryRefunds = (state: MemoryState): RefundLedger => {
  const free = (r: StoredRefund, now: Date) => r.status === "owed" && (r.claimedUntil === null || r.claimedUntil <= now);
  const markSent = (id: string, at: Date, providerRefundId: string | null): boolean => {
    const r = state.refunds.get(id);
    if (!r || r.status !== "owed") return false;
    state.refunds.set(id, { ...r, status: "sent", sentAt: at, providerRefundId, claimedUntil: null, lastError: null });
    const p = state.payments.get(r.paymentId);
    if (p)
      state.payments.set(p.id, {
        ...p,
        status: "refunded",
        refundedAmount: Math.min(p.refundedAmount + r.amount, chargedOf(p)),
        refundOwed: Math.max(0, p.refundOwed - r.amount),
        refundSentAt: at,
      });
    return true;
  };
  return {
    async findById(id) {
      const r = state.refunds.get(id);
      return r && plain(r);
    },
    async byBooking(bookingId) {
      return oldestFirst([...state.refunds.values()].filter((r) => r.bookingId === bookingId)).map(plain);
    },
    async claimOwed(now, until, limit) {
      const claimed = oldestFirst([...state.refunds.values()].filter((r) => free(r, now))).slice(0, limit);
      for (const r of claimed) state.refunds.set(r.id, { ...r, claimedUntil: until, attempts: r.attempts + 1 });
      return claimed.map((r) => plain(state.refunds.get(r.id)!));
    },
    async claim(id, now, until) {
      const r = state.refunds.get(id);
      if (!r || !free(r, now)) return undefined;
      const claimed = { ...r, claimedUntil: until, attempts: r.attempts + 1 };
      state.refunds.set(id, claimed);
      return plain(claimed);
    },
    async markSent(id, at, providerRefundId) {
      return markSent(id, at, providerRefundId);
    },
    async release(id, error) {
      const r = state.refunds.get(id);
      if (r && r.status === "owed") state.refunds.set(id, { ...r, claimedUntil: null, lastError: error.slice(0, 500) });
    },
    async renewKey(id) {
      const r = state.refunds.get(id);
      if (!r || r.status !== "owed") return undefined;
      const renewed = { ...r, idempotencyKey: `refund-${r.id}-try${r.attempts}` };
      state.refunds.set(id, renewed);
      return plain(renewed);
    },
    async reconcile(paymentId, listed, at, held = null) {
      const live = listed.filter((r) => r.status !== "failed");
      const confirmed: string[] = [];
      for (const refund of live) {
        const mine = refund.refundId === null ? undefined : state.refunds.get(refund.refundId);
        if (mine && mine.paymentId === paymentId && markSent(mine.id, at, refund.id)) confirmed.push(mine.id);
      }
      const p = state.payments.get(paymentId);
      if (!p || (p.status !== "succeeded" && p.status !== "refunded")) return { confirmed, external: 0, lowered: [] };
      const holds = Math.max(held ?? 0, chargedOf(p));
      const ofPayment = () => [...state.refunds.values()].filter((r) => r.paymentId === paymentId);
      const sentBefore = ofPayment().filter((r) => r.status === "sent").reduce((sum, r) => sum + r.amount, 0);
      const external = Math.min(live.reduce((sum, r) => sum + r.amount, 0), holds) - sentBefore;
      const sent = sentBefore + Math.max(0, external);
      if (external > 0) {
        const recorded = new Set(ofPayment().map((r) => r.providerRefundId));
        const outside = live.find((r) => (r.refundId === null || !state.refunds.has(r.refundId)) && !recorded.has(r.id));
        const id = randomUUID();
        state.refunds.set(id, {
          id,
          paymentId,
          bookingId: p.bookingId,
          intentId: p.stripePaymentIntentId,
          paymentKind: p.kind,
          payerId: p.userId,
          amount: external,
          reason: "provider",
          status: "sent",
          idempotencyKey: `provider-${id}`,
          attempts: 0,
          lastError: null,
          providerRefundId: outside?.id ?? null,
          createdAt: at,
          sentAt: at,
          claimedUntil: null,
        });
        state.payments.set(p.id, { ...p, status: "refunded", refundedAmount: Math.min(chargedOf(p), p.refundedAmount + external), refundSentAt: at });
      }
      const lowered: string[] = [];
      const owed = oldestFirst(ofPayment().filter((r) => r.status === "owed")).reverse();
      let excess = owed.reduce((sum, r) => sum + r.amount, 0) - Math.max(0, holds - sent);
      for (const r of owed) {
        if (excess <= 0) break;
        const cut = Math.min(r.amount, excess);
        excess -= cut;
        state.refunds.set(
          r.id,
          cut === r.amount
            ? { ...r, status: "void", lastError: "el proveedor ya había devuelto este dinero", claimedUntil: null }
            : { ...r, amount: r.amount - cut, idempotencyKey: `refund-${r.id}-cents${r.amount - cut}` },
        );
        const q = state.payments.get(paymentId)!;
        state.payments.set(paymentId, { ...q, refundOwed: Math.max(0, q.refundOwed - cut) });
        lowered.push(r.id);
      }
      return { confirmed, external: Math.max(0, external), lowered };
    },
    async late(before, limit) {
      return oldestFirst([...state.refunds.values()].filter((r) => r.status === "owed" && r.createdAt < before))
        .slice(0, limit)
        .map(plain);
    },
  };
};
