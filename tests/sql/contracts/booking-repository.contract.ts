import { expect, it } from "vitest";
import { aBooking } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { seedBooking, seedCourt, seedPlace } from "../support/seed.js";

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

  it("when the court or the user does not exist, then the insert fails", async () => {
    const place = await seedPlace(repos());
    await expect(repos().bookings.insert(aBooking({ userId: place.user.id }))).rejects.toThrow();
    await expect(repos().bookings.insert(aBooking({ courtId: place.court.id }))).rejects.toThrow();
  });
};
