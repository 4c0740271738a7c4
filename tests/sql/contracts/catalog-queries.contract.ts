import { randomUUID } from "node:crypto";
import { Schema } from "effect";
import { CalendarEntryAnswer, CourtAnswer, CourtDayAnswer, DEFAULT_VENUE_RULES, presentCourt, type Block } from "@courts/core";
import { expect, it } from "vitest";
import type { Subject } from "../support/harness.js";
import { seedBooking, seedCourt, seedPlace } from "../support/seed.js";

/** Every answer must be exactly the contract's shape: no field missing, none extra. */
const strict = <A, I>(schema: Schema.Schema<A, I>) => Schema.decodeUnknownSync(schema, { onExcessProperty: "error" });
const asCourtDay = strict(CourtDayAnswer);
const asCourts = strict(Schema.Array(CourtAnswer));
const asCalendar = strict(Schema.Array(CalendarEntryAnswer));

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

export const catalogQueriesContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;
  const catalog = () => subject().repos.catalog;
  const cancel = (id: string) => repos().bookings.cancel(id, { reason: "Lluvia", refundPercentage: 100, at: new Date("2026-11-22T15:00:00.000Z") });

  it("when a court's day is asked, then only active bookings count, in slot order, and an unknown court is not found", async () => {
    const place = await seedPlace(repos());
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "21:00" });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "06:00", status: "confirmed" });
    const cancelled = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "12:00" });
    await cancel(cancelled.id);
    await seedBooking(repos(), place, { date: "2026-11-26", timeSlot: "13:00" });
    const day = await catalog().courtDay(place.court.id, "2026-11-25");
    expect(asCourtDay(day)).toEqual({ date: "2026-11-25", bookedSlots: ["06:00", "21:00"] });
    expect(asCourtDay(await catalog().courtDay(place.court.id, "2026-11-27"))).toEqual({ date: "2026-11-27", bookedSlots: [] });
    expect(await catalog().courtDay(randomUUID(), "2026-11-25")).toBeUndefined();
  });

  it("when a court's day is asked at an instant, then an unpaid hold run out by then no longer counts; asked without one, it still does", async () => {
    const place = await seedPlace(repos());
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "21:00", paidAmount: 1450, status: "confirmed" });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "07:00", holdExpiresAt: new Date("2026-11-24T15:10:00.000Z") });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "08:00", holdExpiresAt: new Date("2026-11-24T14:59:00.000Z") });
    const at = new Date("2026-11-24T15:00:00.000Z");
    expect(asCourtDay(await catalog().courtDay(place.court.id, "2026-11-25", at))).toEqual({ date: "2026-11-25", bookedSlots: ["07:00", "21:00"] });
    expect(asCourtDay(await catalog().courtDay(place.court.id, "2026-11-25"))).toEqual({ date: "2026-11-25", bookedSlots: ["07:00", "08:00", "21:00"] });
    // a court under maintenance keeps its bookings' day as it is (courts have a status of their own)
    await repos().courts.update({ ...place.court, status: "maintenance" });
    expect(asCourtDay(await catalog().courtDay(place.court.id, "2026-11-25", at))?.bookedSlots).toEqual(["07:00", "21:00"]);
  });

  it("when a court's availability is asked, then it is its day at that instant, its venue, and the blocks of the court and its venue on the date", async () => {
    const place = await seedPlace(repos());
    const other = await seedCourt(repos(), place.venue.id, { courtNumber: 2 });
    const elsewhere = await seedPlace(repos());
    const now = new Date("2026-11-24T15:00:00.000Z");
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "21:00", paidAmount: 1450, status: "confirmed" });
    // unpaid holds: one still running at `now`, one run out (it no longer holds its slot)
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "07:00", holdExpiresAt: new Date("2026-11-24T15:10:00.000Z") });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "08:00", holdExpiresAt: new Date("2026-11-24T14:59:00.000Z") });
    const cancelled = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "12:00" });
    await cancel(cancelled.id);
    await seedBooking(repos(), { user: place.user, court: other }, { date: "2026-11-25", timeSlot: "13:00" });

    const block = (overrides: Partial<Block>): Block => ({
      id: randomUUID(), venueId: place.venue.id, courtId: null, startDate: "2026-11-20", endDate: "2026-11-30", timeSlots: null, weekdays: null,
      reason: "Otro", note: null, createdAt: new Date("2026-11-22T10:00:00.000Z"), ...overrides,
    });
    const at = { cancelConflicts: false, at: now, cancellationReason: "Cierre" };
    const own = block({ courtId: place.court.id, timeSlots: ["10:00", "11:00"], reason: "Mantenimiento", note: "Red nueva", createdAt: new Date("2026-11-22T11:00:00.000Z") });
    const venueWide = block({ timeSlots: ["06:00"], weekdays: [1, 2], reason: "Clases" });
    for (const b of [
      own,
      venueWide,
      block({ courtId: other.id, timeSlots: ["15:00"] }), // another court of the venue
      block({ venueId: elsewhere.venue.id, timeSlots: ["16:00"] }), // another venue
      block({ courtId: place.court.id, startDate: "2026-11-26", endDate: "2026-11-27", timeSlots: ["17:00"] }), // other dates
    ])
      expect((await repos().blocks.create(b, at)).kind).toBe("created");

    const day = await catalog().courtAvailability(place.court.id, "2026-11-25", now);
    expect(day).toEqual({ date: "2026-11-25", bookedSlots: ["07:00", "21:00"], venueId: place.venue.id, blocks: [venueWide, own] });
    // the hold runs out: its slot is free from then on
    expect((await catalog().courtAvailability(place.court.id, "2026-11-25", new Date("2026-11-24T15:10:00.000Z")))?.bookedSlots).toEqual(["21:00"]);
    expect(await catalog().courtAvailability(place.court.id, "2026-12-05", now)).toEqual({ date: "2026-12-05", bookedSlots: [], venueId: place.venue.id, blocks: [] });
    expect(await catalog().courtAvailability(randomUUID(), "2026-11-25", now)).toBeUndefined();
    // a read model that gives a day at once gives what courtAvailability gives at that moment
    for (const [date, at] of [["2026-11-25", now], ["2026-11-25", new Date("2026-11-24T15:10:00.000Z")], ["2026-12-05", now]] as const) {
      await catalog().courtAvailability(place.court.id, date, at);
      const kept = catalog().keptCourtAvailability?.(place.court.id, date, at);
      if (kept !== undefined) expect(kept).toBe(await catalog().courtAvailability(place.court.id, date, at));
    }
    expect(catalog().keptCourtAvailability?.(randomUUID(), "2026-11-25", now)).toBeUndefined();
  });

  it("when a venue's day is asked, then it is every court by number with its prices and booked slots at that instant, and the venue's blocks on the date", async () => {
    const place = await seedPlace(repos(), { court: { courtNumber: 2, name: "Dos" } });
    const first = await seedCourt(repos(), place.venue.id, { courtNumber: 1, name: "Uno", status: "maintenance", prices: { daySingles: 1000, dayDoubles: 2000, nightSingles: 1200, nightDoubles: 2400 } });
    const elsewhere = await seedPlace(repos());
    const now = new Date("2026-11-24T15:00:00.000Z");
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "21:00", paidAmount: 1450, status: "confirmed" });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "07:00", holdExpiresAt: new Date("2026-11-24T15:10:00.000Z") });
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "08:00", holdExpiresAt: new Date("2026-11-24T14:59:00.000Z") });
    await cancel((await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "12:00" })).id);
    await seedBooking(repos(), place, { date: "2026-11-26", timeSlot: "13:00" });
    await seedBooking(repos(), elsewhere, { date: "2026-11-25", timeSlot: "14:00" });
    const block = (overrides: Partial<Block>): Block => ({
      id: randomUUID(), venueId: place.venue.id, courtId: null, startDate: "2026-11-20", endDate: "2026-11-30", timeSlots: null, weekdays: null,
      reason: "Otro", note: null, createdAt: new Date("2026-11-22T10:00:00.000Z"), ...overrides,
    });
    const at = { cancelConflicts: false, at: now, cancellationReason: "Cierre" };
    const own = block({ courtId: place.court.id, timeSlots: ["10:00"], reason: "Torneo", createdAt: new Date("2026-11-22T11:00:00.000Z") });
    const venueWide = block({ timeSlots: ["06:00"], reason: "Clases" });
    for (const b of [own, venueWide, block({ venueId: elsewhere.venue.id, timeSlots: ["16:00"] }), block({ startDate: "2026-11-26", endDate: "2026-11-27", timeSlots: ["17:00"] })])
      expect((await repos().blocks.create(b, at)).kind).toBe("created");

    const day = await catalog().venueDay(place.venue.id, "2026-11-25", now);
    expect(day).toEqual({
      venueId: place.venue.id,
      date: "2026-11-25",
      courts: [
        { id: first.id, name: "Uno", courtNumber: 1, status: "maintenance", prices: first.prices, bookedSlots: [] },
        { id: place.court.id, name: "Dos", courtNumber: 2, status: place.court.status, prices: place.court.prices, bookedSlots: ["07:00", "21:00"] },
      ],
      blocks: [venueWide, own],
      rules: { windowDays: 180, releaseTime: null },
    });
    // the hold runs out: its slot is free from then on
    expect((await catalog().venueDay(place.venue.id, "2026-11-25", new Date("2026-11-24T15:10:00.000Z")))?.courts[1]?.bookedSlots).toEqual(["21:00"]);
    expect(await catalog().venueDay(randomUUID(), "2026-11-25", now)).toBeUndefined();
    const empty = await seedPlace(repos());
    await repos().courts.delete(empty.court.id);
    expect(await catalog().venueDay(empty.venue.id, "2026-11-25", now)).toEqual({
      venueId: empty.venue.id,
      date: "2026-11-25",
      courts: [],
      blocks: [],
      rules: { windowDays: 180, releaseTime: null },
    });
    // the venue's rules say when a date opens: the day carries the window and the release time
    expect(await repos().venues.setRules(empty.venue.id, { ...DEFAULT_VENUE_RULES, windowDays: 14, releaseTime: "08:00", maxPerPlayerPerDay: 2 })).toBe(true);
    expect((await catalog().venueDay(empty.venue.id, "2026-11-25", now))?.rules).toEqual({ windowDays: 14, releaseTime: "08:00" });
    // a read model that gives a day at once gives what venueDay gives at that moment
    for (const [date, when] of [["2026-11-25", now], ["2026-11-25", new Date("2026-11-24T15:10:00.000Z")], ["2026-12-05", now]] as const) {
      await catalog().venueDay(place.venue.id, date, when);
      const kept = catalog().keptVenueDay?.(place.venue.id, date, when);
      if (kept !== undefined) expect(kept).toBe(await catalog().venueDay(place.venue.id, date, when));
    }
    expect(catalog().keptVenueDay?.(randomUUID(), "2026-11-25", now)).toBeUndefined();
  });

  it("when a venue's courts are asked, then they are the API's courts by number, and an unknown venue is not found", async () => {
    const place = await seedPlace(repos(), {
      venue: { name: 'Club "Ñandú"' },
      court: { courtNumber: 3, name: 'Cancha "Central" \\ ñ', prices: { daySingles: 1005, dayDoubles: 0, nightSingles: 123_456, nightDoubles: 3300 } },
    });
    await seedCourt(repos(), place.venue.id, { courtNumber: 1, name: "Cancha 1", imageUrl: "https://example.test/c.png", status: "maintenance" });
    await seedPlace(repos());
    const answer = await catalog().venueCourts(place.venue.id);
    const courts = asCourts(JSON.parse(answer!));
    expect(courts.map((c) => [c.courtNumber, c.name, c.status, c.imageUrl])).toEqual([
      [1, "Cancha 1", "maintenance", "https://example.test/c.png"],
      [3, 'Cancha "Central" \\ ñ', "available", null],
    ]);
    expect(courts[1]).toMatchObject({ daySinglesPrice: "10.05", dayDoublesPrice: "0.00", nightSinglesPrice: "1234.56", nightDoublesPrice: "33.00" });
    // the same as the domain's courts, presented
    expect(courts).toEqual((await repos().courts.listByVenue(place.venue.id)).map(presentCourt));

    const empty = await repos().venues.insert({ ...place.venue, id: randomUUID(), name: "Vacío" });
    expect(JSON.parse((await catalog().venueCourts(empty.id))!)).toEqual([]);
    expect(await catalog().venueCourts(randomUUID())).toBeUndefined();
  });

  it("when a venue's month is asked, then it lists its active bookings in the range by date, slot and court, without user data", async () => {
    const place = await seedPlace(repos(), { court: { courtNumber: 2, name: "Norte" } });
    const one = await seedCourt(repos(), place.venue.id, { courtNumber: 1, name: 'Sur "1"' });
    const elsewhere = await seedPlace(repos());
    const x = await seedBooking(repos(), place, { date: "2026-11-01", timeSlot: "10:00", gameType: "doubles" });
    const y = await seedBooking(repos(), { user: place.user, court: one }, { date: "2026-11-01", timeSlot: "10:00" });
    const z = await seedBooking(repos(), place, { date: "2026-11-30", timeSlot: "07:00" });
    await seedBooking(repos(), place, { date: "2026-10-31", timeSlot: "10:00" });
    await seedBooking(repos(), place, { date: "2026-12-01", timeSlot: "10:00" });
    const gone = await seedBooking(repos(), place, { date: "2026-11-15", timeSlot: "10:00" });
    await cancel(gone.id);
    await seedBooking(repos(), elsewhere, { date: "2026-11-15", timeSlot: "10:00" });

    const month = text(await catalog().venueMonth(place.venue.id, "2026-11-01", "2026-11-30"));
    const norte = { id: place.court.id, courtNumber: 2, name: "Norte" };
    expect(asCalendar(JSON.parse(month!))).toEqual([
      { id: y.id, bookingDate: "2026-11-01T00:00:00", date: "2026-11-01", timeSlot: "10:00", gameType: "singles", court: { id: one.id, courtNumber: 1, name: 'Sur "1"' } },
      { id: x.id, bookingDate: "2026-11-01T00:00:00", date: "2026-11-01", timeSlot: "10:00", gameType: "doubles", court: norte },
      { id: z.id, bookingDate: "2026-11-30T00:00:00", date: "2026-11-30", timeSlot: "07:00", gameType: "singles", court: norte },
    ]);
    expect(month).not.toContain(place.user.id);
    expect(JSON.parse(text(await catalog().venueMonth(place.venue.id, "2027-02-01", "2027-02-28"))!)).toEqual([]);
    expect(await catalog().venueMonth(randomUUID(), "2026-11-01", "2026-11-30")).toBeUndefined();
  });
};
