import { expect, it } from "vitest";
import type { Booking } from "@courts/core";
import { aBooking } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { inserted, seedBooking, seedCourt, seedPlace } from "../support/seed.js";

export const bookingRepositoryContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;
  const cancel = (id: string) =>
    repos().bookings.cancel(id, { reason: "Lluvia", refundPercentage: 100, at: new Date("2026-11-22T15:00:00.000Z") });

  it("when a booking is inserted, then it is found by id with its court and venue", async () => {
    const place = await seedPlace(repos());
    const booking = aBooking({ userId: place.user.id, courtId: place.court.id, timeSlot: "19:00", gameType: "doubles", paidAmount: 825 });
    expect(await repos().bookings.insert(booking)).toEqual(booking);
    expect(await repos().bookings.findById(booking.id)).toEqual({
      ...booking,
      court: {
        id: place.court.id,
        name: place.court.name,
        courtNumber: place.court.courtNumber,
        venueId: place.venue.id,
        venueName: place.venue.name,
      },
    });
    expect(await repos().bookings.findById("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
  });

  it("when the slot already has an active booking, then the insert answers slot-taken", async () => {
    const place = await seedPlace(repos());
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "10:00" });
    expect(
      await repos().bookings.insert(aBooking({ userId: place.user.id, courtId: place.court.id, date: "2026-11-25", timeSlot: "10:00" })),
    ).toBe("slot-taken");
    expect((await repos().catalog.courtDay(place.court.id, "2026-11-25"))?.bookedSlots).toEqual(["10:00"]);
  });

  it("when a slot was taken, then the next insert works (no aborted transaction left behind)", async () => {
    const place = await seedPlace(repos());
    await seedBooking(repos(), place, { timeSlot: "10:00" });
    expect(await repos().bookings.insert(aBooking({ userId: place.user.id, courtId: place.court.id, timeSlot: "10:00" }))).toBe("slot-taken");
    const next = aBooking({ userId: place.user.id, courtId: place.court.id, timeSlot: "11:00" });
    expect(await repos().bookings.insert(next)).toEqual(next);
  });

  it("when the same slot is on another court or date, then it is free", async () => {
    const place = await seedPlace(repos());
    const other = await seedCourt(repos(), place.venue.id);
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "10:00" });
    await seedBooking(repos(), { user: place.user, court: other }, { date: "2026-11-25", timeSlot: "10:00" });
    await seedBooking(repos(), place, { date: "2026-11-26", timeSlot: "10:00" });
    expect(await repos().bookings.countActiveOnDate("2026-11-25")).toBe(2);
  });

  it("when a booking is cancelled, then the slot is free and the same slot can be booked again", async () => {
    const place = await seedPlace(repos());
    const first = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "20:00" });
    expect(await cancel(first.id)).toBe(true);
    expect((await repos().catalog.courtDay(place.court.id, "2026-11-25"))?.bookedSlots).toEqual([]);
    const again = aBooking({ userId: place.user.id, courtId: place.court.id, date: "2026-11-25", timeSlot: "20:00" });
    expect(await repos().bookings.insert(again)).toEqual(again);
    expect(await repos().bookings.findById(first.id)).toMatchObject({
      status: "cancelled",
      cancellationReason: "Lluvia",
      refundPercentage: 100,
      cancelledAt: new Date("2026-11-22T15:00:00.000Z"),
    });
  });

  it("when a booking is not active, then cancel answers false and changes nothing", async () => {
    const place = await seedPlace(repos());
    const booking = await seedBooking(repos(), place);
    expect(await cancel(booking.id)).toBe(true);
    expect(
      await repos().bookings.cancel(booking.id, { reason: null, refundPercentage: 0, at: new Date("2026-11-23T00:00:00.000Z") }),
    ).toBe(false);
    expect(await repos().bookings.findById(booking.id)).toMatchObject({ cancellationReason: "Lluvia", refundPercentage: 100 });
    expect(await cancel("00000000-0000-4000-8000-00000000dead")).toBe(false);
  });

  it("when a user's bookings are listed, then all of them come newest date first, with their court", async () => {
    const place = await seedPlace(repos());
    const stranger = await seedPlace(repos());
    const a = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "09:00" });
    const b = await seedBooking(repos(), place, { date: "2026-11-27", timeSlot: "08:00" });
    const c = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "18:00" });
    await cancel(a.id);
    await seedBooking(repos(), stranger);
    const list = await repos().bookings.listByUser(place.user.id);
    expect(list.map((x) => x.id)).toEqual([b.id, c.id, a.id]);
    expect(list[0]!.court).toMatchObject({ venueName: place.venue.name, courtNumber: place.court.courtNumber });
    expect(list[2]!.status).toBe("cancelled");
  });

  it("when a date's bookings are listed, then they are the active ones, by slot and court, optionally of one venue", async () => {
    const place = await seedPlace(repos(), { court: { courtNumber: 2 } });
    const one = await seedCourt(repos(), place.venue.id, { courtNumber: 1 });
    const elsewhere = await seedPlace(repos());
    const late = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "20:00" });
    const early2 = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "08:00" });
    const early1 = await seedBooking(repos(), { user: place.user, court: one }, { date: "2026-11-25", timeSlot: "08:00" });
    const gone = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "09:00" });
    await cancel(gone.id);
    const far = await seedBooking(repos(), elsewhere, { date: "2026-11-25", timeSlot: "07:00" });
    await seedBooking(repos(), place, { date: "2026-11-26", timeSlot: "08:00" });

    expect((await repos().bookings.listByDate("2026-11-25")).map((b) => b.id)).toEqual([far.id, early1.id, early2.id, late.id]);
    expect((await repos().bookings.listByDate("2026-11-25", place.venue.id)).map((b) => b.id)).toEqual([early1.id, early2.id, late.id]);
    expect(await repos().bookings.countActiveOnDate("2026-11-25")).toBe(4);
  });

  it("when a court's or venue's bookings holding money are asked after a moment, then the live paid ones starting later, soonest first, up to the limit", async () => {
    const place = await seedPlace(repos(), { court: { courtNumber: 2 } });
    const one = await seedCourt(repos(), place.venue.id, { courtNumber: 1 });
    const elsewhere = await seedPlace(repos());
    const paid = { paidAmount: 725, totalAmount: 1450 };
    const later = await seedBooking(repos(), place, { date: "2026-11-27", timeSlot: "08:00", ...paid });
    const tonight = await seedBooking(repos(), { user: place.user, court: one }, { date: "2026-11-25", timeSlot: "20:00", ...paid });
    const confirmed = await seedBooking(repos(), place, { date: "2026-11-26", timeSlot: "09:00", status: "confirmed", paidAmount: 1450, totalAmount: 1450 });
    // under way or played at the moment asked (19:30): they hold no money still to be played
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "19:00", ...paid });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "08:00", ...paid });
    await seedBooking(repos(), place, { date: "2026-11-24", timeSlot: "21:00", ...paid });
    await seedBooking(repos(), place, { date: "2026-11-28", timeSlot: "10:00", paidAmount: 0 }); // an unpaid hold
    const gone = await seedBooking(repos(), place, { date: "2026-11-28", timeSlot: "11:00", ...paid });
    await cancel(gone.id);
    await seedBooking(repos(), elsewhere, { date: "2026-11-28", timeSlot: "08:00", ...paid });

    const ids = async (scope: { courtId: string } | { venueId: string }, limit = 10) =>
      (await repos().bookings.paidAhead(scope, { date: "2026-11-25", time: "19:30" }, limit)).map((b) => b.id);
    expect(await ids({ venueId: place.venue.id })).toEqual([tonight.id, confirmed.id, later.id]);
    expect(await ids({ courtId: place.court.id })).toEqual([confirmed.id, later.id]);
    expect(await ids({ venueId: place.venue.id }, 1)).toEqual([tonight.id]);
    expect(await ids({ courtId: "no-such-court" })).toEqual([]);
  });

  it("when the court or the user does not exist, then the insert fails", async () => {
    const place = await seedPlace(repos());
    await expect(repos().bookings.insert(aBooking({ userId: place.user.id }))).rejects.toThrow();
    await expect(repos().bookings.insert(aBooking({ courtId: place.court.id }))).rejects.toThrow();
  });

  // holds (DESIGN.md section 8): one player's unpaid holds are limited, and a balance due stops new ones
  const NOW = new Date("2026-11-22T15:00:00.000Z");
  const holdOf = (place: Awaited<ReturnType<typeof seedPlace>>, timeSlot: string, overrides: Partial<Booking> = {}) =>
    aBooking({ userId: place.user.id, courtId: place.court.id, date: "2026-11-25", timeSlot, holdExpiresAt: new Date("2026-11-22T15:15:00.000Z"), ...overrides });

  it("when a player holds as many unpaid bookings as allowed, then the next hold is refused and not written; an overdue hold does not count, an admin's hold has no limit", async () => {
    const place = await seedPlace(repos());
    const limits = { maxUnpaid: 2, now: NOW };
    const overdue = holdOf(place, "07:00", { holdExpiresAt: new Date("2026-11-22T14:59:00.000Z") });
    expect(await repos().bookings.insertHold(overdue, limits)).toEqual(overdue);
    const paid = holdOf(place, "08:00", { paidAmount: 725 });
    expect(await repos().bookings.insertHold(paid, limits)).toEqual(paid);
    for (const slot of ["09:00", "10:00"]) {
      const hold = holdOf(place, slot);
      expect(await repos().bookings.insertHold(hold, limits)).toEqual(hold);
    }
    const third = holdOf(place, "11:00");
    expect(await repos().bookings.insertHold(third, limits)).toBe("too-many-unpaid");
    expect(await repos().bookings.findById(third.id)).toBeUndefined();
    expect(await repos().bookings.insertHold(third, { maxUnpaid: null, now: NOW })).toEqual(third);
    // the limit is the player's: another player still books
    const other = await seedPlace(repos());
    const theirs = holdOf(other, "11:00");
    expect(await repos().bookings.insertHold(theirs, limits)).toEqual(theirs);
  });

  it("when a player owes the rest of a booking their card could not pay, then a new hold is refused as balance-due, not written", async () => {
    const place = await seedPlace(repos());
    await repos().bookings.insert(holdOf(place, "10:00", { holdExpiresAt: null, paidAmount: 725, remainderStatus: "failed" }));
    const next = holdOf(place, "12:00");
    expect(await repos().bookings.insertHold(next, { maxUnpaid: 5, now: NOW })).toBe("balance-due");
    expect(await repos().bookings.insertHold(next, { maxUnpaid: null, now: NOW })).toBe("balance-due");
    expect(await repos().bookings.findById(next.id)).toBeUndefined();
  });

  it("when a hold's slot is taken by another player, then insertHold answers slot-taken and the player's next hold is written", async () => {
    const place = await seedPlace(repos());
    const other = await seedPlace(repos());
    await seedBooking(repos(), { user: other.user, court: place.court }, { date: "2026-11-25", timeSlot: "10:00" });
    expect(await repos().bookings.insertHold(holdOf(place, "10:00"), { maxUnpaid: 3, now: NOW })).toBe("slot-taken");
    const next = holdOf(place, "11:00");
    expect(await repos().bookings.insertHold(next, { maxUnpaid: 3, now: NOW })).toEqual(next);
  });

  it("when a hold's slot is held by the player's own booking, then insertHold answers it with that booking's id; by a hold that ran out, with the hold to let go", async () => {
    const place = await seedPlace(repos());
    const own = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "10:00" });
    expect(await repos().bookings.insertHold(holdOf(place, "10:00"), { maxUnpaid: 3, now: NOW })).toEqual({ ownBooking: own.id });
    const other = await seedPlace(repos());
    const lapsed = await seedBooking(repos(), { user: other.user, court: place.court }, {
      date: "2026-11-25",
      timeSlot: "12:00",
      status: "active",
      paidAmount: 0,
      holdExpiresAt: new Date("2026-11-22T14:59:00.000Z"),
    });
    const asked = holdOf(place, "12:00");
    expect(await repos().bookings.insertHold(asked, { maxUnpaid: 3, now: NOW })).toEqual({ overdueHold: lapsed.id });
    // nothing written for either
    expect(await repos().bookings.findById(asked.id)).toBeUndefined();
  });

  it("when one player asks for ten holds at once, then exactly the allowed three are written", async () => {
    const place = await seedPlace(repos());
    const slots = ["07:00", "08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];
    const answers = await Promise.all(slots.map((slot) => repos().bookings.insertHold(holdOf(place, slot), { maxUnpaid: 3, now: NOW })));
    expect(answers.filter((a) => typeof a === "object")).toHaveLength(3);
    expect(answers.filter((a) => a === "too-many-unpaid")).toHaveLength(7);
    expect(await repos().bookings.listByUser(place.user.id)).toHaveLength(3);
  });

  // the limits against abuse (DESIGN.md section 13): fewer unpaid holds until the email is
  // confirmed, and no holding again at once a slot whose hold of the player's own just ran out
  const LIMITS = { maxUnpaid: 2, maxUnpaidUnverified: 1, reholdBarSince: new Date("2026-11-22T14:45:00.000Z"), now: NOW };

  it("when a player whose email is not confirmed holds one unpaid booking, then a second is refused and not written; once confirmed, or placed by an admin, it is", async () => {
    const place = await seedPlace(repos(), { user: { emailVerified: false } });
    const first = holdOf(place, "09:00");
    expect(await repos().bookings.insertHold(first, LIMITS)).toEqual(first);
    const second = holdOf(place, "10:00");
    expect(await repos().bookings.insertHold(second, LIMITS)).toBe("too-many-unpaid");
    expect(await repos().bookings.findById(second.id)).toBeUndefined();
    // the lower limit is for unconfirmed players only; a confirmed one still holds two
    const confirmed = await seedPlace(repos());
    for (const slot of ["09:00", "10:00"]) expect(await repos().bookings.insertHold(holdOf(confirmed, slot), LIMITS)).toMatchObject({ timeSlot: slot });
    expect(await repos().bookings.insertHold(second, { maxUnpaid: null, now: NOW })).toEqual(second);

    expect(await repos().users.confirmEmail(place.user.id, place.user.email)).toBe(true);
    const third = holdOf(place, "11:00");
    // two live holds now (one placed by an admin): the limit of a confirmed player is reached
    expect(await repos().bookings.insertHold(third, LIMITS)).toBe("too-many-unpaid");
    expect(await repos().bookings.cancel(second.id, { reason: null, refundPercentage: 0, at: NOW })).toBe(true);
    expect(await repos().bookings.insertHold(third, LIMITS)).toEqual(third);
  });

  it("when a player whose email is not confirmed asks for five holds at once, then exactly one is written", async () => {
    const place = await seedPlace(repos(), { user: { emailVerified: false } });
    const slots = ["07:00", "08:00", "09:00", "10:00", "11:00"];
    const answers = await Promise.all(slots.map((slot) => repos().bookings.insertHold(holdOf(place, slot), LIMITS)));
    expect(answers.filter((a) => typeof a === "object")).toHaveLength(1);
    expect(answers.filter((a) => a === "too-many-unpaid")).toHaveLength(4);
    expect(await repos().bookings.listByUser(place.user.id)).toHaveLength(1);
  });

  it("when a player's own hold on a slot ran out within the pause, then holding that slot again is refused with the hold's end, swept or not; another slot, another player, or after the pause, it is written", async () => {
    const place = await seedPlace(repos());
    const other = await seedPlace(repos());
    const ended = new Date("2026-11-22T14:50:00.000Z");
    // ran out at 14:50 and swept; ran out at 14:55, not swept yet (still 'active', overdue)
    const swept = inserted(await repos().bookings.insert(holdOf(place, "18:00", { holdExpiresAt: ended })));
    expect(await repos().bookings.expireHold(swept.id, NOW)).toBe(true);
    const overdue = inserted(await repos().bookings.insert(holdOf(place, "19:00", { holdExpiresAt: new Date("2026-11-22T14:55:00.000Z") })));
    const again = holdOf(place, "18:00");
    expect(await repos().bookings.insertHold(again, LIMITS)).toEqual({ heldUntil: ended });
    expect(await repos().bookings.findById(again.id)).toBeUndefined();
    expect(await repos().bookings.insertHold(holdOf(place, "19:00"), LIMITS)).toEqual({ heldUntil: overdue.holdExpiresAt });
    // the pause is the player's, on that slot only
    expect(await repos().bookings.insertHold(holdOf(place, "20:00"), LIMITS)).toMatchObject({ timeSlot: "20:00" });
    const theirs = aBooking({ userId: other.user.id, courtId: place.court.id, date: "2026-11-25", timeSlot: "18:00", holdExpiresAt: new Date("2026-11-22T15:15:00.000Z") });
    expect(await repos().bookings.insertHold(theirs, LIMITS)).toEqual(theirs);
    expect(await repos().bookings.cancel(theirs.id, { reason: null, refundPercentage: 0, at: NOW })).toBe(true);
    // an admin placing it, or the player once the hold ended longer ago than the pause
    const byAdmin = holdOf(place, "18:00", { holdExpiresAt: null });
    expect(await repos().bookings.insertHold(byAdmin, { maxUnpaid: null, now: NOW })).toEqual(byAdmin);
    expect(await repos().bookings.cancel(byAdmin.id, { reason: null, refundPercentage: 0, at: NOW })).toBe(true);
    const later = new Date("2026-11-22T15:05:00.000Z");
    const afterPause = holdOf(place, "18:00", { holdExpiresAt: new Date("2026-11-22T15:20:00.000Z") });
    expect(await repos().bookings.insertHold(afterPause, { ...LIMITS, reholdBarSince: new Date("2026-11-22T14:50:00.000Z"), now: later })).toEqual(afterPause);
  });

  it("when a player both owes a balance and let a hold of the slot run out, then the balance due is told first", async () => {
    const place = await seedPlace(repos());
    const swept = inserted(await repos().bookings.insert(holdOf(place, "18:00", { holdExpiresAt: new Date("2026-11-22T14:50:00.000Z") })));
    expect(await repos().bookings.expireHold(swept.id, NOW)).toBe(true);
    await repos().bookings.insert(holdOf(place, "10:00", { holdExpiresAt: null, paidAmount: 725, remainderStatus: "failed" }));
    expect(await repos().bookings.insertHold(holdOf(place, "18:00"), LIMITS)).toBe("balance-due");
  });
};
