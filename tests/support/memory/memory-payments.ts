import { chargedOf, displayName, listsByGameDate, settledFigures, type Payment, type PaymentRepository, type PaymentWithPayer, type TransactionFilter } from "@courts/core";
import { recordInMemory } from "./memory-events.js";
import { addOwed } from "./memory-refunds.js";
import { byKeys, type MemoryState } from "./state.js";

/** Recorded (paidAt set), then kept or refunded; a pending payment refunded unapplied counts nowhere. */
const settled = (p: Payment) => (p.status === "succeeded" || p.status === "refunded") && p.paidAt !== null;
/** created_at desc, id desc: the SQL order, ties included */
const newestFirst = (list: Payment[]) => list.sort(byKeys((p) => [p.createdAt.getTime(), p.id])).reverse();

/** payment id -> lease end (the SQL claimed_until column) */
const leases = new WeakMap<MemoryState, Map<string, Date>>();
const matches = (f: TransactionFilter, venueOf: (p: Payment) => string | undefined) => (p: Payment) =>
  (f.status === undefined || p.status === f.status) &&
  (f.from === undefined || p.createdAt >= f.from) &&
  (f.to === undefined || p.createdAt < f.to) &&
  (f.gameFrom === undefined || p.bookingDate >= f.gameFrom) &&
  (f.gameTo === undefined || p.bookingDate <= f.gameTo) &&
  (f.venueId === undefined || venueOf(p) === f.venueId);

/** the SQL list's order: newest payment first, or newest game first when filtered by game date */
const inListOrder = (f: TransactionFilter, list: Payment[]) =>
  listsByGameDate(f)
    ? list.sort(byKeys((p) => [p.bookingDate, p.createdAt.getTime(), p.id])).reverse()
    : newestFirst(list);

const keysOf = (f: TransactionFilter, p: { readonly bookingDate: string; readonly createdAt: Date; readonly id: string }): string =>
  `${listsByGameDate(f) ? p.bookingDate : ""}|${p.createdAt.toISOString()}|${p.id}`;

export const invoiceNumberOf = (year: number, n: number): string => `${year}-${String(n).padStart(6, "0")}`;

