import { Effect } from "effect";
import {
  ADMIN,
  GUEST,
  bookingPayers,
  cancelBooking,
  createBlock,
  createBooking,
  createDiscountCode,
  createPaymentIntent,
  createShareLink,
  deliverOutbox,
  enqueueBalanceDue,
  enqueueCancellationNotices,
  enqueueClosureNotice,
  enqueuePaymentNotices,
  enqueueReminders,
  expireOverdueHolds,
  enqueueRemainderCharged,
  handleEvents,
  joinWaitlist,
  reactTo,
  openPaymentIntent,
  recordCashPayment,
  recordPayment,
  retryDelayMs,
  type Mailer,
  type MailResult,
  type Notice,
  type OutboxMessage,
  type Ports,
} from "@courts/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryOutbox } from "../../support/memory/index.js";
import { club, ok } from "./harness.js";

/** The producers and the delivery of DESIGN.md section 9 on in-memory ports. */

const outboxOf = (ports: { outbox: unknown }) => ports.outbox as ReturnType<typeof memoryOutbox>;
/** One pass of the events' reactions (the sweep's step): how many events ran. */
const react = (ports: Ports) => Effect.runPromise(handleEvents(ports));
/** The outbox once the events recorded so far had their reactions. */
const rowsOf = async (ports: Ports) => {
  await react(ports);
  return outboxOf(ports).rows();
};
const told = async (ports: Ports) => (await rowsOf(ports)).map((r) => `${r.notice.kind} -> ${r.to}`);

const bookAndPay = async (c: Awaited<ReturnType<typeof club>>, date = "2026-11-25", timeSlot = "10:00") => {
  const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: date, timeSlot, gameType: "singles" }));
  const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
  await c.pay(intent.clientSecret);
  const recorded = await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
  return { booking, payment: recorded.payment };
};

