import { describe, expect, it } from "vitest";
import { addDays, BOOKING_HORIZON_DAYS, bookingCalendar, calendarFeed, calendarFeedToken, cancelBooking, createBooking, createPaymentIntent, createShareLink, localDateOf, recordPayment } from "@courts/core";
import { club, ok } from "./harness.js";
import { refundPayment } from "../../support/refund-payment.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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

/** The personal feed of a player who pays shares of friends' games. */
describe("the calendar feed of a friend who paid a share", () => {
  const sharedGame = async (bookingDate = "2026-11-25") => {
    const c = await club();
    const game = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate, timeSlot: "19:00", gameType: "doubles" }));
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: game.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: game.id, stripePaymentIntentId: own.paymentIntentId }));
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: game.id, maxParticipants: 4 }));
    const share = await ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: game.id, shareToken: link.token }));
    await c.pay(share.clientSecret);
    const { payment } = await ok(recordPayment(c.ports, c.asBeto, { bookingId: game.id, stripePaymentIntentId: share.paymentIntentId, shareToken: link.token }));
    const feed = async () => (await ok(calendarFeed(c.ports, await ok(calendarFeedToken(c.ports, c.asBeto))))).filter((e) => e.uid === `reserva-${game.id}@canchas`);
    return { ...c, game, payment, feed };
  };

  it("when the friend's share was taken, then the game is in their feed, CONFIRMED; cancelled, it stays there CANCELLED", async () => {
    const c = await sharedGame();
    expect((await c.feed()).map((e) => e.status)).toEqual(["CONFIRMED"]);
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: c.game.id }));
    expect((await c.feed()).map((e) => e.status)).toEqual(["CANCELLED"]);
  });

  it("when the friend's share was refunded while the game goes on (the link was full when it arrived), then the game is not in their feed", async () => {
    const c = await sharedGame();
    await refundPayment(c.ports, c.payment.id, c.payment.amount);
    expect((await c.ports.bookings.findById(c.game.id))?.status).toBe("active");
    expect(await c.feed()).toEqual([]);
  });

  it("when the share was paid on the day a game as far ahead as booking allows was made, then it is in the feed until the game, and gone the day after", async () => {
    // the club's today is 2026-11-21: the last bookable date is BOOKING_HORIZON_DAYS (180) ahead
    const lastBookable = addDays("2026-11-21", BOOKING_HORIZON_DAYS);
    const c = await sharedGame(lastBookable);
    expect((await c.feed()).map((e) => e.status)).toEqual(["CONFIRMED"]);
    // the game's morning, 180 days after the share was paid
    c.clock.advance(BOOKING_HORIZON_DAYS * DAY);
    expect(localDateOf(c.clock.now(), c.clock.timeZone)).toBe(lastBookable);
    expect((await c.feed()).map((e) => e.status)).toEqual(["CONFIRMED"]);
    // played, and a day gone by: out of the feed, as the organiser's own games
    c.clock.advance(2 * DAY);
    expect(await c.feed()).toEqual([]);
  });
});
