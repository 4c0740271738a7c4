import { describe, expect, it } from "vitest";
import {
  ADMIN, GUEST, chargeDueRemainders, courtDay, createBooking, createPaymentIntent, createShareLink,
  LINK_UNUSABLE, expireOverdueHolds,
  getBooking, getShareLink, listOutstandingBalances, listUserBookings, recordPayment, HOUR_MS,
  asUser, type User,
} from "@courts/core";
import { aUser } from "../../support/builders.js";
import { club, failure, ok } from "./harness.js";

const MINUTE = 60_000;
const slot = { bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" } as const;

const booked = async () => {
  const c = await club();
  const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot }));
  return { ...c, booking };
};

/** The organiser pays their share with `card`; answers the intent id. */
const payShare = async (c: Awaited<ReturnType<typeof booked>>, card = "4242 4242 4242 4242") => {
  const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
  expect((await c.pay(intent.clientSecret, card)).ok).toBe(true);
  await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId }));
  return intent.paymentIntentId;
};

describe("holds", () => {
  it("when a booking is made, then it holds its slot for BOOKING_HOLD_MINUTES and its split deadline is 2 h before the start", async () => {
    const c = await booked();
    expect(c.booking.holdExpiresAt?.toISOString()).toBe("2026-11-21T12:15:00.000Z");
    expect(c.booking.shareDeadlineAt?.toISOString()).toBe("2026-11-22T21:00:00.000Z"); // 18:00 in Guayaquil is 23:00Z
  });

  it("when the hold runs out and no sweep has run, then the booking reads as expired, its slot is free and it cannot be paid (410)", async () => {
    const c = await booked();
    c.clock.advance(15 * MINUTE);
    expect((await ok(getBooking(c.ports, c.asAna, c.booking.id))).status).toBe("expired");
    expect((await ok(listUserBookings(c.ports, c.asAna)))[0]?.status).toBe("expired");
    expect((await ok(courtDay(c.ports, c.court.id, { date: slot.bookingDate })))?.bookedSlots).toEqual([]);
    const refused = await failure(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    expect(refused).toMatchObject({ _tag: "HoldExpired", message: expect.stringContaining("expiró") });
  });

  it("when the organiser has not paid and a friend opens the share link, then the friend is told to wait (409) and the hold still runs; once the organiser pays, the friend can", async () => {
    const c = await booked();
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    const early = await failure(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
    expect(early).toMatchObject({ _tag: "OrganiserNotPaid", message: "El organizador todavía no pagó su parte: podrás pagar la tuya cuando lo haga" });
    expect((await c.ports.payments.listByBooking(c.booking.id)).length).toBe(0);
    // the hold is still the organiser's: unpaid, it runs out as any other
    c.clock.advance(5 * MINUTE);
    await payShare(c);
    const intent = await ok(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, GUEST, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }));
    expect((await c.ports.bookings.findById(c.booking.id))?.paidAmount).toBe(2 * 825);
  });

  it("when the organiser never pays, then a link made before cannot keep the slot: the hold runs out and the link says so", async () => {
    const c = await booked();
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    c.clock.advance(15 * MINUTE);
    expect(await ok(expireOverdueHolds(c.ports))).toBe(1);
    const late = await failure(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
    expect(late._tag).toMatch(/HoldExpired|ShareLinkExpired|BookingNotActive/);
  });

  it("when someone books a slot held by an overdue hold, then the hold expires there and then and the new booking gets the slot", async () => {
    const c = await booked();
    c.clock.advance(16 * MINUTE);
    const mine = await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, ...slot }));
    expect(mine.userId).toBe(c.beto.id);
    expect((await c.ports.bookings.findById(c.booking.id))?.status).toBe("expired");
  });

  it("when a card was confirmed just before the hold ended but not recorded, then the sweep records it instead of expiring", async () => {
    const c = await booked();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" }));
    c.clock.advance(14 * MINUTE + 59_000);
    expect((await c.pay(intent.clientSecret)).ok).toBe(true);
    c.clock.advance(2 * MINUTE); // the browser never came back
    expect(await ok(expireOverdueHolds(c.ports))).toBe(0);
    const after = await c.ports.bookings.findById(c.booking.id);
    expect(after).toMatchObject({ status: "active", paidAmount: 825 });
  });

  it("when a hold expires with a card form left open, then the sweep cancels that intent at the provider first", async () => {
    const c = await booked();
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    c.clock.advance(15 * MINUTE);
    expect(await ok(expireOverdueHolds(c.ports))).toBe(1);
    expect(await ok(expireOverdueHolds(c.ports))).toBe(0);
    expect((await c.gateway.retrieveIntent(intent.paymentIntentId))?.status).toBe("canceled");
    expect((await c.ports.payments.findByIntent(intent.paymentIntentId))?.status).toBe("failed");
    expect((await c.pay(intent.clientSecret)).ok).toBe(false);
  });

  it("when a player holds two unpaid bookings, then a third is refused (409) until one is paid; admins are exempt", async () => {
    const c = await booked();
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    const third = await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "20:00" }));
    expect(third).toMatchObject({ _tag: "TooManyUnpaidBookings", message: expect.stringContaining("2 reservas sin pagar") });
    await payShare(c);
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "20:00" }));
    expect((await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "21:00" })))._tag).toBe("TooManyUnpaidBookings");
    await ok(createBooking(c.ports, ADMIN, { courtId: c.court.id, ...slot, timeSlot: "21:00", userId: c.ana.id }));
  });

  it("when the club books an hour for a player, then it holds no 15-minute hold and no split deadline: it stays booked until paid at the desk", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, ADMIN, { courtId: c.court.id, ...slot, userId: c.ana.id }));
    expect(booking).toMatchObject({ userId: c.ana.id, holdExpiresAt: null, shareDeadlineAt: null });
    c.clock.advance(3 * HOUR_MS);
    expect(await ok(expireOverdueHolds(c.ports))).toBe(0);
    expect((await ok(getBooking(c.ports, c.asAna, booking.id))).status).toBe("active");
    expect((await ok(courtDay(c.ports, c.court.id, { date: slot.bookingDate })))?.bookedSlots).toContain(slot.timeSlot);
    // the player's own booking still holds its slot for BOOKING_HOLD_MINUTES
    const own = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    expect(own.holdExpiresAt).not.toBeNull();
  });

  it("when a hold has expired, then it no longer counts against the unpaid limit", async () => {
    const c = await booked();
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    // two live holds: the limit is reached
    expect((await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "20:00" })))._tag).toBe("TooManyUnpaidBookings");
    c.clock.advance(15 * MINUTE);
    // no sweep has run: the holds are overdue, not yet marked expired, and count no more
    expect((await c.ports.bookings.findById(c.booking.id))?.status).toBe("active");
    const third = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "20:00" }));
    expect(third.holdExpiresAt?.getTime()).toBe(c.clock.now().getTime() + 15 * MINUTE);
  });
});

