import { describe, expect, it } from "vitest";
import { ADMIN, GUEST, cancelBooking, createBooking, createPaymentIntent, getBooking, listUserBookings, recordPayment, todayBookings } from "@courts/core";
import { club, failure, ok } from "./harness.js";

const night = { bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" } as const;

describe("booking a court", () => {
  it("when a player books a night doubles slot, then it costs 33.00, is night tariff and active", async () => {
    const { ports, court, asAna, ana } = await club();
    const booking = await ok(createBooking(ports, asAna, { courtId: court.id, ...night }));
    expect(booking).toMatchObject({ userId: ana.id, totalAmount: 3300, paidAmount: 0, tariffType: "night", status: "active", date: "2026-11-22" });
  });

  it("when the slot is already booked, then SlotTaken; another court or slot is fine", async () => {
    const { ports, court, court2, asAna, asBeto } = await club();
    await ok(createBooking(ports, asAna, { courtId: court.id, ...night }));
    expect((await failure(createBooking(ports, asBeto, { courtId: court.id, ...night })))._tag).toBe("SlotTaken");
    await ok(createBooking(ports, asBeto, { courtId: court2.id, ...night }));
    await ok(createBooking(ports, asBeto, { courtId: court.id, ...night, timeSlot: "19:00" }));
  });

  it("when the slot already started in the club's zone, then SlotInPast (07:00 now: 06:00 and 07:00 are gone)", async () => {
    const { ports, court, asAna } = await club();
    expect((await failure(createBooking(ports, asAna, { courtId: court.id, bookingDate: "2026-11-21", timeSlot: "07:00", gameType: "singles" })))._tag).toBe("SlotInPast");
    expect((await failure(createBooking(ports, asAna, { courtId: court.id, bookingDate: "2026-11-20", timeSlot: "18:00", gameType: "singles" })))._tag).toBe("SlotInPast");
    await ok(createBooking(ports, asAna, { courtId: court.id, bookingDate: "2026-11-21", timeSlot: "08:00", gameType: "singles" }));
  });

  it("when the court is in maintenance or unknown, then CourtUnavailable / CourtNotFound", async () => {
    const { ports, closed, asAna } = await club();
    expect((await failure(createBooking(ports, asAna, { courtId: closed.id, ...night })))._tag).toBe("CourtUnavailable");
    expect((await failure(createBooking(ports, asAna, { courtId: "nope", ...night })))._tag).toBe("CourtNotFound");
  });

  it("when a guest books or a player books for someone else, then NotAuthenticated / NotAllowed", async () => {
    const { ports, court, asAna, beto } = await club();
    expect((await failure(createBooking(ports, GUEST, { courtId: court.id, ...night })))._tag).toBe("NotAuthenticated");
    expect((await failure(createBooking(ports, asAna, { courtId: court.id, ...night, userId: beto.id })))._tag).toBe("NotAllowed");
  });

  it("when the date is beyond the venue's 180 days, then OutsideBookingWindow for a player and InvalidInput on bookingDate for an admin", async () => {
    const { ports, court, asAna, ana } = await club();
    const err = await failure(createBooking(ports, asAna, { courtId: court.id, ...night, bookingDate: "2027-06-01" }));
    expect(err).toMatchObject({ _tag: "OutsideBookingWindow" });
    const byAdmin = await failure(createBooking(ports, ADMIN, { courtId: court.id, ...night, bookingDate: "2027-06-01", userId: ana.id }));
    expect(byAdmin).toMatchObject({ _tag: "InvalidInput", field: "bookingDate" });
  });

  it("when another player reads a booking or its list, then NotAllowed; the owner and an admin can", async () => {
    const { ports, court, asAna, asBeto, ana } = await club();
    const booking = await ok(createBooking(ports, asAna, { courtId: court.id, ...night }));
    expect((await failure(getBooking(ports, asBeto, booking.id)))._tag).toBe("NotAllowed");
    expect((await failure(listUserBookings(ports, asBeto, ana.id)))._tag).toBe("NotAllowed");
    expect((await ok(getBooking(ports, ADMIN, booking.id))).id).toBe(booking.id);
    expect(await ok(listUserBookings(ports, asAna))).toHaveLength(1);
    expect((await failure(todayBookings(ports, asAna)))._tag).toBe("NotAllowed");
  });
});

describe("cancelling", () => {
  const paidBooking = async (timeSlot: string, bookingDate: string) => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate, timeSlot, gameType: "doubles" }));
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "full" }));
    expect((await c.pay(intent.clientSecret)).ok).toBe(true);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    return { ...c, booking, intent };
  };

  it("when more than 24 h remain, then 100% is refunded through the provider and the slot is free", async () => {
    const c = await paidBooking("18:00", "2026-11-23");
    const answer = await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id, cancellationReason: "lluvia" }));
    expect(answer).toMatchObject({ refundPercentage: 100, refundAmount: 3300 });
    expect(answer.booking.status).toBe("cancelled");
    expect((await c.ports.payments.findByIntent(c.intent.paymentIntentId))).toMatchObject({ status: "refunded", refundedAmount: 3300 });
    await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, bookingDate: "2026-11-23", timeSlot: "18:00", gameType: "singles" }));
  });

  it("when exactly 24 h remain, then 50%", async () => {
    const c = await paidBooking("07:00", "2026-11-22"); // now 2026-11-21 07:00 local
    expect((await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id }))).refundPercentage).toBe(50);
    expect((await c.ports.payments.findByIntent(c.intent.paymentIntentId))?.refundedAmount).toBe(1450);
  });

  it("when under 12 h remain, then 0% and nothing is refunded", async () => {
    const c = await paidBooking("18:00", "2026-11-21");
    const answer = await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id }));
    expect(answer).toMatchObject({ refundPercentage: 0, refundAmount: 0 });
  });

  it("when another player cancels, then NotAllowed; cancelling twice is BookingNotActive", async () => {
    const c = await paidBooking("18:00", "2026-11-23");
    expect((await failure(cancelBooking(c.ports, c.asBeto, { bookingId: c.booking.id })))._tag).toBe("NotAllowed");
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id }));
    expect((await failure(cancelBooking(c.ports, c.asAna, { bookingId: c.booking.id })))._tag).toBe("BookingNotActive");
  });
});
