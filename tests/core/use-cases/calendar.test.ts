import { describe, expect, it } from "vitest";
import { bookingCalendar, createBooking, createPaymentIntent, recordPayment } from "@courts/core";
import { club, ok } from "./harness.js";

const MINUTE = 60_000;

/** A booking's calendar event tells what the booking is now: a hold is not a game yet, and one that ran out is gone. */
describe("a booking's calendar event", () => {
  it("when a booking is held unpaid, then TENTATIVE 'Por pagar'; once its hold runs out, CANCELLED before any sweep; paid, CONFIRMED", async () => {
    const c = await club();
    const held = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    const tentative = await ok(bookingCalendar(c.ports, c.asAna, held.id));
    expect([tentative.status, tentative.title]).toEqual(["TENTATIVE", "Por pagar: Tenis en Club Samborondón"]);
    expect(tentative.description).toMatch(/Sin pagar: la hora se libera si no se paga a tiempo$/);
    c.clock.advance(16 * MINUTE);
    const gone = await ok(bookingCalendar(c.ports, c.asAna, held.id));
    expect([gone.status, gone.title]).toEqual(["CANCELLED", "Cancelada: Tenis en Club Samborondón"]);

    const paid = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "11:00", gameType: "singles" }));
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: paid.id, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: paid.id, stripePaymentIntentId: intent.paymentIntentId }));
    const confirmed = await ok(bookingCalendar(c.ports, c.asAna, paid.id));
    expect([confirmed.status, confirmed.title]).toEqual(["CONFIRMED", "Tenis en Club Samborondón"]);
  });
});