describe("producers", () => {
  it("when the last share is paid through the link, then each payer gets one message for their payment, the last one confirming the booking, and the organiser one saying who paid and that it is confirmed; once", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c);
    const link = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 2 }));
    const intent = await ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: booking.id, shareToken: link.link.token }));
    await c.pay(intent.clientSecret);
    const recorded = await ok(recordPayment(c.ports, c.asBeto, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.link.token }));
    expect((await told(c.ports))).toEqual(["payment -> ana@example.com", "payment -> beto@example.com", "share-paid -> ana@example.com"]);
    const [own, theirs, sharePaid] = (await rowsOf(c.ports)).map((r) => r.notice);
    expect(own).toMatchObject({ kind: "payment", way: "share", confirmed: false });
    expect(own).not.toHaveProperty("guest");
    expect(theirs).toMatchObject({ kind: "payment", way: "share", confirmed: true, paid: booking.totalAmount, paymentId: recorded.payment.id });
    expect(sharePaid).toMatchObject({ payerName: "beto", paidCount: 2, totalCount: 2, name: "ana", confirmed: true, paid: booking.totalAmount });
    expect(await Effect.runPromise(enqueuePaymentNotices(c.ports, recorded.payment, { paidCount: 2, totalCount: 2, completed: true }))).toBe(0);
    expect(await react(c.ports)).toBe(0);
    expect((await rowsOf(c.ports))).toHaveLength(3);
  });

  it("when the players gave their full names, then every message greets them by it and the organiser reads who paid by it; a guest keeps what they typed", async () => {
    const c = await club();
    await c.ports.users.updateProfile(c.ana.id, { email: c.ana.email, username: c.ana.username, fullName: "Ana Pérez Núñez", phone: null });
    await c.ports.users.updateProfile(c.beto.id, { email: c.beto.email, username: c.beto.username, fullName: "Alberto Ruiz", phone: null });
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "doubles" }));
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
    const link = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 4 }));
    const intent = await ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: booking.id, shareToken: link.link.token }));
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, c.asBeto, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.link.token }));
    const guest = await ok(openPaymentIntent(c.ports, GUEST, { bookingId: booking.id, shareToken: link.link.token, payerName: "carla_q", payerEmail: "carla@example.com" }));
    await c.pay(guest.clientSecret);
    await ok(recordPayment(c.ports, GUEST, { bookingId: booking.id, stripePaymentIntentId: guest.paymentIntentId, shareToken: link.link.token }));
    const named = (await rowsOf(c.ports)).map((r) => [r.notice.kind, r.to, r.notice.name, "payerName" in r.notice ? r.notice.payerName : null]);
    expect(named).toEqual([
      ["payment", "ana@example.com", "Ana Pérez Núñez", null],
      ["payment", "beto@example.com", "Alberto Ruiz", null],
      ["share-paid", "ana@example.com", "Ana Pérez Núñez", "Alberto Ruiz"],
      ["payment", "carla@example.com", "carla_q", null],
      ["share-paid", "ana@example.com", "Ana Pérez Núñez", "carla_q"],
    ]);
    // the booking's list of who paid, for the organiser and the desk
    expect((await ok(bookingPayers(c.ports, c.asAna, booking.id))).map((p) => p.name)).toEqual(["Ana Pérez Núñez", "Alberto Ruiz", "carla_q"]);

    // the cancellation tells each payer by their name, and the one waiting for the slot by theirs
    await ok(joinWaitlist(c.ports, c.asBeto, { courtId: c.court.id, date: "2026-11-25", timeSlot: "10:00" }));
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    const after = (await rowsOf(c.ports)).slice(named.length).map((r) => [r.notice.kind, r.to, r.notice.name]);
    expect(after).toEqual(
      expect.arrayContaining([
        ["cancellation", "ana@example.com", "Ana Pérez Núñez"],
        ["cancellation", "beto@example.com", "Alberto Ruiz"],
        ["cancellation", "carla@example.com", "carla_q"],
        ["slot-freed", "beto@example.com", "Alberto Ruiz"],
      ]),
    );
  });

  it("when a booking is paid in full with discount codes, then the confirming messages carry what was charged (the payments' sum), not the hour's price", async () => {
    const c = await club();
    await ok(createDiscountCode(c.ports, ADMIN, { code: "VERANO10", type: "percentage", value: 10 }));
    await ok(createDiscountCode(c.ports, ADMIN, { code: "MENOS1", type: "fixed", value: 1 }));
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial", discountCode: "verano10" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
    const link = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 2 }));
    const theirs = await ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: booking.id, shareToken: link.link.token, discountCode: "menos1" }));
    await c.pay(theirs.clientSecret);
    await ok(recordPayment(c.ports, c.asBeto, { bookingId: booking.id, stripePaymentIntentId: theirs.paymentIntentId, shareToken: link.link.token }));
    const rows = (await rowsOf(c.ports));
    const receipts = rows.flatMap((r) => (r.notice.kind === "payment" ? [r.notice.charged] : []));
    const confirmed = rows.find((r) => r.notice.kind === "payment" && r.notice.confirmed)?.notice;
    const organiser = rows.find((r) => r.notice.kind === "share-paid")?.notice;
    expect(receipts).toHaveLength(2);
    expect(own.payment.discount).toBeGreaterThan(0);
    expect(theirs.payment.discount).toBe(100);
    const charged = booking.totalAmount - own.payment.discount - theirs.payment.discount;
    expect(receipts.reduce((a, b) => a + b, 0)).toBe(charged);
    expect(confirmed).toMatchObject({ kind: "payment", name: "beto", paid: charged });
    expect(organiser).toMatchObject({ kind: "share-paid", name: "ana", confirmed: true, paid: charged });
  });

  it("when a hold expires, then the organiser is told and whoever waits for the slot too; a second pass writes nothing", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "18:00", gameType: "doubles" }));
    await ok(joinWaitlist(c.ports, c.asBeto, { courtId: c.court.id, date: "2026-11-25", timeSlot: "18:00" }));
    // section 8's expiry, once the hold ran out: the change and its events
    c.clock.advance(16 * 60_000);
    expect(await Effect.runPromise(expireOverdueHolds(c.ports))).toBe(1);
    expect(await react(c.ports)).toBe(2);
    expect((await told(c.ports))).toEqual(["hold-expired -> ana@example.com", "slot-freed -> beto@example.com"]);
    const freed = (await rowsOf(c.ports))[1]?.notice;
    expect(freed).toMatchObject({ kind: "slot-freed", courtId: c.court.id, booking: { courtName: "Central", venueName: "Club Samborondón", timeSlot: "18:00" } });
    expect(await react(c.ports)).toBe(0);
    expect(await Effect.runPromise(reactTo(c.ports, { type: "HoldExpired", bookingId: booking.id }))).toBe(0);
    expect(outboxOf(c.ports).rows()).toHaveLength(2);
  });

  it("when a closure cancels a paid booking, then each payer is told their full refund and the reason", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c);
    // the closure of section 10 refunds 100% whatever the tier; here a plain cancellation more than 24 h ahead does the same
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    expect(await Effect.runPromise(enqueueClosureNotice(c.ports, booking.id, "Lluvia"))).toBe(1);
    const closure = (await rowsOf(c.ports)).find((r) => r.notice.kind === "closure");
    expect(closure?.to).toBe("ana@example.com");
    expect(closure?.notice).toMatchObject({ refund: 725, reason: "Lluvia" });
    expect(await Effect.runPromise(enqueueClosureNotice(c.ports, booking.id, "Lluvia"))).toBe(0);
  });

  it("when a booking paid by card and in cash at the desk is cancelled, then its payer gets one message: the whole refund, and the part handed back in cash", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c); // 7.25 by card
    for (const amount of [300, 150]) await ok(recordCashPayment(c.ports, c.admin, booking.id, { amount }));
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    const cancellations = (await rowsOf(c.ports)).filter((r) => r.notice.kind === "cancellation");
    expect(cancellations.map((r) => r.to)).toEqual(["ana@example.com"]);
    expect(cancellations[0]?.notice).toMatchObject({ refund: 1175, refundPercentage: 100, cash: 450, paid: 1175 });
    const payments = await c.ports.payments.listByBooking(booking.id);
    expect(payments.map((p) => [p.kind, p.status, p.refundedAmount, p.refundOwed]).sort()).toEqual([
      ["cash", "refunded", 150, 0],
      ["cash", "refunded", 300, 0],
      ["partial", "refunded", 725, 0],
    ]);
  });

  it("when cash is recorded at the desk and the booking is then cancelled, then the player's receipt is written before the cancellation, and the sweep writes it no second time", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    const { payment } = await ok(recordCashPayment(c.ports, c.admin, booking.id, { amount: 1450 }));
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    expect((await told(c.ports))).toEqual(["payment -> ana@example.com", "cancellation -> ana@example.com"]);
    expect((await rowsOf(c.ports))[0]?.notice).toMatchObject({ kind: "payment", way: "cash", paymentId: payment.id, charged: 1450, confirmed: true, paid: 1450 });
    expect(await react(c.ports)).toBe(0);
    expect(outboxOf(c.ports).rows()).toHaveLength(2);
  });

  it("when two guests typed one email, then each is told their own refund under their own name, and a guest who paid twice once", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "18:00", gameType: "doubles" }));
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 4 }));
    const guestPays = async (payerName: string) => {
      const intent = await ok(openPaymentIntent(c.ports, GUEST, { bookingId: booking.id, shareToken: link.token, payerName, payerEmail: "familia@correo.ec" }));
      await c.pay(intent.clientSecret);
      await ok(recordPayment(c.ports, GUEST, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }));
    };
    await guestPays("Carlos");
    await guestPays("Lucía");
    await guestPays("Lucía");
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    const cancellations = (await rowsOf(c.ports))
      .flatMap((r) => (r.notice.kind === "cancellation" ? [{ to: r.to, name: r.notice.name, refund: r.notice.refund, paid: r.notice.paid }] : []));
    const share = cancellations.find((m) => m.name === "ana")?.paid ?? 0;
    expect(share).toBeGreaterThan(0);
    expect(cancellations.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { to: "ana@example.com", name: "ana", refund: share, paid: share },
      { to: "familia@correo.ec", name: "Carlos", refund: share, paid: share },
      { to: "familia@correo.ec", name: "Lucía", refund: 2 * share, paid: 2 * share },
    ]);
  });

  it("when an unpaid hold is cancelled, then its organiser is told it had no payments", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    const cancellation = (await rowsOf(c.ports)).find((r) => r.notice.kind === "cancellation");
    expect(cancellation?.notice).toMatchObject({ refund: 0, paid: 0 });
  });

  it("when refunds are owed but not yet sent, then each payer is told the amount their tier gives (a closure: all of it)", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c);
    // cancelled with the 50% tier, the refund left to the sweep (section 8): nothing refunded yet
    await c.ports.bookings.cancel(booking.id, { reason: null, refundPercentage: 50, at: c.clock.now() });
    await Effect.runPromise(enqueueCancellationNotices(c.ports, booking.id));
    await Effect.runPromise(enqueueClosureNotice(c.ports, booking.id, "Torneo"));
    const notices = (await rowsOf(c.ports)).map((r) => r.notice);
    expect(notices.find((n) => n.kind === "cancellation")).toMatchObject({ refund: 363, refundPercentage: 50 });
    expect(notices.find((n) => n.kind === "closure")).toMatchObject({ refund: 725, reason: "Torneo" });
  });

  it("when the club closes a court over a paid booking, then its payer is told the full refund and the reason, and not again as a cancellation", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c);
    await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: booking.date, endDate: booking.date, reason: "Mantenimiento", note: "Lluvia", cancelConflicts: true }));
    const closure = (await rowsOf(c.ports)).filter((r) => r.notice.kind === "club-action");
    expect(closure.map((r) => r.to)).toEqual(["ana@example.com"]);
    expect(closure[0]?.notice).toMatchObject({ action: "closure", reason: "Mantenimiento (Lluvia)", bookings: [{ refund: 725, booking: { bookingId: booking.id } }] });
    expect(await react(c.ports)).toBe(0);
    expect(outboxOf(c.ports).rows().some((r) => r.notice.kind === "cancellation")).toBe(false);
  });

  it("balance due and remainder charged go to the organiser, once per booking", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c);
    await react(c.ports);
    expect(await Effect.runPromise(enqueueRemainderCharged(c.ports, booking.id, 725, null))).toBe(1);
    expect(await Effect.runPromise(enqueueRemainderCharged(c.ports, booking.id, 725, null))).toBe(0);
    expect(await Effect.runPromise(enqueueBalanceDue(c.ports, booking.id, 725))).toBe(1);
    expect(await Effect.runPromise(enqueueBalanceDue(c.ports, booking.id, 725))).toBe(0);
    expect((await told(c.ports)).slice(-2)).toEqual(["remainder-charged -> ana@example.com", "balance-due -> ana@example.com"]);
    expect(await Effect.runPromise(enqueueBalanceDue(c.ports, "no-such-booking", 725))).toBe(0);
  });
});

