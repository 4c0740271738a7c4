import { describe, expect, it } from "vitest";
import type { Ports } from "@courts/core";
import { cancelBooking, cancelBookingSeries, createBlock, createBooking, createBookingSeries, createPaymentIntent, recordPayment } from "@courts/core";
import { club, failure, ok } from "./harness.js";

/**
 * A game that started cannot be cancelled (DESIGN.md section 14): not by its player, not by the
 * desk, not by the end of a series. The club's clock reads 2026-11-21 07:00 in Guayaquil (UTC-5)
 * unless a test moves it; the game is paid in full and starts that day at 18:00 (23:00 UTC).
 */
const START = "2026-11-21T23:00:00.000Z";

const paidGameToday = async () => {
  const c = await club();
  const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-21", timeSlot: "18:00", gameType: "doubles" }));
  const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "full" }));
  expect((await c.pay(intent.clientSecret)).ok).toBe(true);
  await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
  /** What a refused cancellation must leave as it was: the booking, its payments, its refunds and the events still to react to. */
  const trace = async () => {
    const now = c.clock.now();
    return {
      booking: await c.ports.bookings.findById(booking.id),
      payments: await c.ports.payments.listByBooking(booking.id),
      refunds: await c.ports.refunds.byBooking(booking.id),
      // claimed until now: a look that leaves them free for the next one
      events: (await c.ports.events.claim(now, now, 1_000)).map((e) => e.event),
    };
  };
  return { ...c, booking, intent, trace };
};

describe("cancelling a game that started", () => {
  it("when the player cancels a second before the start, then it is cancelled with the tier of the moment (under 12 h: 0%)", async () => {
    const c = await paidGameToday();
    c.clock.set("2026-11-21T22:59:59.000Z");
    const answer = await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id }));
    expect(answer).toMatchObject({ refundPercentage: 0, refundAmount: 0 });
    expect(answer.booking.status).toBe("cancelled");
  });

  it("when the player cancels more than 24 h before a game, then the tiers still refund 100%", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "08:00", gameType: "singles" }));
    expect((await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }))).refundPercentage).toBe(100);
  });

  it.each([
    ["at the start", START],
    ["a minute after the start", "2026-11-21T23:01:00.000Z"],
    ["the next day", "2026-11-22T14:00:00.000Z"],
  ])("when the player cancels %s, then BookingStarted in Spanish and nothing changes: booking, payments, refunds, events", async (_, at) => {
    const c = await paidGameToday();
    c.clock.set(at);
    const before = await c.trace();
    const refused = await failure(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id, cancellationReason: "Llueve" }));
    expect(refused).toMatchObject({ _tag: "BookingStarted", message: "La reserva ya comenzó y no se puede cancelar" });
    expect(await c.trace()).toEqual(before);
    expect(before.booking).toMatchObject({ status: "active", paidAmount: 3300, cancellationReason: null });
  });

  it("when an admin cancels a game that started, then BookingStarted too", async () => {
    const c = await paidGameToday();
    c.clock.set(START);
    expect((await failure(cancelBooking(c.ports, c.admin, { bookingId: c.booking.id })))._tag).toBe("BookingStarted");
  });

  it("when a booking that started was already cancelled, then it still says it is no longer active", async () => {
    const c = await paidGameToday();
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id }));
    c.clock.set(START);
    expect((await failure(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id })))._tag).toBe("BookingNotActive");
  });

  it("when the start comes while the request is between its check and its write, then the write refuses it: BookingStarted, nothing changed", async () => {
    const c = await paidGameToday();
    c.clock.set("2026-11-21T22:59:59.500Z");
    const before = await c.trace();
    // the clock passes the start while the cancellation reads the payments, after core's check
    const late: Ports = {
      ...c.ports,
      payments: {
        ...c.ports.payments,
        listByBooking: async (id) => {
          c.clock.set(START);
          return c.ports.payments.listByBooking(id);
        },
      },
    };
    expect((await failure(cancelBooking(late, c.asAna, { bookingId: c.booking.id })))._tag).toBe("BookingStarted");
    expect(await c.trace()).toEqual(before);
  });

  it("when the club closes the court for today after the game started, then the closure cancels it and refunds 100%", async () => {
    const c = await paidGameToday();
    c.clock.set("2026-11-21T23:30:00.000Z");
    const closed = await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: "2026-11-21", endDate: "2026-11-21", reason: "Otro", note: "Lluvia", cancelConflicts: true }));
    expect(closed.closed.map((n) => n.booking.id)).toEqual([c.booking.id]);
    expect(closed.closed[0]!.refunds.map((r) => r.amount)).toEqual([3300]);
    expect(await c.ports.bookings.findById(c.booking.id)).toMatchObject({ status: "cancelled", refundPercentage: 100 });
    expect(await c.ports.payments.findByIntent(c.intent.paymentIntentId)).toMatchObject({ status: "refunded", refundedAmount: 3300 });
  });

  it("when the club ends a series, then only the weeks still to start are cancelled; asked for a started week, BookingStarted", async () => {
    const c = await club();
    const series = await ok(createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "18:00", gameType: "singles", startDate: "2026-11-21", weeks: 2 }));
    const [today, nextWeek] = series.created;
    c.clock.set(START);
    expect((await failure(cancelBookingSeries(c.ports, c.admin, series.series.id, today!.id)))._tag).toBe("BookingStarted");
    expect(await ok(cancelBookingSeries(c.ports, c.admin, series.series.id))).toEqual({ cancelled: [nextWeek!.id] });
    expect((await failure(cancelBooking(c.ports, c.admin, { bookingId: today!.id })))._tag).toBe("BookingStarted");
    expect(await c.ports.bookings.findById(today!.id)).toMatchObject({ status: "active" });
  });
});
