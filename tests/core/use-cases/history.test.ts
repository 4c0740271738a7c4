import { describe, expect, it } from "vitest";
import { cancelBooking, createBooking, createPaymentIntent, HOUR_MS, MINUTE_MS, pageUserBookings, pageUserPayments, recordPayment, type Actor } from "@courts/core";
import { club, ok } from "./harness.js";

/**
 * A player's two lists (DESIGN.md section 14) on a fixed clock, 2026-11-21 07:00 in Guayaquil:
 * what one booking reads as is the same in the bookings list and in the payments list.
 */
const history = async () => {
  const c = await club();
  const book = (actor: Actor, bookingDate: string, timeSlot: string) =>
    ok(createBooking(c.ports, actor, { courtId: c.court.id, bookingDate, timeSlot, gameType: "singles" }));
  const payFull = async (actor: Actor, bookingId: string) => {
    const intent = await ok(createPaymentIntent(c.ports, actor, { bookingId, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, actor, { bookingId, stripePaymentIntentId: intent.paymentIntentId }));
  };
  const today10 = await book(c.asAna, "2026-11-21", "10:00");
  await payFull(c.asAna, today10.id);
  const tomorrow = await book(c.asAna, "2026-11-22", "09:00");
  await payFull(c.asAna, tomorrow.id);
  const cancelled = await book(c.asAna, "2026-11-23", "09:00");
  await payFull(c.asAna, cancelled.id);
  await ok(cancelBooking(c.ports, c.asAna, { bookingId: cancelled.id }));
  const later = await book(c.asAna, "2026-11-24", "08:00");
  await payFull(c.asAna, later.id);
  // Beto's game on the same day never shows in Ana's lists
  const beto = await ok(createBooking(c.ports, c.asBeto, { courtId: c.court2.id, bookingDate: "2026-11-21", timeSlot: "10:00", gameType: "singles" }));
  await payFull(c.asBeto, beto.id);
  const upcoming = (pageSize = 10, page = 1) => ok(pageUserBookings(c.ports, c.asAna, { scope: "upcoming", page, pageSize }));
  const past = (pageSize = 10, page = 1) => ok(pageUserBookings(c.ports, c.asAna, { scope: "past", page, pageSize }));
  return { ...c, book, today10, tomorrow, cancelled, later, beto, upcoming, past };
};

describe("a player's upcoming and past bookings on the server's clock", () => {
  it("when read before the games, then upcoming are the live ones soonest first and past holds the cancelled one", async () => {
    const h = await history();
    const upcoming = await h.upcoming();
    expect(upcoming.items.map((b) => [b.id, b.state])).toEqual([
      [h.today10.id, "active"],
      [h.tomorrow.id, "active"],
      [h.later.id, "active"],
    ]);
    const past = await h.past();
    expect(past.items.map((b) => [b.id, b.state])).toEqual([[h.cancelled.id, "cancelled"]]);
    expect([upcoming.total, past.total]).toEqual([3, 1]);
  });

  it("when the clock passes a game's start, then that game is played, moves to past newest first, and pages stay whole", async () => {
    const h = await history();
    h.clock.advance(3 * HOUR_MS); // 10:00 on the 21st: the game of 10:00 has started
    expect((await h.upcoming()).items.map((b) => b.id)).toEqual([h.tomorrow.id, h.later.id]);
    expect((await h.past()).items.map((b) => [b.id, b.state])).toEqual([
      [h.cancelled.id, "cancelled"],
      [h.today10.id, "played"],
    ]);
    h.clock.advance(24 * HOUR_MS); // 10:00 on the 22nd
    const first = await h.past(2, 1);
    const second = await h.past(2, 2);
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...first.items, ...second.items].map((b) => [b.id, b.state])).toEqual([
      [h.cancelled.id, "cancelled"],
      [h.tomorrow.id, "played"],
      [h.today10.id, "played"],
    ]);
    const one = await h.upcoming(1, 1);
    expect(one).toMatchObject({ total: 1, items: [{ id: h.later.id, state: "active" }] });
  });

  it("when an unpaid hold runs out before its game, then it is expired under past, swept or not", async () => {
    const h = await history();
    const hold = await h.book(h.asAna, "2026-11-25", "08:00");
    expect((await h.upcoming()).items.map((b) => b.id)).toContain(hold.id);
    h.clock.advance(16 * MINUTE_MS);
    expect((await h.upcoming()).items.map((b) => b.id)).not.toContain(hold.id);
    expect((await h.past()).items[0]).toMatchObject({ id: hold.id, state: "expired" });
  });

  it("when the payments are read at the same clock, then each payment's game has the state the bookings lists give it", async () => {
    const h = await history();
    h.clock.advance(3 * HOUR_MS);
    const payments = await ok(pageUserPayments(h.ports, h.asAna, { page: 1, pageSize: 50 }));
    const bookings = [...(await h.upcoming()).items, ...(await h.past()).items];
    const stateOf = new Map(bookings.map((b) => [b.id, b.state]));
    expect(payments.items.length).toBe(4);
    for (const payment of payments.items) expect(payment.booking?.state).toBe(stateOf.get(payment.bookingId));
    expect(payments.items.map((p) => p.booking?.id)).not.toContain(h.beto.id);
    expect(new Set(payments.items.map((p) => p.booking?.state))).toEqual(new Set(["played", "active", "cancelled"]));
  });
});