describe("events and their reactions", () => {
  it("when a payment is recorded, then its event commits with it and the next pass writes its one message, once", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    // as if the process stopped right after the commit: nothing written yet, nothing lost
    expect(outboxOf(c.ports).rows()).toHaveLength(0);
    expect(await react(c.ports)).toBe(1);
    expect(outboxOf(c.ports).rows().map((r) => `${r.notice.kind} -> ${r.to}`)).toEqual(["payment -> ana@example.com"]);
    // the same request again (a retried browser call) records no second event
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    expect(await react(c.ports)).toBe(0);
    expect(outboxOf(c.ports).rows()).toHaveLength(1);
  });

  it("when a booking is cancelled, then one pass tells the payers and the waitlist, and no pass again", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c);
    await ok(joinWaitlist(c.ports, c.asBeto, { courtId: c.court.id, date: booking.date, timeSlot: booking.timeSlot }));
    const before = (await rowsOf(c.ports)).length;
    await ok(cancelBooking(c.ports, c.asAna, { bookingId: booking.id }));
    expect(outboxOf(c.ports).rows()).toHaveLength(before);
    expect(await react(c.ports)).toBe(2);
    expect(outboxOf(c.ports).rows().slice(before).map((r) => `${r.notice.kind} -> ${r.to}`)).toEqual(["cancellation -> ana@example.com", "slot-freed -> beto@example.com"]);
    expect(await react(c.ports)).toBe(0);
  });

  it("when a reaction fails (the outbox refuses a write), then its event stays for the next pass, which writes the message once", async () => {
    const c = await club();
    await bookAndPay(c);
    const outbox = c.ports.outbox;
    let refuse = true;
    const failing: Ports = {
      ...c.ports,
      outbox: { ...outbox, enqueue: (message) => (refuse ? Promise.reject(new Error("disco lleno")) : outbox.enqueue(message)) },
    };
    expect(await react(failing)).toBe(0);
    expect(outboxOf(c.ports).rows()).toHaveLength(0);
    refuse = false;
    expect(await react(failing)).toBe(1);
    expect(outboxOf(c.ports).rows().map((r) => r.notice.kind)).toEqual(["payment"]);
    expect(await react(failing)).toBe(0);
  });
});

