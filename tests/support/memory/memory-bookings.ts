import { balanceDueOf, barsRehold, blockCovers, isHoldOverdue, isUnpaidHold, listOf, remainingOf, slotHolderOutcome, type Booking, type BookingRepository, type BookingWithCourt } from "@courts/core";
import { recordInMemory } from "./memory-events.js";
import { oweInMemory } from "./memory-refunds.js";
import { byKeys, foreignKeyError, type MemoryState } from "./state.js";

const holdsSlot = (b: Booking) => b.status !== "cancelled" && b.status !== "expired";

export const memoryBookings = (state: MemoryState): BookingRepository => {
  const claims = new Map<string, number>();
  const remainderPayments = new Map<string, string>();
  const withCourt = (booking: Booking): BookingWithCourt | undefined => {
    const court = state.courts.get(booking.courtId);
    const venue = court && state.venues.get(court.venueId);
    if (!court || !venue) return undefined;
    return {
      ...booking,
      court: { id: court.id, name: court.name, courtNumber: court.courtNumber, venueId: venue.id, venueName: venue.name },
    };
  };
  const joined = (filter: (b: Booking) => boolean): BookingWithCourt[] =>
    [...state.bookings.values()]
      .filter(filter)
      .map(withCourt)
      .filter((b): b is BookingWithCourt => b !== undefined);

  return {
    async insert(booking) {
      if (state.bookings.has(booking.id)) throw new Error(`duplicate booking id ${booking.id}`);
      if (!state.courts.has(booking.courtId)) throw foreignKeyError(`court ${booking.courtId}`);
      if (!state.users.has(booking.userId)) throw foreignKeyError(`user ${booking.userId}`);
      const taken = [...state.bookings.values()].some(
        (b) => holdsSlot(b) && b.courtId === booking.courtId && b.date === booking.date && b.timeSlot === booking.timeSlot,
      );
      if (taken && holdsSlot(booking)) return "slot-taken";
      const court = state.courts.get(booking.courtId)!;
      if (holdsSlot(booking) && [...state.blocks.values()].some((k) => blockCovers(k, court, booking.date, booking.timeSlot)))
        return "slot-blocked";
      state.bookings.set(booking.id, booking);
      return booking;
    },
    async findById(id) {
      const booking = state.bookings.get(id);
      return booking && withCourt(booking);
    },
    async listByUser(userId) {
      return joined((b) => b.userId === userId)
        .sort(byKeys((b) => [b.date, b.timeSlot, b.createdAt.getTime()]))
        .reverse();
    },
    async pageByUser(userId, { page, pageSize, scope, now }) {
      const mine = joined((b) => b.userId === userId && (scope === undefined || listOf(b, now) === scope));
      mine.sort(byKeys((b) => [b.date, b.timeSlot, b.id]));
      if (scope !== "upcoming") mine.reverse();
      return { items: mine.slice((page - 1) * pageSize, page * pageSize), total: mine.length, page, pageSize };
    },
    async findManyByIds(ids) {
      return joined((b) => ids.includes(b.id));
    },
    async listByDate(date, venueId) {
      return joined((b) => holdsSlot(b) && b.date === date)
        .filter((b) => venueId === undefined || b.court.venueId === venueId)
        .sort(byKeys((b) => [b.timeSlot, b.court.courtNumber]));
    },
    async paidAhead(scope, after, limit) {
      return joined((b) => holdsSlot(b) && b.paidAmount > 0 && (b.date > after.date || (b.date === after.date && b.timeSlot > after.time)))
        .filter((b) => ("courtId" in scope ? b.courtId === scope.courtId : b.court.venueId === scope.venueId))
        .sort(byKeys((b) => [b.date, b.timeSlot, b.court.courtNumber]))
        .slice(0, limit);
    },
    async countActiveOnDate(date) {
      return [...state.bookings.values()].filter((b) => holdsSlot(b) && b.date === date).length;
    },
    async insertHold(booking, limits) {
      const mine = [...state.bookings.values()].filter((b) => b.userId === booking.userId);
      if (mine.some((b) => balanceDueOf(b) > 0)) return "balance-due";
      const since = limits.reholdBarSince;
      const ended = since === undefined ? [] : mine.filter((b) => barsRehold(b, booking, since, limits.now));
      if (ended.length > 0) return { heldUntil: new Date(Math.max(...ended.map((b) => b.holdExpiresAt!.getTime()))) };
      const verified = state.users.get(booking.userId)?.emailVerified ?? false;
      const maxUnpaid =
        limits.maxUnpaid === null || verified ? limits.maxUnpaid : Math.min(limits.maxUnpaid, limits.maxUnpaidUnverified ?? limits.maxUnpaid);
      const over = limits.perPlayer === undefined ? null : await this.venueLimitReached(booking, limits.perPlayer, limits.now);
      if (over !== null) return over;
      if (maxUnpaid !== null && mine.filter((b) => isUnpaidHold(b, limits.now)).length >= maxUnpaid) return "too-many-unpaid";
      const holder = joined((b) => holdsSlot(b) && b.courtId === booking.courtId && b.date === booking.date && b.timeSlot === booking.timeSlot)[0];
      if (holder) return slotHolderOutcome(holder, booking.userId, limits.now);
      return this.insert(booking);
    },
    async venueLimitReached(booking, perPlayer, now) {
      // the player's live bookings (an overdue hold is not one) on the venue's courts
      const atVenue = [...state.bookings.values()].filter(
        (b) => b.userId === booking.userId && holdsSlot(b) && !isHoldOverdue(b, now) && state.courts.get(b.courtId)?.venueId === perPlayer.venueId,
      );
      const upcoming = atVenue.filter((b) => b.date > perPlayer.from.date || (b.date === perPlayer.from.date && b.timeSlot > perPlayer.from.time));
      if (perPlayer.maxUpcoming !== null && upcoming.length >= perPlayer.maxUpcoming) return "upcoming-limit";
      if (perPlayer.maxPerDay !== null && atVenue.filter((b) => b.date === booking.date).length >= perPlayer.maxPerDay) return "day-limit";
      return null;
    },
    async holderOf(courtId, date, timeSlot) {
      return joined((b) => holdsSlot(b) && b.courtId === courtId && b.date === date && b.timeSlot === timeSlot)[0];
    },
    async claimDue(kind, now, until, limit) {
      const due = (b: Booking) =>
        kind === "holds"
          ? isHoldOverdue(b, now)
          : b.status === "active" &&
            b.shareDeadlineAt !== null &&
            b.shareDeadlineAt.getTime() <= now.getTime() &&
            b.paidAmount > 0 &&
            remainingOf(b) > 0 &&
            (b.remainderStatus === null || b.remainderStatus === "charging");
      const free = (b: Booking) => (claims.get(b.id) ?? 0) <= now.getTime();
      const picked = joined((b) => due(b) && free(b)).slice(0, limit);
      for (const b of picked) claims.set(b.id, until.getTime());
      return picked;
    },
    async expireHold(id, now, events) {
      const current = state.bookings.get(id);
      if (!current || !isHoldOverdue(current, now)) return false;
      state.bookings.set(id, { ...current, status: "expired" });
      claims.delete(id);
      recordInMemory(state, events, now);
      return true;
    },
    async setRemainder(id, status, { paymentId, events, at } = {}) {
      const current = state.bookings.get(id);
      if (!current) return null;
      state.bookings.set(id, { ...current, remainderStatus: status });
      recordInMemory(state, events, at ?? new Date());
      if (paymentId !== undefined && !remainderPayments.has(id)) remainderPayments.set(id, paymentId);
      if (status !== "charging") claims.delete(id);
      return remainderPayments.get(id) ?? null;
    },
    async listBalancesDue(userId) {
      return joined((b) => balanceDueOf(b) > 0 && (userId === undefined || b.userId === userId)).sort(
        byKeys((b) => [b.date, b.timeSlot]),
      );
    },
    async cancel(id, change) {
      const current = state.bookings.get(id);
      if (!current || current.status !== "active") return false;
      const by = change.notStartedBy;
      // as the SQL statement reads the row: the game starts after the moment, or nothing changes
      if (by !== undefined && !(current.date > by.date || (current.date === by.date && current.timeSlot > by.time))) return "started";
      if (change.refunds) oweInMemory(state, { bookingId: id, reason: change.refunds.reason, owed: change.refunds.owed, at: change.at });
      recordInMemory(state, change.events, change.at);
      state.bookings.set(id, {
        ...current,
        status: "cancelled",
        cancellationReason: change.reason,
        refundPercentage: change.refundPercentage,
        cancelledAt: change.at,
      });
      return true;
    },
  };
};
