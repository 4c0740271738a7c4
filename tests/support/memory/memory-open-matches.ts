import { firstNameOf, type MatchPlayer, type OpenMatchRepository, type OpenMatchStatus, type OpenMatchView } from "@courts/core";
import type { MemoryState } from "./state.js";

interface StoredMatch {
  readonly id: string;
  readonly bookingId: string;
  readonly shareLinkId: string;
  readonly venueId: string;
  readonly date: string;
  readonly timeSlot: string;
  readonly levelMin: number;
  readonly levelMax: number;
  readonly note: string | null;
  readonly status: OpenMatchStatus;
  readonly deadline: Date;
  readonly createdAt: Date;
}

/** Open matches over the shared state, with the SQL repository's semantics (one per booking, its link's places). */
export const memoryOpenMatches = (state: MemoryState): OpenMatchRepository => {
  const matches = new Map<string, StoredMatch>();
  /** the users.match_digest_on column: the day each player's daily mail was done */
  const digested = new Map<string, string>();
  const view = (m: StoredMatch): OpenMatchView | undefined => {
    const booking = state.bookings.get(m.bookingId);
    const link = state.shareLinks.get(m.shareLinkId);
    if (!booking || !link) return undefined;
    const court = state.courts.get(booking.courtId);
    const pending = [...state.payments.values()].filter((p) => p.bookingId === m.bookingId && p.shareToken === link.token && p.kind === "shared" && p.status === "pending").length;
    return {
      id: m.id,
      bookingId: m.bookingId,
      organiserId: booking.userId,
      venueId: m.venueId,
      venueName: state.venues.get(m.venueId)?.name ?? "",
      courtName: court?.name ?? "",
      courtNumber: court?.courtNumber ?? 0,
      date: m.date,
      timeSlot: m.timeSlot,
      gameType: booking.gameType,
      levelMin: m.levelMin,
      levelMax: m.levelMax,
      note: m.note,
      status: m.status,
      deadline: m.deadline,
      bookingStatus: booking.status,
      totalAmount: booking.totalAmount,
      paidAmount: booking.paidAmount,
      shareToken: link.token,
      shareLinkId: link.id,
      maxParticipants: link.maxParticipants,
      currentParticipants: link.currentParticipants,
      pendingShares: pending,
      createdAt: m.createdAt,
    };
  };
  const defined = <T>(x: T | undefined): x is T => x !== undefined;
  return {
    async open(o) {
      const link = [...state.shareLinks.values()].filter((l) => l.bookingId === o.bookingId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      if (!link) throw new Error(`booking ${o.bookingId} has no share link to open a match on`);
      if (link.expiresAt < o.deadline) state.shareLinks.set(link.id, { ...link, expiresAt: o.deadline });
      const existing = [...matches.values()].find((m) => m.bookingId === o.bookingId);
      const id = existing?.id ?? o.id;
      matches.set(id, {
        id,
        bookingId: o.bookingId,
        shareLinkId: link.id,
        venueId: o.venueId,
        date: o.date,
        timeSlot: o.timeSlot,
        levelMin: o.levelMin,
        levelMax: o.levelMax,
        note: o.note,
        status: "open",
        deadline: o.deadline,
        createdAt: existing?.createdAt ?? o.at,
      });
      return id;
    },
    async close(id) {
      const m = matches.get(id);
      if (!m || m.status !== "open") return false;
      matches.set(id, { ...m, status: "closed" });
      return true;
    },
    async findById(id) {
      const m = matches.get(id);
      return m ? view(m) : undefined;
    },
    async findByBooking(bookingId) {
      const m = [...matches.values()].find((x) => x.bookingId === bookingId);
      return m ? view(m) : undefined;
    },
    async list(filter) {
      return [...matches.values()]
        .map(view)
        .filter(defined)
        .filter((m) => m.status === "open" && m.deadline > filter.after && m.bookingStatus === "active" && m.paidAmount < m.totalAmount)
        .filter((m) => m.currentParticipants + m.pendingShares < m.maxParticipants)
        .filter((m) => (filter.venueId === undefined || m.venueId === filter.venueId) && (filter.date === undefined || m.date === filter.date))
        .filter((m) => filter.openedAfter === undefined || m.createdAt > filter.openedAfter)
        .filter((m) => filter.level === undefined || (m.levelMin <= filter.level && m.levelMax >= filter.level))
        .sort((a, b) => a.deadline.getTime() - b.deadline.getTime() || (a.id < b.id ? -1 : 1))
        .slice(0, filter.limit);
    },
    async digestSubscribers(day, limit) {
      return [...state.users.values()]
        .filter((u) => u.matchDigest === true && u.level != null && u.email !== "" && (digested.get(u.id) ?? "") < day)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
    async markDigest(userId, day) {
      if ((digested.get(userId) ?? "") >= day) return false;
      digested.set(userId, day);
      return true;
    },
    async players(bookingIds) {
      const out = new Map<string, MatchPlayer[]>();
      const paid = [...state.payments.values()]
        .filter((p) => bookingIds.includes(p.bookingId) && p.status === "succeeded" && ["partial", "full", "shared"].includes(p.kind))
        .sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0));
      for (const p of paid) {
        const user = state.users.get(p.userId);
        const list = out.get(p.bookingId) ?? [];
        list.push({ firstName: firstNameOf(user?.fullName ?? null, user?.username ?? null), level: user?.level ?? null });
        out.set(p.bookingId, list);
      }
      return out;
    },
    async leave(input) {
      const booking = state.bookings.get(input.bookingId);
      if (!booking || booking.status !== "active" || booking.paidAmount < input.counted || (booking.shareDeadlineAt ?? input.at) <= input.at) return "deadline";
      const payment = state.payments.get(input.paymentId);
      const link = state.shareLinks.get(input.shareLinkId);
      if (!payment || payment.status !== "succeeded" || payment.refundOwed > 0 || !link || link.currentParticipants === 0) return "not-in-match";
      state.bookings.set(booking.id, { ...booking, paidAmount: booking.paidAmount - input.counted });
      state.payments.set(payment.id, { ...payment, status: "refunded", refundOwed: input.refund.amount });
      state.shareLinks.set(link.id, { ...link, currentParticipants: link.currentParticipants - 1 });
      state.refunds.set(input.refund.refundId, {
        id: input.refund.refundId,
        paymentId: payment.id,
        bookingId: booking.id,
        intentId: payment.stripePaymentIntentId,
        paymentKind: payment.kind,
        payerId: payment.userId,
        amount: input.refund.amount,
        reason: "player",
        status: "owed",
        idempotencyKey: `refund-${input.refund.refundId}`,
        attempts: 0,
        lastError: null,
        providerRefundId: null,
        createdAt: input.at,
        sentAt: null,
        claimedUntil: null,
      });
      return "left";
    },
  };
};
