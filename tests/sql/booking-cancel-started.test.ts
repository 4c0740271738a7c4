import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { decideRefunds, type DomainEvent, type PaidAfter } from "@courts/core";
import { aPayment, written } from "../support/builders.js";
import { describeOnEngines } from "./support/harness.js";
import { seedBooking, seedPlace } from "./support/seed.js";

/**
 * The cancelling UPDATE itself keeps a game that began (DESIGN.md section 14): the repository is
 * called directly, as no use case would after its own check, with the decision taken before the
 * start (`at`, the tier's moment) and the write made at or after it (`notStartedBy`). The row's
 * own date and slot decide, so a request that looked just before the start changes nothing.
 */
describeOnEngines("cancelling a booking whose game began", (subject) => {
  const repos = () => subject().repos;
  /** 2026-11-25 09:59:30 in Guayaquil (UTC-5): half a minute before the 10:00 game. */
  const DECIDED = new Date("2026-11-25T14:59:30.000Z");

  /** A 10:00 game of 2026-11-25 paid in full by card, and a cancellation of it with its refund owed and its events. */
  const paidGame = async () => {
    const place = await seedPlace(repos());
    const booking = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "10:00", gameType: "singles", totalAmount: 1450 });
    const payment = written(await repos().payments.insertPending(aPayment({ amount: 1450, kind: "full" }, { booking, ...place })));
    await repos().payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: new Date("2026-11-21T15:00:00.000Z"), shareLinkId: null });
    const owed = decideRefunds(await repos().payments.listByBooking(booking.id), 100).map((d) => ({ ...d, refundId: randomUUID() }));
    expect(owed.map((o) => o.amount)).toEqual([1450]);
    const events: DomainEvent[] = [
      { type: "BookingCancelled", bookingId: booking.id, by: "player", reason: null },
      { type: "SlotFreed", bookingId: booking.id, courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot },
    ];
    const cancel = (notStartedBy?: PaidAfter, withMoney = true) =>
      repos().bookings.cancel(booking.id, {
        reason: "No puedo ir",
        refundPercentage: 100,
        at: DECIDED,
        ...(withMoney ? { refunds: { reason: "player" as const, owed }, events } : {}),
        ...(notStartedBy ? { notStartedBy } : {}),
      });
    /** The booking, its payments, its refunds and the events left to react to, as they are now. */
    const trace = async () => ({
      booking: await repos().bookings.findById(booking.id),
      payments: await repos().payments.listByBooking(booking.id),
      refunds: await repos().refunds.byBooking(booking.id),
      // claimed until the moment it is claimed at: a look that leaves them free for the next one
      events: (await repos().events.claim(DECIDED, DECIDED, 1_000)).map((e) => e.event.type),
    });
    return { booking, cancel, trace };
  };

  it.each([
    ["at the start's minute", { date: "2026-11-25", time: "10:00" }],
    ["a minute later", { date: "2026-11-25", time: "10:01" }],
    ["the next day, earlier in the day", { date: "2026-11-26", time: "08:00" }],
  ])("when the write comes %s, then 'started' and nothing is written: the booking, its payments, refunds and events stay", async (_, by) => {
    for (const withMoney of [true, false]) {
      const game = await paidGame();
      const before = await game.trace();
      expect(before.booking).toMatchObject({ status: "active", paidAmount: 1450 });
      expect(await game.cancel(by, withMoney)).toBe("started");
      expect(await game.trace()).toEqual(before);
    }
  });

  it("when the write comes before the start (the previous day later in the day, or the same minute before), then it is cancelled with its refund owed", async () => {
    for (const by of [
      { date: "2026-11-24", time: "21:00" },
      { date: "2026-11-25", time: "09:59" },
    ]) {
      const game = await paidGame();
      expect(await game.cancel(by)).toBe(true);
      const after = await game.trace();
      expect(after.booking).toMatchObject({ status: "cancelled", refundPercentage: 100, cancellationReason: "No puedo ir", cancelledAt: DECIDED });
      expect(after.refunds.map((r) => [r.amount, r.status])).toEqual([[1450, "owed"]]);
      expect(after.events).toEqual(expect.arrayContaining(["BookingCancelled", "SlotFreed"]));
    }
  });

  it("when a booking that began is no longer active, then false, not 'started'; without notStartedBy a started booking is cancelled as before", async () => {
    const game = await paidGame();
    expect(await game.cancel(undefined, false)).toBe(true);
    expect(await game.cancel({ date: "2026-11-25", time: "11:00" })).toBe(false);
    const gone = await repos().bookings.cancel("00000000-0000-4000-8000-00000000dead", { reason: null, refundPercentage: 0, at: DECIDED, notStartedBy: { date: "2026-11-20", time: "08:00" } });
    expect(gone).toBe(false);
  });
});
