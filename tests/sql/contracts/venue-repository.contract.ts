import { expect, it } from "vitest";
import { aPayment, aShareLink, aVenue, written } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { seedBooking, seedCourt, seedPlace } from "../support/seed.js";

export const venueRepositoryContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;

  it("when venues are inserted, then they are listed oldest first and found by id and name", async () => {
    const later = aVenue({ createdAt: new Date("2026-11-21T10:00:00.000Z") });
    const earlier = aVenue({ createdAt: new Date("2026-11-20T10:00:00.000Z"), description: null });
    await repos().venues.insert(later);
    await repos().venues.insert(earlier);
    expect(await repos().venues.list()).toEqual([earlier, later]);
    expect(await repos().venues.findById(later.id)).toEqual(later);
    expect(await repos().venues.findByName(earlier.name)).toEqual(earlier);
    expect(await repos().venues.findByName("No existe")).toBeUndefined();
    expect(await repos().venues.findById("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
  });

  it("when an image field is set, then only that field changes and null clears it", async () => {
    const venue = await repos().venues.insert(aVenue({ imageUrl: "https://img.example/a.jpg", imageData: null }));
    expect(await repos().venues.setImage(venue.id, { imageData: "img-1" })).toEqual({ ...venue, imageData: "img-1" });
    expect(await repos().venues.setImage(venue.id, { imageUrl: null })).toEqual({ ...venue, imageData: "img-1", imageUrl: null });
    expect(await repos().venues.setImage("00000000-0000-4000-8000-00000000dead", { imageData: "x" })).toBeUndefined();
  });

  it("when a venue is deleted, then its courts, their bookings and share links go and payments stay", async () => {
    const place = await seedPlace(repos());
    const second = await seedCourt(repos(), place.venue.id);
    const booking = await seedBooking(repos(), place);
    const other = await seedBooking(repos(), { user: place.user, court: second });
    const link = await repos().shareLinks.insert(aShareLink(booking));
    const payment = written(await repos().payments.insertPending(aPayment({}, { booking, court: place.court, venue: place.venue })));
    const survivor = await seedPlace(repos());
    const survivorBooking = await seedBooking(repos(), survivor);

    expect(await repos().venues.delete(place.venue.id)).toBe(true);

    expect(await repos().venues.findById(place.venue.id)).toBeUndefined();
    expect(await repos().courts.listByVenue(place.venue.id)).toEqual([]);
    expect(await repos().courts.findById(second.id)).toBeUndefined();
    expect(await repos().bookings.findById(booking.id)).toBeUndefined();
    expect(await repos().bookings.findById(other.id)).toBeUndefined();
    expect(await repos().shareLinks.findByToken(link.token)).toBeUndefined();
    expect(await repos().payments.findById(payment.id)).toMatchObject({
      id: payment.id,
      bookingId: booking.id,
      venueName: place.venue.name,
      courtName: place.court.name,
      courtNumber: place.court.courtNumber,
    });
    expect(await repos().payments.listByBooking(booking.id)).toEqual([payment]);
    expect(await repos().bookings.findById(survivorBooking.id)).toMatchObject({ id: survivorBooking.id });
    expect(await repos().courts.count()).toBe(1);
  });

  it("when an unknown venue is deleted, then the answer is false", async () => {
    expect(await repos().venues.delete("00000000-0000-4000-8000-00000000dead")).toBe(false);
  });
};
