import { expect, it } from "vitest";
import { DEFAULT_VENUE_RULES } from "@courts/core";
import { aCourt, aPayment, aVenue } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { seedBooking, seedPlace } from "../support/seed.js";

export const courtRepositoryContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;

  it("when courts are inserted, then a venue lists them by number and each is found by id", async () => {
    const venue = await repos().venues.insert(aVenue());
    const three = aCourt(venue.id, { courtNumber: 3, prices: { daySingles: 1000, dayDoubles: 2000, nightSingles: 1200, nightDoubles: 2400 } });
    const one = aCourt(venue.id, { courtNumber: 1, status: "maintenance", imageUrl: "/bucket/c1.jpg" });
    expect(await repos().courts.insert(three)).toEqual(three);
    expect(await repos().courts.insert(one)).toEqual(one);
    expect(await repos().courts.listByVenue(venue.id)).toEqual([one, three]);
    expect(await repos().courts.findById(three.id)).toEqual(three);
    expect(await repos().courts.findById("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
    expect(await repos().courts.listByVenue("00000000-0000-4000-8000-00000000dead")).toEqual([]);
  });

  it("when a court is read for a booking, then it comes with its venue's name and rules and without its picture", async () => {
    const venue = await repos().venues.insert(aVenue({ name: "Club del Saque" }));
    const court = aCourt(venue.id, { courtNumber: 4, imageUrl: "/bucket/c4.jpg", imageData: "data:image/png;base64,AAAA" });
    await repos().courts.insert(court);
    const { imageUrl: _url, imageData: _data, ...fields } = court;
    const read = await repos().courts.findForBooking(court.id);
    expect(read).toEqual({ ...fields, venueName: "Club del Saque", rules: DEFAULT_VENUE_RULES });
    expect(read).not.toHaveProperty("imageData");
    expect(await repos().courts.findForBooking("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
  });

  it("when the venue's rules change after a court was read for a booking, then the next read carries the new rules", async () => {
    const venue = await repos().venues.insert(aVenue({ name: "Club de Reglas" }));
    const court = aCourt(venue.id, { courtNumber: 1 });
    await repos().courts.insert(court);
    expect((await repos().courts.findForBooking(court.id))?.rules).toEqual(DEFAULT_VENUE_RULES);
    const rules = { windowDays: 14, releaseTime: "07:30", maxUpcomingPerPlayer: 3, maxPerPlayerPerDay: null, ballotSeconds: 0 };
    expect(await repos().venues.setRules(venue.id, rules)).toBe(true);
    expect((await repos().courts.findForBooking(court.id))?.rules).toEqual(rules);
    expect(await repos().venues.rulesOf(venue.id)).toEqual(rules);
    expect(await repos().venues.setRules("00000000-0000-4000-8000-00000000dead", rules)).toBe(false);
    expect(await repos().venues.rulesOf("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
  });

  it("when a court read for a booking is changed or its venue removed, then the next read shows it", async () => {
    const venue = await repos().venues.insert(aVenue({ name: "Club Central" }));
    const court = aCourt(venue.id, { courtNumber: 2, status: "available" });
    await repos().courts.insert(court);
    expect(await repos().courts.findForBooking(court.id)).toMatchObject({ status: "available", venueName: "Club Central" });
    await repos().courts.update({ ...court, status: "maintenance", name: "Cancha Norte" });
    expect(await repos().courts.findForBooking(court.id)).toMatchObject({ status: "maintenance", name: "Cancha Norte" });
    await repos().venues.delete(venue.id);
    expect(await repos().courts.findForBooking(court.id)).toBeUndefined();
  });

  it("when courts are counted, then the ones not available are counted apart", async () => {
    const venue = await repos().venues.insert(aVenue());
    await repos().courts.insert(aCourt(venue.id, { status: "available" }));
    await repos().courts.insert(aCourt(venue.id, { status: "maintenance" }));
    await repos().courts.insert(aCourt(venue.id, { status: "En Uso" }));
    expect(await repos().courts.count()).toBe(3);
    expect(await repos().courts.countNotAvailable()).toBe(2);
    expect(await repos().courts.list()).toHaveLength(3);
  });

  it("when a number is already used in the venue, then the insert answers number-taken; another venue may use it", async () => {
    const venue = await repos().venues.insert(aVenue());
    const other = await repos().venues.insert(aVenue());
    await repos().courts.insert(aCourt(venue.id, { courtNumber: 1 }));
    expect(await repos().courts.insert(aCourt(venue.id, { courtNumber: 1 }))).toBe("number-taken");
    const elsewhere = aCourt(other.id, { courtNumber: 1 });
    expect(await repos().courts.insert(elsewhere)).toEqual(elsewhere);
  });

  it("when a court is updated, then every field but id, creation and picture is replaced; a picture set since it was read stays", async () => {
    const venue = await repos().venues.insert(aVenue());
    const other = await repos().venues.insert(aVenue());
    const court = aCourt(venue.id, { courtNumber: 1, imageUrl: "https://img.example/old.jpg" });
    await repos().courts.insert(court);
    const change = {
      ...court,
      venueId: other.id,
      name: "Central",
      courtNumber: 7,
      status: "maintenance",
      prices: { daySingles: 1, dayDoubles: 2, nightSingles: 3, nightDoubles: 4 },
    };
    expect(await repos().courts.update(change)).toEqual(change);
    expect(await repos().courts.findById(court.id)).toEqual(change);
    // an admin saves the form read before another set the picture: the picture is not undone
    await repos().courts.setImage(court.id, { imageData: "img-new", imageUrl: null });
    const renamed = await repos().courts.update({ ...change, name: "Central Norte" });
    expect(renamed).toEqual({ ...change, name: "Central Norte", imageData: "img-new", imageUrl: null });
  });

  it("when a guarded update moves a court while a paid booking is ahead, then it answers 'paid-ahead' and changes nothing; staying in its venue, or once the money is gone, it goes", async () => {
    const place = await seedPlace(repos());
    const elsewhere = await repos().venues.insert(aVenue({ name: "Club Lejano" }));
    const after = { date: "2026-11-25", time: "19:30" };
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "19:00", paidAmount: 725, totalAmount: 1450 }); // under way
    const ahead = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "20:00", paidAmount: 725, totalAmount: 1450 });
    const court = place.court;
    expect(await repos().courts.update({ ...court, venueId: elsewhere.id, name: "Movida" }, after)).toBe("paid-ahead");
    expect(await repos().courts.findById(court.id)).toEqual(court);
    // a rename in its own venue goes, guard or not
    const renamed = { ...court, name: "Cancha Renombrada" };
    expect(await repos().courts.update(renamed, after)).toEqual(renamed);
    // once it holds no money (cancelled by a closure), the same guarded move goes
    await repos().bookings.cancel(ahead.id, { reason: "Cierre", refundPercentage: 100, at: new Date("2026-11-25T12:00:00.000Z") });
    const moved = { ...renamed, venueId: elsewhere.id };
    expect(await repos().courts.update(moved, after)).toEqual(moved);
    expect(await repos().courts.update({ ...moved, id: "00000000-0000-4000-8000-00000000dead" }, after)).toBeUndefined();
  });

  it("when an update takes a used number, then it answers number-taken and changes nothing", async () => {
    const venue = await repos().venues.insert(aVenue());
    await repos().courts.insert(aCourt(venue.id, { courtNumber: 1 }));
    const court = aCourt(venue.id, { courtNumber: 2 });
    await repos().courts.insert(court);
    expect(await repos().courts.update({ ...court, courtNumber: 1 })).toBe("number-taken");
    expect(await repos().courts.findById(court.id)).toEqual(court);
    expect(await repos().courts.update({ ...court, id: "00000000-0000-4000-8000-00000000dead" })).toBeUndefined();
  });

  it("when an image is set, then only that field changes", async () => {
    const venue = await repos().venues.insert(aVenue());
    const court = aCourt(venue.id, { imageUrl: "https://img.example/c.jpg" });
    await repos().courts.insert(court);
    expect(await repos().courts.setImage(court.id, { imageData: "img-9" })).toEqual({ ...court, imageData: "img-9" });
    expect(await repos().courts.setImage("00000000-0000-4000-8000-00000000dead", { imageData: "x" })).toBeUndefined();
  });

  it("when a court is deleted, then its bookings go and their payments stay with the court's names", async () => {
    const place = await seedPlace(repos());
    const booking = await seedBooking(repos(), place, { timeSlot: "18:00" });
    const payment = await repos().payments.insertPending(aPayment({}, { booking, court: place.court, venue: place.venue }));
    expect(await repos().courts.delete(place.court.id)).toBe(true);
    expect(await repos().courts.findById(place.court.id)).toBeUndefined();
    expect(await repos().bookings.findById(booking.id)).toBeUndefined();
    expect(await repos().bookings.listByUser(place.user.id)).toEqual([]);
    expect(await repos().payments.listByUser(place.user.id)).toEqual([payment]);
    expect(await repos().venues.findById(place.venue.id)).toEqual(place.venue);
    expect(await repos().courts.delete(place.court.id)).toBe(false);
  });

  it("when a delete is kept while money is ahead, then a paid booking starting later keeps the court and its venue ('paid-ahead'); a played one does not", async () => {
    const place = await seedPlace(repos());
    const after = { date: "2026-11-25", time: "19:30" };
    await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "19:00", paidAmount: 725, totalAmount: 1450 }); // under way
    const ahead = await seedBooking(repos(), place, { date: "2026-11-25", timeSlot: "20:00", paidAmount: 725, totalAmount: 1450 });
    expect(await repos().venues.delete(place.venue.id, after)).toBe("paid-ahead");
    expect(await repos().courts.delete(place.court.id, after)).toBe("paid-ahead");
    expect(await repos().bookings.findById(ahead.id)).toBeDefined();
    // once it holds no money (cancelled), the same guarded delete goes ahead
    await repos().bookings.cancel(ahead.id, { reason: "Cierre", refundPercentage: 100, at: new Date("2026-11-25T12:00:00.000Z") });
    expect(await repos().courts.delete(place.court.id, after)).toBe(true);
    expect(await repos().venues.delete(place.venue.id, after)).toBe(true);
    expect(await repos().courts.delete(place.court.id, after)).toBe(false);
  });

  it("when the venue does not exist, then inserting a court fails", async () => {
    await expect(repos().courts.insert(aCourt("00000000-0000-4000-8000-00000000dead"))).rejects.toThrow();
  });
};
