import { describe, expect, it } from "vitest";
import {
  ADMIN, GUEST, courtDay, createBooking, createCourt, createVenue, deleteCourt, deleteVenue, getVenue,
  listVenueCourts, listVenues, setCourtImage, setVenueImage, updateCourt, uploadImage, venueMonth,
} from "@courts/core";
import { aBooking } from "../../support/builders.js";
import { club, failure, ok } from "./harness.js";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe("venues and courts", () => {
  it("when a guest or a player writes venues or courts, then NotAuthenticated / NotAllowed", async () => {
    const { ports, asAna, venue } = await club();
    expect((await failure(createVenue(ports, GUEST, { name: "X", location: "Y" })))._tag).toBe("NotAuthenticated");
    expect((await failure(createVenue(ports, asAna, { name: "X", location: "Y" })))._tag).toBe("NotAllowed");
    expect((await failure(createCourt(ports, asAna, { name: "C", courtNumber: 9, venueId: venue.id })))._tag).toBe("NotAllowed");
  });

  it("when an admin creates a court without prices or status, then defaults apply and it is available", async () => {
    const { ports, venue } = await club();
    const court = await ok(createCourt(ports, ADMIN, { name: "Nueva", courtNumber: 7, venueId: venue.id, status: "maintenance" }));
    expect(court.status).toBe("available");
    expect(court.prices).toEqual({ daySingles: 1450, dayDoubles: 2900, nightSingles: 1650, nightDoubles: 3300 });
    expect((await failure(createCourt(ports, ADMIN, { name: "Otra", courtNumber: 7, venueId: venue.id })))._tag).toBe("CourtNumberTaken");
    expect((await failure(createCourt(ports, ADMIN, { name: "Otra", courtNumber: 8, venueId: "nope" })))._tag).toBe("VenueNotFound");
  });

  it("when an admin edits a court, then its status and prices change", async () => {
    const { ports, venue, court } = await club();
    const saved = await ok(updateCourt(ports, ADMIN, court.id, { name: "Central", courtNumber: 1, venueId: venue.id, status: "maintenance", nightDoublesPrice: 4000 }));
    expect(saved.status).toBe("maintenance");
    expect(saved.prices.nightDoubles).toBe(4000);
  });

  it("when venues are listed, then each carries its court count", async () => {
    const { ports, venue } = await club();
    const venues = await ok(listVenues(ports));
    expect(venues.find((v) => v.id === venue.id)?.courtCount).toBe(3);
    expect((await ok(getVenue(ports, venue.id))).courtCount).toBe(3);
    expect((await failure(getVenue(ports, "nope"))).message).toBe("Complejo no encontrado");
    expect((await ok(listVenueCourts(ports, venue.id))).map((c) => c.courtNumber)).toEqual([1, 2, 3]);
  });

  it("when a venue is deleted, then its courts and their bookings are gone", async () => {
    const { ports, venue, court, asAna } = await club();
    const booking = await ok(createBooking(ports, asAna, { courtId: court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
    await ok(deleteVenue(ports, ADMIN, venue.id));
    expect(await ports.courts.findById(court.id)).toBeUndefined();
    expect(await ports.bookings.findById(booking.id)).toBeUndefined();
    expect((await failure(deleteVenue(ports, ADMIN, venue.id)))._tag).toBe("VenueNotFound");
  });

  it("when a court is deleted, then its bookings are gone and its slots free", async () => {
    const { ports, court, asAna } = await club();
    await ok(createBooking(ports, asAna, { courtId: court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
    await ok(deleteCourt(ports, ADMIN, court.id));
    expect((await failure(courtDay(ports, court.id, { date: "2026-11-22" })))._tag).toBe("CourtNotFound");
  });

  it("when paid bookings are still to be played, then the court and the venue stay (PaidBookingsAhead); ones played or under way by the club's clock do not count", async () => {
    // the club's clock: 2026-11-21 07:00 in Guayaquil
    const { ports, venue, court, court2, ana } = await club();
    const paid = (courtId: string, date: string, timeSlot: string) =>
      ports.bookings.insert(aBooking({ userId: ana.id, courtId, date, timeSlot, paidAmount: 1450, totalAmount: 1450, status: "confirmed" }));
    await paid(court.id, "2026-11-21", "06:00"); // played
    await paid(court.id, "2026-11-21", "07:00"); // under way
    await paid(court2.id, "2026-11-20", "20:00"); // yesterday
    const ahead = await paid(court2.id, "2026-11-21", "08:00");
    await ok(deleteCourt(ports, ADMIN, court.id));

    const refused = await failure(deleteVenue(ports, ADMIN, venue.id));
    expect(refused._tag).toBe("PaidBookingsAhead");
    expect(refused.message).toMatch(/^El complejo tiene 1 reserva pagada por jugar \(la próxima: .+, 21\/11\/2026 a las 08:00\)\. Ciérralo primero/);
    expect((await failure(deleteCourt(ports, ADMIN, court2.id)))._tag).toBe("PaidBookingsAhead");
    expect(await ports.bookings.findById((ahead as { id: string }).id)).toBeDefined();
  });

  it("when the look that names the paid bookings first misses one the delete saw, then the court still stays and the admin is told which booking", async () => {
    const { ports, court, ana } = await club();
    await ports.bookings.insert(aBooking({ userId: ana.id, courtId: court.id, date: "2026-11-22", timeSlot: "08:00", paidAmount: 1450, totalAmount: 1450 }));
    // the delete's own guard sees the payment; the first look for it finds nothing (it was being recorded)
    let looked = false;
    const racing = {
      ...ports,
      bookings: { ...ports.bookings, paidAhead: (...args: Parameters<typeof ports.bookings.paidAhead>) => (looked ? ports.bookings.paidAhead(...args) : ((looked = true), Promise.resolve([]))) },
    };
    const refused = await failure(deleteCourt(racing, ADMIN, court.id));
    expect(refused._tag).toBe("PaidBookingsAhead");
    expect(refused.message).toMatch(/22\/11\/2026 a las 08:00/);
    expect(await ports.courts.findById(court.id)).toBeDefined();
  });

  it("when a share is paid while the admin saves the court in another venue, then the court stays where the player's game is and the admin is told which booking", async () => {
    const { ports, court, ana } = await club();
    const elsewhere = await ok(createVenue(ports, ADMIN, { name: "Club Lejano", location: "Quito" }));
    // the payment is recorded after the admin's form was read and before its update runs
    const racing = {
      ...ports,
      courts: {
        ...ports.courts,
        update: async (...args: Parameters<typeof ports.courts.update>) => {
          await ports.bookings.insert(aBooking({ userId: ana.id, courtId: court.id, date: "2026-11-23", timeSlot: "19:00", paidAmount: 825, totalAmount: 3300 }));
          return ports.courts.update(...args);
        },
      },
    };
    const refused = await failure(updateCourt(racing, ADMIN, court.id, { name: court.name, courtNumber: court.courtNumber, venueId: elsewhere.id }));
    expect(refused._tag).toBe("PaidBookingsAhead");
    expect(refused.message).toMatch(/23\/11\/2026 a las 19:00\)\. Ciérrala primero .+ después podrás moverla a otro complejo\.$/);
    expect((await ports.courts.findById(court.id))?.venueId).toBe(court.venueId);
  });

  it("when availability and the calendar are read, then they show the booked slots without user data", async () => {
    const { ports, venue, court, asAna } = await club();
    await ok(createBooking(ports, asAna, { courtId: court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
    expect(await ok(courtDay(ports, court.id, { date: "2026-11-22" }))).toEqual({ date: "2026-11-22", bookedSlots: ["18:00"] });
    const month = new TextDecoder().decode(await ok(venueMonth(ports, venue.id, { year: 2026, month: 11 })));
    expect(JSON.parse(month)).toHaveLength(1);
    expect(month).not.toContain("userId");
    expect(new TextDecoder().decode(await ok(venueMonth(ports, venue.id, { year: 2026, month: 12 })))).toBe("[]");
  });

  it("when an image is uploaded, then its bytes must match the declared type and stay within 10 MB", async () => {
    const { ports, venue, court } = await club();
    const image = await ok(uploadImage(ports, ADMIN, { contentType: "image/png", bytes: PNG }));
    expect((await failure(uploadImage(ports, ADMIN, { contentType: "image/jpeg", bytes: PNG })))._tag).toBe("UnsupportedImage");
    expect((await failure(uploadImage(ports, ADMIN, { contentType: "image/png", bytes: new Uint8Array(10 * 1024 * 1024 + 1) })))._tag).toBe("ImageTooLarge");
    expect((await ok(setVenueImage(ports, ADMIN, venue.id, { imageData: image.id }))).imageData).toBe(image.id);
    const inline = `data:image/png;base64,${Buffer.from(PNG).toString("base64")}`;
    const updated = await ok(setCourtImage(ports, ADMIN, court.id, { imageData: inline }));
    expect(updated.imageData).toMatch(/^[0-9a-f-]{36}$/);
    expect((await ports.images.find(updated.imageData as string))?.contentType).toBe("image/png");
    expect((await failure(setCourtImage(ports, ADMIN, court.id, { imageData: "missing-id" })))._tag).toBe("ImageNotFound");
  });
});