export const memoryPayments = (state: MemoryState): PaymentRepository => {
  /** a payment as SQL reads it */
  const read = (payment: Payment): Payment => payment;
  const venueOf = (payment: Payment): string | undefined => {
    const booking = state.bookings.get(payment.bookingId);
    return booking === undefined ? undefined : state.courts.get(booking.courtId)?.venueId;
  };
  const withPayer = (payment: Payment): PaymentWithPayer => {
    const user = state.users.get(payment.userId);
    return { ...read(payment), userName: user ? displayName(user) : null, userEmail: user?.email ?? null };
  };
  const byIntent = (intentId: string) =>
    [...state.payments.values()].find((p) => p.stripePaymentIntentId === intentId);

  /** a discount code's use given back with its payment's move, never below zero */
  const releaseUse = (codeId: string | null) => {
    const code = codeId === null ? undefined : state.discountCodes.get(codeId);
    if (code && code.usageCount > 0) state.discountCodes.set(code.id, { ...code, usageCount: code.usageCount - 1 });
  };

  const lease = () => {
    let map = leases.get(state);
    if (!map) leases.set(state, (map = new Map()));
    return map;
  };

  const claimBatch = (wanted: (p: Payment) => boolean, now: Date, until: Date, limit: number): Payment[] => {
    const free = [...state.payments.values()]
      .filter((p) => wanted(p) && !((lease().get(p.id)?.getTime() ?? 0) > now.getTime()))
      .sort(byKeys((p) => [p.createdAt.getTime(), p.id]))
      .slice(0, limit);
    for (const p of free) lease().set(p.id, until);
    return free;
  };

  return {
    async insertPending(payment) {
      if (state.payments.has(payment.id)) throw new Error(`duplicate payment id ${payment.id}`);
      if (byIntent(payment.stripePaymentIntentId)) throw new Error(`duplicate payment intent ${payment.stripePaymentIntentId}`);
      if (payment.discountCodeId !== null) {
        // one use of an active code below its maximum, reserved with the payment
        const code = state.discountCodes.get(payment.discountCodeId);
        if (!code || !code.isActive || (code.maxUsage !== null && code.usageCount >= code.maxUsage)) return "code-used-up";
        state.discountCodes.set(code.id, { ...code, usageCount: code.usageCount + 1 });
      }
      state.payments.set(payment.id, payment);
      return payment;
    },
    // Synchronous body, like markSucceeded: the place is counted and taken with nothing in between.
    async insertSharePending(payment) {
      const token = payment.shareToken;
      if (payment.kind !== "shared" || token === null) throw new Error(`payment ${payment.id} is not a share of a link`);
      const link = [...state.shareLinks.values()].find((l) => l.token === token);
      const pending = [...state.payments.values()].filter(
        (p) => p.bookingId === payment.bookingId && p.shareToken === token && p.kind === "shared" && p.status === "pending",
      ).length;
      if (!link || pending >= link.maxParticipants - link.currentParticipants) return "no-place-left";
      return this.insertPending(payment);
    },
    async findById(id) {
      const payment = state.payments.get(id);
      return payment && withPayer(payment);
    },
    async findByIntent(intentId) {
      const payment = byIntent(intentId);
      return payment && read(payment);
    },
    async findPending(bookingId, payerId, kind) {
      return newestFirst(
        [...state.payments.values()].filter(
          (p) => p.status === "pending" && p.bookingId === bookingId && p.userId === payerId && p.kind === kind,
        ),
      )[0];
    },
    // Synchronous body: nothing interleaves, which is the in-memory form of "one transaction".
    async markSucceeded({ intentId, at, shareLinkId, events }) {
      const payment = byIntent(intentId);
      if (!payment) return { kind: "not-found" };
      if (payment.status !== "pending") return { kind: "already-recorded", payment };
      const booking = state.bookings.get(payment.bookingId);
      if (!booking || booking.status === "cancelled" || booking.status === "expired") return { kind: "booking-gone" };
      if (booking.paidAmount + payment.amount > booking.totalAmount) return { kind: "overpaid" };
      const paidBefore = (): boolean =>
        [...state.payments.values()].some((p) => p.id !== payment.id && p.bookingId === payment.bookingId && p.userId === payment.userId && p.status === "succeeded");
      if (payment.kind === "shared" && paidBefore()) return { kind: "share-already-paid" };
      const link = shareLinkId === null ? undefined : state.shareLinks.get(shareLinkId);
      if (shareLinkId !== null && !link) return { kind: "not-found" };
      if (link && link.currentParticipants >= link.maxParticipants) return { kind: "link-full" };

      const year = at.getUTCFullYear();
      const number = (state.invoiceCounters.get(year) ?? 0) + 1;
      state.invoiceCounters.set(year, number);
      const recorded: Payment = { ...payment, status: "succeeded", paidAt: at, invoiceNumber: invoiceNumberOf(year, number) };
      state.payments.set(payment.id, recorded);
      state.bookings.set(booking.id, { ...booking, paidAmount: booking.paidAmount + payment.amount });
      if (link) state.shareLinks.set(link.id, { ...link, currentParticipants: link.currentParticipants + 1 });
      if (events)
        recordInMemory(
          state,
          events({
            paymentId: payment.id,
            bookingId: booking.id,
            bookingPaid: booking.paidAmount + payment.amount,
            bookingTotal: booking.totalAmount,
            linkParticipants: link ? link.currentParticipants + 1 : null,
            linkPlaces: link ? link.maxParticipants : null,
          }),
          at,
        );
      return { kind: "recorded", payment: recorded };
    },
    recordWallet() {
      throw new Error("PaymentRepository.recordWallet is not kept in memory: wallet suites run on the SQL repositories");
    },
    async recordCash(payment, at, events) {
      const booking = state.bookings.get(payment.bookingId);
      if (!booking || booking.status === "cancelled") return { kind: "booking-gone" };
      if (booking.paidAmount + payment.amount > booking.totalAmount) return { kind: "overpaid" };
      state.payments.set(payment.id, { ...payment, status: "pending" });
      return this.markSucceeded({ intentId: payment.stripePaymentIntentId, at, shareLinkId: null, events });
    },
    async markFailed(id, releaseUseOf = null) {
      const payment = state.payments.get(id);
      if (!payment || payment.status !== "pending") return false;
      state.payments.set(id, { ...payment, status: "failed" });
      releaseUse(releaseUseOf);
      return true;
    },
    async listByBooking(bookingId) {
      return newestFirst([...state.payments.values()].filter((p) => p.bookingId === bookingId)).map(read);
    },
    async listByUser(userId) {
      return newestFirst([...state.payments.values()].filter((p) => p.userId === userId)).map(read);
    },
    async pageByUser(userId, { page, pageSize }) {
      const mine = newestFirst([...state.payments.values()].filter((p) => p.userId === userId)).map(read);
      return { items: mine.slice((page - 1) * pageSize, page * pageSize), total: mine.length, page, pageSize };
    },
    async pageTransactions(filter, { page, pageSize, after }) {
      const list = inListOrder(filter, [...state.payments.values()].filter(matches(filter, venueOf))).map(withPayer);
      const rest = after === undefined ? list.slice((page - 1) * pageSize) : list.filter((p) => keysOf(filter, p) < keysOf(filter, { bookingDate: after.bookingDate ?? "", ...after }));
      const items = rest.slice(0, pageSize);
      const last = items.at(-1);
      const nextAfter =
        rest.length > pageSize && last ? { createdAt: last.createdAt, id: last.id, ...(listsByGameDate(filter) ? { bookingDate: last.bookingDate } : {}) } : null;
      return { items, total: list.length, page, pageSize, nextAfter };
    },
    async *streamTransactions(filter) {
      yield* inListOrder(filter, [...state.payments.values()].filter(matches(filter, venueOf))).map(withPayer);
    },
    async summary() {
      const all = [...state.payments.values()];
      const done = all.filter(settled);
      const pending = all.filter((p) => p.status === "pending");
      const sum = (list: Payment[], f: (p: Payment) => number) => list.reduce((acc, p) => acc + f(p), 0);
      return {
        ...settledFigures({
          gross: sum(done, (p) => p.amount),
          discounts: sum(done, (p) => p.discount),
          stripeFees: sum(done, (p) => p.stripeFee),
          refunds: sum(done, (p) => p.refundedAmount),
        }),
        succeededCount: all.filter((p) => p.status === "succeeded").length,
        pendingAmount: sum(pending, chargedOf),
        pendingCount: pending.length,
      };
    },
    async revenueBetween(from, to) {
      return [...state.payments.values()]
        .filter((p) => settled(p) && p.paidAt !== null && p.paidAt >= from && p.paidAt < to)
        .reduce((acc, p) => acc + chargedOf(p) - p.refundedAmount, 0);
    },
    async listStalePending(before) {
      return [...state.payments.values()]
        .filter((p) => p.status === "pending" && p.createdAt < before)
        .sort(byKeys((p) => [p.createdAt.getTime(), p.id]));
    },
    async oweRefund({ id, refundId, amount, flag, at, releaseUseOf = null }) {
      const p = state.payments.get(id);
      if (!p || p.refundOwed !== 0 || p.refundedAmount !== 0 || p.refundSentAt !== null || p.status === "succeeded") return false;
      state.payments.set(id, { ...p, refundOwed: amount, flag: flag ?? p.flag, status: "refunded" });
      addOwed(state, { refundId, paymentId: id, amount, bookingId: p.bookingId, reason: "settlement", at });
      releaseUse(releaseUseOf);
      return true;
    },
    async claimStalePending(before, now, until, limit, sharesWithCodeBefore) {
      const stale = (p: Payment) =>
        p.createdAt < before || (sharesWithCodeBefore !== undefined && p.kind === "shared" && p.discountCodeId !== null && p.createdAt < sharesWithCodeBefore);
      return claimBatch((p) => p.status === "pending" && stale(p), now, until, limit);
    },
    async releaseClaim(id) {
      lease().delete(id);
    },
  };
};