describe("reminders", () => {
  it("when a booking is 24 h away, then its organiser gets one reminder; not before, not twice, not when turned off", async () => {
    const c = await club();
    // Monday 23 Nov 10:00 in Guayaquil = 15:00Z; booked on 21 Nov at 12:00Z (51 h before)
    const { booking } = await bookAndPay(c, "2026-11-23", "10:00");
    const quiet = await ok(createBooking(c.ports, c.asBeto, { courtId: c.court2.id, bookingDate: "2026-11-23", timeSlot: "10:00", gameType: "singles" }));
    await c.ports.notifications.setReminders(c.beto.id, false, c.clock.now());
    const reminders = () => outboxOf(c.ports).rows().filter((r) => r.notice.kind === "reminder");

    c.clock.set("2026-11-22T14:59:00Z"); // 24 h 1 min before
    await Effect.runPromise(enqueueReminders(c.ports));
    expect(reminders()).toHaveLength(0);
    c.clock.set("2026-11-22T15:00:00Z"); // exactly 24 h before
    expect(await Effect.runPromise(enqueueReminders(c.ports))).toBe(1);
    expect(await Effect.runPromise(enqueueReminders(c.ports))).toBe(0);
    expect(reminders().map((r) => r.to)).toEqual(["ana@example.com"]);
    expect(reminders()[0]?.eventKey).toBe(`reminder:${booking.id}:ana@example.com`);
    expect(reminders().some((r) => r.notice.kind === "reminder" && r.notice.booking.bookingId === quiet.id)).toBe(false);
  });

  it("when the organiser also paid a share through the link with their own email, then that mailbox gets one reminder, the organiser's: their name, their switch", async () => {
    const c = await club();
    const { booking } = await bookAndPay(c, "2026-11-23", "10:00");
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 2 }));
    const intent = await ok(openPaymentIntent(c.ports, GUEST, { bookingId: booking.id, shareToken: link.token, payerName: "Ana (por Beto)", payerEmail: "ANA@example.com" }));
    await c.pay(intent.clientSecret);
    await ok(recordPayment(c.ports, GUEST, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId, shareToken: link.token }));
    const reminders = () => outboxOf(c.ports).rows().filter((r) => r.notice.kind === "reminder");

    c.clock.set("2026-11-22T15:00:00Z");
    expect(await Effect.runPromise(enqueueReminders(c.ports))).toBe(1);
    expect(reminders().map((r) => ({ to: r.to, name: r.notice.name, guest: "guest" in r.notice }))).toEqual([{ to: "ana@example.com", name: "ana", guest: false }]);

    // turned off by the organiser: the share paid as a guest does not bring it back
    const quiet = await club();
    const again = await bookAndPay(quiet, "2026-11-23", "10:00");
    await quiet.ports.notifications.setReminders(quiet.ana.id, false, quiet.clock.now());
    const shared = await ok(createShareLink(quiet.ports, quiet.asAna, { bookingId: again.booking.id, maxParticipants: 2 }));
    const paid = await ok(openPaymentIntent(quiet.ports, GUEST, { bookingId: again.booking.id, shareToken: shared.link.token, payerName: "Ana", payerEmail: "ana@example.com" }));
    await quiet.pay(paid.clientSecret);
    await ok(recordPayment(quiet.ports, GUEST, { bookingId: again.booking.id, stripePaymentIntentId: paid.paymentIntentId, shareToken: shared.link.token }));
    quiet.clock.set("2026-11-22T15:00:00Z");
    expect(await Effect.runPromise(enqueueReminders(quiet.ports))).toBe(0);
  });

  it("a booking made less than 24 h before its start gets no reminder (its confirmation is fresh)", async () => {
    const c = await club();
    c.clock.set("2026-11-22T20:00:00Z");
    await bookAndPay(c, "2026-11-23", "10:00");
    c.clock.set("2026-11-23T09:00:00Z");
    expect(await Effect.runPromise(enqueueReminders(c.ports))).toBe(0);
  });
});

