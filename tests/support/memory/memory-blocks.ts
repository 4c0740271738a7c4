import { blockCovers, chargedOf, sameBlock, type BlockRepository, type BookingWithCourt, type ClosedBooking, type OwedRefund } from "@courts/core";
import { memoryBookings } from "./memory-bookings.js";
import { byKeys, type MemoryState } from "./state.js";

/** Blocks, closure refunds and series in memory: one caller at a time, the same outcomes as SQL. */
export const memoryBlocks = (state: MemoryState): BlockRepository => {
  const bookings = memoryBookings(state);
  const joined = async (ids: string[]): Promise<BookingWithCourt[]> =>
    (await Promise.all(ids.map((id) => bookings.findById(id)))).filter((b): b is BookingWithCourt => b !== undefined);
  const plain = ({ claimedUntil: _c, ...refund }: OwedRefund & { claimedUntil: Date | null }): OwedRefund => refund;

  return {
    async create(block, options) {
      const same = [...state.blocks.values()].find((other) => sameBlock(other, block));
      if (same) return { kind: "existing", block: same };
      const inside = await joined(
        [...state.bookings.values()]
          .filter((b) => (b.status === "active" || b.status === "confirmed") && blockCovers(block, { id: b.courtId, venueId: state.courts.get(b.courtId)?.venueId ?? "" }, b.date, b.timeSlot))
          .map((b) => b.id),
      );
      if (inside.length > 0 && !options.cancelConflicts) return { kind: "conflicts", bookings: inside };
      state.blocks.set(block.id, block);
      const closed: ClosedBooking[] = [];
      for (const booking of inside) {
        const current = state.bookings.get(booking.id)!;
        const cancelled = { ...current, status: "cancelled" as const, cancellationReason: options.cancellationReason, refundPercentage: 100, cancelledAt: options.at };
        state.bookings.set(booking.id, cancelled);
        const refunds: OwedRefund[] = [];
        for (const p of state.payments.values()) {
          if (p.bookingId !== booking.id || (p.status !== "succeeded" && p.status !== "refunded")) continue;
          const amount = chargedOf(p) - p.refundedAmount;
          if (amount <= 0 || state.closureRefunds.has(p.id)) continue;
          const refund: OwedRefund = { paymentId: p.id, bookingId: booking.id, blockId: block.id, intentId: p.stripePaymentIntentId, kind: p.kind, payerId: p.userId, amount, status: "owed" };
          state.closureRefunds.set(p.id, { ...refund, claimedUntil: null });
          refunds.push(refund);
        }
        closed.push({ booking: { ...booking, ...cancelled }, refunds });
      }
      return { kind: "created", block, closed };
    },
    async findById(id) {
      return state.blocks.get(id);
    },
    async listByVenue(venueId, from = "0000-01-01") {
      return [...state.blocks.values()].filter((b) => b.venueId === venueId && b.endDate >= from).sort(byKeys((b) => [b.startDate, b.createdAt.getTime()]));
    },
    async listForVenueBetween(venueId, from, to) {
      return [...state.blocks.values()].filter((b) => b.venueId === venueId && b.endDate >= from && b.startDate <= to).sort(byKeys((b) => [b.startDate]));
    },
    async listForCourtOn(courtId, date) {
      const court = state.courts.get(courtId);
      return [...state.blocks.values()].filter(
        (b) => (b.courtId === courtId || (b.courtId === null && b.venueId === court?.venueId)) && b.startDate <= date && b.endDate >= date,
      );
    },
    async delete(id) {
      return state.blocks.delete(id);
    },
    async listOwedRefunds(now, limit) {
      return [...state.closureRefunds.values()]
        .filter((r) => r.status === "owed" && (r.claimedUntil === null || r.claimedUntil < now))
        .slice(0, limit)
        .map(plain);
    },
    async claimOwedRefund(paymentId, now, until) {
      const r = state.closureRefunds.get(paymentId);
      if (!r || r.status !== "owed" || (r.claimedUntil !== null && r.claimedUntil >= now)) return false;
      state.closureRefunds.set(paymentId, { ...r, claimedUntil: until });
      return true;
    },
    async releaseOwedRefund(paymentId) {
      const r = state.closureRefunds.get(paymentId);
      if (r && r.status === "owed") state.closureRefunds.set(paymentId, { ...r, claimedUntil: null });
    },
    async markRefundSent(paymentId) {
      const r = state.closureRefunds.get(paymentId);
      if (!r || r.status !== "owed") return false;
      state.closureRefunds.set(paymentId, { ...r, status: "sent" });
      const p = state.payments.get(paymentId);
      if (p) state.payments.set(paymentId, { ...p, status: "refunded", refundedAmount: Math.min(p.refundedAmount + r.amount, chargedOf(p)) });
      return true;
    },
    async refundsOfBooking(bookingId) {
      return [...state.closureRefunds.values()].filter((r) => r.bookingId === bookingId).map(plain);
    },
    async dayBookings(date, venueId) {
      const list = await bookings.listByDate(date, venueId);
      return list.map((b) => ({ ...b, userName: state.users.get(b.userId)?.username ?? null, seriesId: state.seriesItems.get(b.id) ?? null }));
    },
    async insertSeries(series) {
      state.series.set(series.id, series);
    },
    async addToSeries(seriesId, bookingId) {
      state.seriesItems.set(bookingId, seriesId);
    },
    async findSeries(id) {
      return state.series.get(id);
    },
    async seriesBookings(id) {
      const ids = [...state.seriesItems.entries()].filter(([, s]) => s === id).map(([b]) => b);
      return (await joined(ids)).sort(byKeys((b) => [b.date]));
    },
  };
};
