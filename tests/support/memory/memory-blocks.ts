import { randomUUID } from "node:crypto";
import { blockCovers, decideRefunds, displayName, sameBlock, type BlockRepository, type BookingWithCourt, type ClosedBooking, type Refund } from "@courts/core";
import { recordInMemory } from "./memory-events.js";
import { oweInMemory } from "./memory-refunds.js";
import { memoryBookings } from "./memory-bookings.js";
import { byKeys, type MemoryState } from "./state.js";

/** Blocks, closures and series in memory: one caller at a time, the same outcomes as SQL. */
export const memoryBlocks = (state: MemoryState): BlockRepository => {
  const bookings = memoryBookings(state);
  const joined = async (ids: string[]): Promise<BookingWithCourt[]> =>
    (await Promise.all(ids.map((id) => bookings.findById(id)))).filter((b): b is BookingWithCourt => b !== undefined);

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
        const payments = [...state.payments.values()].filter((p) => p.bookingId === booking.id);
        const decided = decideRefunds(payments, 100).map((d) => ({ ...d, refundId: randomUUID() }));
        const written = oweInMemory(state, { bookingId: booking.id, reason: "closure", owed: decided, at: options.at });
        recordInMemory(state, options.eventsOf?.({ ...booking, ...cancelled }), options.at);
        const refunds = written.map((o): Refund => {
          const { claimedUntil: _c, ...refund } = state.refunds.get(o.refundId)!;
          return refund;
        });
        closed.push({ booking: { ...booking, ...cancelled }, refunds });
      }
      if (closed.length > 0) recordInMemory(state, options.closedEvents?.(closed.map((c) => c.booking)), options.at);
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
    async dayBookings(date, venueId) {
      const list = await bookings.listByDate(date, venueId);
      return list.map((b) => {
        const user = state.users.get(b.userId);
        return { ...b, userName: user?.username ?? null, playerName: user ? displayName(user) : null, playerPhone: user?.phone ?? null, seriesId: state.seriesItems.get(b.id) ?? null };
      });
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