describe("limits against abuse (DESIGN.md section 13)", () => {
  const unconfirmedPlayer = async (c: Awaited<ReturnType<typeof club>>, email = "carla@example.com") => {
    const carla = (await c.ports.users.insert(aUser({ username: "carla", email, emailVerified: false }))) as User;
    return { carla, asCarla: asUser(carla.id) };
  };

  it("when a player whose email is not confirmed holds an unpaid booking, then a second is refused (EmailNotVerified, saying where the link went) and nothing is written; once confirmed it is", async () => {
    const c = await club();
    const { carla, asCarla } = await unconfirmedPlayer(c);
    await ok(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot }));
    const second = await failure(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    expect(second).toMatchObject({
      _tag: "EmailNotVerified",
      message: "Confirma tu correo para tener más de una reserva sin pagar: te enviamos un enlace a carla@example.com.",
    });
    expect(await c.ports.bookings.listByUser(carla.id)).toHaveLength(1);
    expect(await c.ports.users.confirmEmail(carla.id, carla.email)).toBe(true);
    await ok(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    // confirmed, the limit is everyone's
    expect((await failure(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot, timeSlot: "20:00" })))._tag).toBe("TooManyUnpaidBookings");
  });

  it("when an admin books for a player whose email is not confirmed, then the lower limit does not apply, as the unpaid limit does not", async () => {
    const c = await club();
    const { carla, asCarla } = await unconfirmedPlayer(c);
    await ok(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot }));
    await ok(createBooking(c.ports, ADMIN, { courtId: c.court.id, ...slot, timeSlot: "19:00", userId: carla.id }));
    await ok(createBooking(c.ports, ADMIN, { courtId: c.court.id, ...slot, timeSlot: "20:00", userId: carla.id }));
    expect(await c.ports.bookings.listByUser(carla.id)).toHaveLength(3);
  });

  it("when a player without an email is at the lower limit, then they are asked to add one", async () => {
    const c = await club();
    const { asCarla } = await unconfirmedPlayer(c, "");
    await ok(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot }));
    expect(await failure(createBooking(c.ports, asCarla, { courtId: c.court.id, ...slot, timeSlot: "19:00" }))).toMatchObject({
      _tag: "EmailNotVerified",
      message: "Agrega un correo en tu perfil y confírmalo para tener más de una reserva sin pagar.",
    });
  });

  it("when a player's hold runs out, then they cannot hold that slot again until BOOKING_HOLD_MINUTES later, swept or not (told when, on the club's clock), while another player takes it at once", async () => {
    const c = await booked(); // 18:00, held 07:00 to 07:15 in Guayaquil
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    c.clock.advance(15 * MINUTE);
    const again = await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot }));
    expect(again).toMatchObject({ _tag: "HoldRecentlyExpired", message: "Tu reserva anterior de esta hora venció sin pago; podrás volver a reservarla a las 07:30." });
    expect(await c.ports.bookings.listByUser(c.ana.id)).toHaveLength(2);
    const beto = await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, ...slot }));
    expect(beto.userId).toBe(c.beto.id);
    // taken now: that is what Ana is told, not a time at which it would still be taken
    expect((await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot })))._tag).toBe("SlotTaken");

    expect(await ok(expireOverdueHolds(c.ports))).toBe(1);
    c.clock.advance(15 * MINUTE - 1000);
    expect((await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "19:00" })))._tag).toBe("HoldRecentlyExpired");
    // the same hour on the other court is another slot
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court2.id, ...slot, timeSlot: "19:00" }));
    c.clock.advance(1000);
    const mine = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot, timeSlot: "19:00" }));
    expect(mine.userId).toBe(c.ana.id);
  });

  it("when the hold ended part way through a minute, then the time told is the next whole minute, never one at which the player would still be refused", async () => {
    const c = await club();
    c.clock.advance(30_000);
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot })); // held until 07:15:30
    c.clock.advance(16 * MINUTE);
    expect((await failure(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot }))).message).toContain("a las 07:31.");
  });

  it("when an admin books for a player the slot whose hold of theirs just ran out, then it is booked", async () => {
    const c = await booked();
    c.clock.advance(15 * MINUTE);
    const desk = await ok(createBooking(c.ports, ADMIN, { courtId: c.court.id, ...slot, userId: c.ana.id }));
    expect(desk).toMatchObject({ userId: c.ana.id, holdExpiresAt: null });
  });
});

