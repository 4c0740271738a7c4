import { Effect } from "effect";
import {
  asUser,
  cancelBookingSeries,
  createBlock,
  createBooking,
  createBookingSeries,
  createPaymentIntent,
  createShareLink,
  enqueueReminders,
  handleEvents,
  recordCashPayment,
  recordPayment,
  type Notice,
  type Ports,
  type User,
} from "@courts/core";
import { describe, expect, it } from "vitest";
import { aUser } from "../../support/builders.js";
import type { memoryOutbox } from "../../support/memory/index.js";
import { club, ok } from "./harness.js";

/** DESIGN.md section 14, 'one mail per thing that happened', on in-memory ports. */

const rowsAfterReactions = async (ports: Ports) => {
  await Effect.runPromise(handleEvents(ports));
  return (ports.outbox as ReturnType<typeof memoryOutbox>).rows();
};
const clubActions = (rows: readonly { to: string; notice: Notice }[]) =>
  rows.flatMap((r) => (r.notice.kind === "club-action" ? [{ to: r.to, notice: r.notice }] : []));

// the harness's clock: 2026-11-21 07:00 in Guayaquil, a Saturday
const SATURDAYS = ["2026-11-28", "2026-12-05", "2026-12-12", "2026-12-19"];

describe("one message per payment", () => {
  it("when a player books and pays the whole hour by card, then they get exactly one message: the payment, the booking confirmed and its figures", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles" }));
    const intent = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "full" }));
    await c.pay(intent.clientSecret);
    const { payment } = await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: intent.paymentIntentId }));
    const rows = await rowsAfterReactions(c.ports);
    expect(rows.map((r) => `${r.notice.kind} -> ${r.to}`)).toEqual(["payment -> ana@example.com"]);
    expect(rows[0]?.notice).toMatchObject({
      way: "card",
      paymentId: payment.id,
      charged: payment.amount - payment.discount,
      invoiceNumber: payment.invoiceNumber,
      confirmed: true,
      paid: payment.amount - payment.discount,
      booking: { bookingId: booking.id, courtName: "Central", date: "2026-11-25", timeSlot: "10:00" },
    });
    // a second pass, or the reaction run again, writes nothing
    expect(await rowsAfterReactions(c.ports)).toHaveLength(1);
  });

  it("when a doubles hour is split four ways (the organiser's share, a player and a guest by the link, cash at the desk), then each payer gets one message per payment and the organiser one per share the others paid; the last one confirms", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot: "18:00", gameType: "doubles" }));
    const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
    await c.pay(own.clientSecret);
    await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: booking.id, maxParticipants: 4 }));
    const theirs = await ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: booking.id, shareToken: link.token }));
    await c.pay(theirs.clientSecret);
    await ok(recordPayment(c.ports, c.asBeto, { bookingId: booking.id, stripePaymentIntentId: theirs.paymentIntentId, shareToken: link.token }));
    const carla = (await c.ports.users.insert(aUser({ username: "carla", email: "carla@example.com" }))) as User;
    const third = await ok(createPaymentIntent(c.ports, asUser(carla.id), { bookingId: booking.id, shareToken: link.token }));
    await c.pay(third.clientSecret);
    await ok(recordPayment(c.ports, asUser(carla.id), { bookingId: booking.id, stripePaymentIntentId: third.paymentIntentId, shareToken: link.token }));
    const before = await rowsAfterReactions(c.ports);
    expect(before.map((r) => `${r.notice.kind} -> ${r.to}`)).toEqual([
      "payment -> ana@example.com",
      "payment -> beto@example.com",
      "share-paid -> ana@example.com",
      "payment -> carla@example.com",
      "share-paid -> ana@example.com",
    ]);
    expect(before.some((r) => "confirmed" in r.notice && r.notice.confirmed === true)).toBe(false);

    // the last quarter, by the organiser at the desk: one message, paying and confirming
    const left = (await c.ports.bookings.findById(booking.id))!;
    await ok(recordCashPayment(c.ports, c.admin, booking.id, { amount: left.totalAmount - left.paidAmount }));
    const last = (await rowsAfterReactions(c.ports)).slice(before.length);
    expect(last.map((r) => `${r.notice.kind} -> ${r.to}`)).toEqual(["payment -> ana@example.com"]);
    expect(last[0]?.notice).toMatchObject({ way: "cash", confirmed: true, paid: booking.totalAmount });
  });
});