/** A mailer that answers from a script and records what it was given. */
const scriptedMailer = (answers: MailResult[]): Mailer & { sent: OutboxMessage[] } => {
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(message) {
      const answer = answers.shift() ?? { ok: true };
      if (answer.ok) sent.push(message);
      return answer;
    },
  };
};

const receipt = (name: string): Notice => ({
  kind: "reminder",
  name,
  booking: { bookingId: "b", venueName: "V", courtName: "C", courtNumber: 1, date: "2026-11-25", timeSlot: "10:00", gameType: "singles", startsAt: "", endsAt: "" },
});

describe("delivery", () => {
  it("when the mail server fails, then the message waits 1, 2, 4 ... times the base before the next try, and is sent once it works", async () => {
    const c = await club();
    const ports = { ...c.ports, outbox: memoryOutbox() };
    await ports.outbox.enqueue({ id: "m1", eventKey: "k1", to: "a@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() });
    const down = { ok: false, permanent: false, error: "ECONNREFUSED" } as const;
    const mailer = scriptedMailer([down, down]);
    const options = { retryBaseMs: 1000, leaseMs: 60_000, batch: 10 };
    const pass = () => Effect.runPromise(deliverOutbox(ports, mailer, options));
    expect(await pass()).toBe(0);
    c.clock.advance(999);
    expect(await pass()).toBe(0); // not due yet: nothing claimed, the script is untouched
    c.clock.advance(1);
    expect(await pass()).toBe(0); // second failure: now 2 s
    c.clock.advance(1999);
    expect(await pass()).toBe(0);
    c.clock.advance(1);
    expect(await pass()).toBe(1);
    expect(await pass()).toBe(0);
    expect(mailer.sent.map((m) => m.id)).toEqual(["m1"]);
    expect(ports.outbox.rows()[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("when the server refuses the address, then the message is kept as failed and never tried again", async () => {
    const c = await club();
    const ports = { ...c.ports, outbox: memoryOutbox() };
    await ports.outbox.enqueue({ id: "m1", eventKey: "k1", to: "nadie@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() });
    await ports.outbox.enqueue({ id: "m2", eventKey: "k2", to: "ana@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() });
    expect(await ports.outbox.enqueue({ id: "m3", eventKey: "k2", to: "ana@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() })).toBe(false);
    const mailer = scriptedMailer([{ ok: false, permanent: true, error: "550 no such user" }]);
    expect(await Effect.runPromise(deliverOutbox(ports, mailer, { retryBaseMs: 10, leaseMs: 1000, batch: 10 }))).toBe(1);
    c.clock.advance(3_600_000);
    expect(await Effect.runPromise(deliverOutbox(ports, mailer, { retryBaseMs: 10, leaseMs: 1000, batch: 10 }))).toBe(0);
    expect(ports.outbox.rows().map((r) => [r.id, r.status])).toEqual([
      ["m1", "failed"],
      ["m2", "sent"],
    ]);
  });

  it("when a process dies after claiming, then the message is claimed again once its lease ends, not before", async () => {
    const c = await club();
    const outbox = memoryOutbox();
    await outbox.enqueue({ id: "m1", eventKey: "k1", to: "a@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() });
    const now = c.clock.now();
    expect(await outbox.claim(now, new Date(now.getTime() + 60_000), 10)).toHaveLength(1);
    expect(await outbox.claim(new Date(now.getTime() + 59_999), new Date(now.getTime() + 120_000), 10)).toHaveLength(0);
    expect(await outbox.claim(new Date(now.getTime() + 60_000), new Date(now.getTime() + 120_000), 10)).toHaveLength(1);
  });

  it("sent messages are deleted after 30 days; failed ones stay", async () => {
    const c = await club();
    const ports = { ...c.ports, outbox: memoryOutbox() };
    await ports.outbox.enqueue({ id: "m1", eventKey: "k1", to: "a@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() });
    await ports.outbox.enqueue({ id: "m2", eventKey: "k2", to: "x@b.ec", notice: receipt("Ana"), createdAt: c.clock.now() });
    const mailer = scriptedMailer([{ ok: true }, { ok: false, permanent: true, error: "550" }]);
    const options = { retryBaseMs: 10, leaseMs: 1000, batch: 10 };
    await Effect.runPromise(deliverOutbox(ports, mailer, options));
    c.clock.advance(30 * 24 * 3_600_000 - 1);
    await Effect.runPromise(deliverOutbox(ports, mailer, options));
    expect(ports.outbox.rows()).toHaveLength(2);
    c.clock.advance(2);
    await Effect.runPromise(deliverOutbox(ports, mailer, options));
    expect(ports.outbox.rows().map((r) => [r.id, r.status])).toEqual([["m2", "failed"]]);
  });

  it("the retry delay doubles from the base and never passes an hour", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 600_000 }), (attempts, base) => {
        const delay = retryDelayMs(attempts, base);
        expect(delay).toBeGreaterThanOrEqual(Math.min(base, 3_600_000));
        expect(delay).toBeLessThanOrEqual(Math.max(3_600_000, base));
        if (attempts > 1 && retryDelayMs(attempts - 1, base) < 3_600_000) expect(delay).toBeGreaterThan(retryDelayMs(attempts - 1, base));
      }),
    );
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
  });
});