describe("the split deadline and the organiser's guarantee", () => {
  it("when the organiser pays a share, then the share link expires at the deadline and after it only the whole rest can be paid", async () => {
    const c = await booked();
    await payShare(c);
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    expect(link.expiresAt.toISOString()).toBe("2026-11-22T21:00:00.000Z");
    c.clock.set(new Date("2026-11-22T21:00:01.000Z"));
    expect((await failure(getShareLink(c.ports, link.token)))._tag).toBe("ShareLinkExpired");
    const late = await failure(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
    expect(late._tag).toBe("ShareLinkExpired");
    // the deadline, as the link's page says it: not "contacta al organizador", who cannot send a working link any more
    expect(late.message).toBe(LINK_UNUSABLE.deadline.message);
    expect((await failure(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "partial" })))._tag).toBe("ShareDeadlinePassed");
  });

  it("when a booking is made after its deadline, then only the full amount can be paid", async () => {
    const c = await club();
    c.clock.set(new Date("2026-11-22T21:30:00.000Z")); // 16:30 in Guayaquil, 1.5 h before 18:00
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, ...slot }));
    expect((await failure(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" })))._tag).toBe("ShareDeadlinePassed");
    await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "full" }));
  });

  it("when the deadline passes with shares unpaid, then the rest is charged once to the organiser's saved card, with an invoice", async () => {
    const c = await booked();
    await payShare(c);
    c.clock.set(new Date("2026-11-22T20:59:00.000Z"));
    expect(await ok(chargeDueRemainders(c.ports))).toBe(0); // not yet
    c.clock.set(new Date("2026-11-22T21:00:00.000Z"));
    expect(await ok(chargeDueRemainders(c.ports))).toBe(1);
    expect(await ok(chargeDueRemainders(c.ports))).toBe(0);
    const after = await c.ports.bookings.findById(c.booking.id);
    expect(after).toMatchObject({ paidAmount: 3300, remainderStatus: "charged" });
    const remainder = (await c.ports.payments.listByBooking(c.booking.id)).filter((p) => p.kind === "remainder");
    expect(remainder).toHaveLength(1);
    expect(remainder[0]).toMatchObject({ status: "succeeded", amount: 2475, userId: c.ana.id, invoiceNumber: expect.stringMatching(/^2026-\d{6}$/) });
  });

  it("when the saved card is refused off-session (SCA), then a balance is due, shown to the admin, and it blocks new bookings until paid", async () => {
    const c = await booked();
    await payShare(c, "4000 0000 0000 0341");
    c.clock.set(new Date("2026-11-22T21:00:00.000Z"));
    expect(await ok(chargeDueRemainders(c.ports))).toBe(1);
    const seen = await ok(getBooking(c.ports, c.asAna, c.booking.id));
    expect(seen).toMatchObject({ remainderStatus: "failed", paidAmount: 825 });
    expect((await ok(listOutstandingBalances(c.ports))).map((b) => b.id)).toEqual([c.booking.id]);
    const failed = (await c.ports.payments.listByBooking(c.booking.id)).filter((p) => p.kind === "remainder");
    expect(failed.map((p) => p.status)).toEqual(["failed"]);

    const blocked = await failure(createBooking(c.ports, c.asAna, { courtId: c.court2.id, ...slot, bookingDate: "2026-11-25" }));
    expect(blocked).toMatchObject({ _tag: "BalanceDue", bookingId: c.booking.id, message: expect.stringContaining("$24.75") });

    const rest = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: c.booking.id, paymentType: "full" }));
    expect(rest.payment.amount).toBe(2475);
    await c.pay(rest.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: c.booking.id, stripePaymentIntentId: rest.paymentIntentId }));
    expect(await ok(listOutstandingBalances(c.ports))).toEqual([]);
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court2.id, ...slot, bookingDate: "2026-11-25" }));
  });

  it("when the others paid everything before the deadline, then nothing is charged", async () => {
    const c = await booked();
    await payShare(c);
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: c.booking.id, maxParticipants: 4 }));
    for (let i = 0; i < 3; i++) {
      const intent = await ok(createPaymentIntent(c.ports, GUEST, { bookingId: c.booking.id, shareToken: link.token }));
      await c.pay(intent.clientSecret);
      await ok(recordPayment(c.ports, GUEST, { bookingId: c.booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }));
    }
    c.clock.advance(40 * HOUR_MS);
    expect(await ok(chargeDueRemainders(c.ports))).toBe(0);
    expect((await c.ports.payments.listByBooking(c.booking.id)).some((p) => p.kind === "remainder")).toBe(false);
  });
});