describe("a walk-in without an email", () => {
  it("when the desk books an hour for them, takes it in cash and the reminder is due, then nothing is written for the empty address", async () => {
    const c = await club();
    const walkIn = (await c.ports.users.insert(aUser({ username: "mostrador_2", email: "" }))) as User;
    const booking = await ok(createBooking(c.ports, c.admin, { courtId: c.court.id, bookingDate: "2026-11-23", timeSlot: "10:00", gameType: "singles", userId: walkIn.id }));
    await ok(recordCashPayment(c.ports, c.admin, booking.id, { amount: booking.totalAmount }));
    expect(await rowsAfterReactions(c.ports)).toEqual([]);
    c.clock.set("2026-11-22T15:00:00Z"); // 24 h before
    expect(await Effect.runPromise(enqueueReminders(c.ports))).toBe(0);
    expect((c.ports.outbox as ReturnType<typeof memoryOutbox>).rows()).toEqual([]);
  });
});

describe("one message per club action", () => {
  it("when the club books a 4-week series for a player, then they get one message listing the 4 dates, and the week it could not book", async () => {
    const c = await club();
    await ok(createBooking(c.ports, c.asBeto, { courtId: c.court.id, bookingDate: "2026-12-26", timeSlot: "18:00", gameType: "singles" }));
    const series = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "18:00", gameType: "doubles", startDate: SATURDAYS[0]!, weeks: 5 }),
    );
    expect(series.created).toHaveLength(4);
    const told = clubActions(await rowsAfterReactions(c.ports));
    expect(told.map((t) => t.to)).toEqual(["ana@example.com"]);
    const notice = told[0]!.notice;
    expect(notice).toMatchObject({ action: "series-booked", reason: null, skipped: [{ date: "2026-12-26", message: "Ocupado" }] });
    expect(notice.bookings.map((t) => [t.booking.date, t.booking.timeSlot, t.booking.courtName, t.refund])).toEqual(SATURDAYS.map((d) => [d, "18:00", "Central", 0]));
    expect(clubActions(await rowsAfterReactions(c.ports))).toHaveLength(1);
  });

  it("when the club cancels that series with a reason, then the player gets one message with the 4 dates, the reason and their refunds, and a friend who paid a share of one week one message for that week", async () => {
    const c = await club();
    const series = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "18:00", gameType: "doubles", startDate: SATURDAYS[0]!, weeks: 4 }),
    );
    const [first, second] = series.created;
    await ok(recordCashPayment(c.ports, c.admin, first!.id, { amount: first!.totalAmount }));
    const { link } = await ok(createShareLink(c.ports, c.asAna, { bookingId: second!.id, maxParticipants: 4 }));
    const share = await ok(createPaymentIntent(c.ports, c.asBeto, { bookingId: second!.id, shareToken: link.token }));
    await c.pay(share.clientSecret);
    const { payment } = await ok(recordPayment(c.ports, c.asBeto, { bookingId: second!.id, stripePaymentIntentId: share.paymentIntentId, shareToken: link.token }));
    const before = (await rowsAfterReactions(c.ports)).length;

    const { cancelled } = await ok(cancelBookingSeries(c.ports, c.admin, series.series.id, undefined, { reason: "Torneo interno del club" }));
    expect(cancelled).toHaveLength(4);
    const rows = (await rowsAfterReactions(c.ports)).slice(before);
    // one message per person, no per-week cancellation
    expect(rows.map((r) => `${r.notice.kind} -> ${r.to}`).sort()).toEqual(["club-action -> ana@example.com", "club-action -> beto@example.com"]);
    const byMail = new Map(clubActions(rows).map((t) => [t.to, t.notice]));
    const ana = byMail.get("ana@example.com")!;
    expect(ana).toMatchObject({ action: "series-cancelled", reason: "Torneo interno del club" });
    expect(ana.bookings.map((t) => [t.booking.date, t.refund, t.cash])).toEqual([
      [SATURDAYS[0], first!.totalAmount, first!.totalAmount],
      [SATURDAYS[1], 0, 0],
      [SATURDAYS[2], 0, 0],
      [SATURDAYS[3], 0, 0],
    ]);
    const beto = byMail.get("beto@example.com")!;
    expect(beto.bookings.map((t) => [t.booking.date, t.refund, t.cash])).toEqual([[SATURDAYS[1], payment.amount - payment.discount, 0]]);
    expect(await c.ports.bookings.findById(first!.id)).toMatchObject({ cancellationReason: "Serie cancelada por el club: Torneo interno del club" });
    expect((await rowsAfterReactions(c.ports)).length).toBe(before + 2);
  });

  it("when cancelling a series stops after two of its four weeks (a restart), then its player is told nothing while it may still be running, and after half an hour one message with the two weeks it cancelled", async () => {
    const c = await club();
    const series = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: c.ana.id, timeSlot: "18:00", gameType: "doubles", startDate: SATURDAYS[0]!, weeks: 4 }),
    );
    const before = (await rowsAfterReactions(c.ports)).length;
    const stopsAt = new Set(series.created.slice(2).map((b) => b.id));
    const crashing: Ports = {
      ...c.ports,
      bookings: {
        ...c.ports.bookings,
        cancel: (id, ...rest) => (stopsAt.has(id) ? Promise.reject(new Error("el proceso se reinició")) : c.ports.bookings.cancel(id, ...rest)),
      },
    };
    await expect(ok(cancelBookingSeries(crashing, c.admin, series.series.id, undefined, { reason: "Lluvia" }))).rejects.toBeDefined();
    expect((await c.ports.bookings.findById(series.created[1]!.id))?.status).toBe("cancelled");
    expect((await c.ports.bookings.findById(series.created[2]!.id))?.status).toBe("active");

    c.clock.set(new Date(c.clock.now().getTime() + 29 * 60_000));
    expect(clubActions((await rowsAfterReactions(c.ports)).slice(before))).toEqual([]);
    c.clock.set(new Date(c.clock.now().getTime() + 2 * 60_000));
    const told = clubActions((await rowsAfterReactions(c.ports)).slice(before));
    expect(told.map((t) => t.to)).toEqual(["ana@example.com"]);
    expect(told[0]!.notice).toMatchObject({ action: "series-cancelled", reason: "Lluvia" });
    expect(told[0]!.notice.bookings.map((t) => t.booking.date)).toEqual(SATURDAYS.slice(0, 2));
  });

  it("when a closure cancels two bookings of one player and one of another, then each gets one message listing theirs, the reason and the full refund", async () => {
    const c = await club();
    const mine = [];
    for (const timeSlot of ["10:00", "11:00"]) {
      const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-25", timeSlot, gameType: "singles" }));
      await ok(recordCashPayment(c.ports, c.admin, booking.id, { amount: booking.totalAmount }));
      mine.push(booking);
    }
    await ok(createBooking(c.ports, c.asBeto, { courtId: c.court2.id, bookingDate: "2026-11-25", timeSlot: "12:00", gameType: "singles" }));
    const before = (await rowsAfterReactions(c.ports)).length;
    await ok(createBlock(c.ports, c.admin, { venueId: c.venue.id, startDate: "2026-11-25", endDate: "2026-11-25", reason: "Mantenimiento", note: "Lluvia", cancelConflicts: true }));
    const rows = (await rowsAfterReactions(c.ports)).slice(before);
    expect(rows.map((r) => `${r.notice.kind} -> ${r.to}`)).toEqual(["club-action -> ana@example.com", "club-action -> beto@example.com"]);
    const [ana, beto] = clubActions(rows).map((t) => t.notice);
    expect(ana).toMatchObject({ action: "closure", reason: "Mantenimiento (Lluvia)" });
    expect(ana!.bookings.map((t) => [t.booking.timeSlot, t.refund])).toEqual(mine.map((b) => [b.timeSlot, b.totalAmount]));
    expect(beto!.bookings.map((t) => [t.booking.timeSlot, t.booking.courtName, t.refund])).toEqual([["12:00", "Pista 2", 0]]);
  });

  it("when the player is a walk-in without an email, then the series booked and cancelled write no message and nothing fails", async () => {
    const c = await club();
    const walkIn = (await c.ports.users.insert(aUser({ username: "mostrador_1", email: "" }))) as User;
    const series = await ok(
      createBookingSeries(c.ports, c.admin, { courtId: c.court.id, userId: walkIn.id, timeSlot: "18:00", gameType: "singles", startDate: SATURDAYS[0]!, weeks: 4 }),
    );
    await ok(recordCashPayment(c.ports, c.admin, series.created[0]!.id, { amount: series.created[0]!.totalAmount }));
    await ok(cancelBookingSeries(c.ports, c.admin, series.series.id, undefined, { reason: "Cierre por obras" }));
    await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: "2026-11-30", endDate: "2026-11-30", reason: "Torneo" }));
    expect(await rowsAfterReactions(c.ports)).toEqual([]);
    // every event ran: none is left failing for the next pass
    expect(await Effect.runPromise(handleEvents(c.ports))).toBe(0);
  });
});
