import { describe, expect, it } from "vitest";
import { ADMIN, cancelBooking, createBooking, DEFAULT_VENUE_RULES, getVenue, getVenueRules, setVenueRules, type Court, type Ports, type VenueRules } from "@courts/core";
import { aCourt, aVenue } from "../../support/builders.js";
import { club, failure, ok } from "./harness.js";

/**
 * A venue's booking rules (DESIGN.md section 15), decided on the club's clock: the harness's is
 * Saturday 2026-11-21 07:00 in Guayaquil (UTC-5 all year). The unpaid limit is lifted so that only
 * the venue's limits are what refuses.
 */
const ruled = async (rules: Partial<VenueRules> = {}) => {
  const c = await club();
  const ports: Ports = { ...c.ports, policy: { ...c.ports.policy, maxUnpaidBookings: 100 } };
  await ok(setVenueRules(ports, ADMIN, c.venue.id, { ...DEFAULT_VENUE_RULES, ...rules }));
  const hold = (date: string, timeSlot = "18:00", actor = c.asAna, courtId = c.court.id) =>
    createBooking(ports, actor, { courtId, bookingDate: date, timeSlot, gameType: "singles" });
  return { ...c, ports, hold };
};

describe("a venue's booking window", () => {
  it("when the venue keeps the defaults, then 180 days ahead books and the day after opens at the next midnight, said in Spanish with opensAt", async () => {
    const { hold, ports, venue } = await ruled();
    expect((await ok(getVenue(ports, venue.id))).rules).toEqual(DEFAULT_VENUE_RULES);
    await ok(hold("2027-05-20"));
    expect(await failure(hold("2027-05-21"))).toMatchObject({
      _tag: "OutsideBookingWindow",
      opensAt: "2026-11-22T05:00:00.000Z",
      message: "Este día se abre el domingo 22 de noviembre de 2026 a las 00:00",
    });
  });

  it("when the release time is 08:00, then the date 7 days ahead is refused at 07:59:59 and booked at 08:00; the day before is open", async () => {
    const { hold, clock } = await ruled({ windowDays: 7, releaseTime: "08:00" });
    await ok(hold("2026-11-27"));
    clock.set(new Date("2026-11-21T12:59:59.000Z"));
    expect(await failure(hold("2026-11-28"))).toMatchObject({
      _tag: "OutsideBookingWindow",
      opensAt: "2026-11-21T13:00:00.000Z",
      message: "Este día se abre el sábado 21 de noviembre de 2026 a las 08:00",
    });
    clock.set(new Date("2026-11-21T13:00:00.000Z"));
    await ok(hold("2026-11-28"));
    expect(await failure(hold("2026-11-29"))).toMatchObject({ _tag: "OutsideBookingWindow", opensAt: "2026-11-22T13:00:00.000Z" });
  });

  it("when there is no release time, then the date opens at the club's midnight, not before", async () => {
    const { hold, clock } = await ruled({ windowDays: 7, releaseTime: null });
    clock.set(new Date("2026-11-22T04:59:59.000Z")); // 23:59:59 on the 21st in Guayaquil
    expect(await failure(hold("2026-11-29"))).toMatchObject({ _tag: "OutsideBookingWindow", opensAt: "2026-11-22T05:00:00.000Z" });
    clock.set(new Date("2026-11-22T05:00:00.000Z"));
    await ok(hold("2026-11-29"));
  });

  it("when an admin books for a player outside the window, then it is written: admins are exempt, up to the 180 days any venue opens", async () => {
    const { ports, court, ana } = await ruled({ windowDays: 7, releaseTime: "08:00", maxUpcomingPerPlayer: 1 });
    await ok(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: "2026-12-20", timeSlot: "18:00", gameType: "singles", userId: ana.id }));
    await ok(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: "2026-12-21", timeSlot: "18:00", gameType: "singles", userId: ana.id }));
    expect(await failure(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: "2027-05-21", timeSlot: "18:00", gameType: "singles", userId: ana.id }))).toMatchObject({
      _tag: "InvalidInput",
      field: "bookingDate",
    });
  });
});

describe("a venue's per-player limits", () => {
  it("when a player holds the venue's maximum of upcoming bookings, then the next is refused with the number; a cancellation or another venue lets one more", async () => {
    const { hold, ports, asAna, asBeto, court2 } = await ruled({ maxUpcomingPerPlayer: 2 });
    const first = await ok(hold("2026-11-22"));
    await ok(hold("2026-11-23", "19:00", asAna, court2.id));
    expect(await failure(hold("2026-11-24"))).toMatchObject({ _tag: "PlayerLimitReached", message: "Ya tienes el máximo de 2 reservas próximas en esta sede" });
    await ok(hold("2026-11-24", "18:00", asBeto));
    const other = await ports.venues.insert(aVenue({ name: "Otra sede" }));
    const far = (await ports.courts.insert(aCourt(other.id, { courtNumber: 1 }))) as Court;
    await ok(hold("2026-11-24", "18:00", asAna, far.id));
    await ok(cancelBooking(ports, asAna, { bookingId: first.id }));
    await ok(hold("2026-11-25"));
  });

  it("when a booking of the player's has started, then it no longer counts as upcoming", async () => {
    const { hold, clock } = await ruled({ maxUpcomingPerPlayer: 1 });
    await ok(hold("2026-11-21", "08:00"));
    expect((await failure(hold("2026-11-22")))._tag).toBe("PlayerLimitReached");
    clock.set(new Date("2026-11-21T13:00:00.000Z")); // 08:00: the game started
    await ok(hold("2026-11-22"));
  });

  it("when a player holds the day's maximum at the venue, then another hour that day is refused, another day is not", async () => {
    const { hold, court2, asAna } = await ruled({ maxPerPlayerPerDay: 1 });
    await ok(hold("2026-11-22"));
    expect(await failure(hold("2026-11-22", "19:00", asAna, court2.id))).toMatchObject({
      _tag: "PlayerLimitReached",
      message: "Ya tienes el máximo de 1 reserva para ese día en esta sede",
    });
    await ok(hold("2026-11-23"));
  });

  it("when an admin books for a player at the limit, then it is written", async () => {
    const { hold, ports, court2, ana } = await ruled({ maxUpcomingPerPlayer: 1, maxPerPlayerPerDay: 1 });
    await ok(hold("2026-11-22"));
    await ok(createBooking(ports, ADMIN, { courtId: court2.id, bookingDate: "2026-11-22", timeSlot: "19:00", gameType: "singles", userId: ana.id }));
  });
});

describe("editing the rules", () => {
  it("when the admin sets them, then the panel and the venue's answer read them; a player may not", async () => {
    const { ports, venue, asAna } = await club();
    const rules: VenueRules = { windowDays: 14, releaseTime: "07:30", maxUpcomingPerPlayer: 3, maxPerPlayerPerDay: 1, ballotSeconds: 60 };
    expect(await ok(setVenueRules(ports, ADMIN, venue.id, rules))).toEqual(rules);
    expect(await ok(getVenueRules(ports, ADMIN, venue.id))).toEqual(rules);
    expect((await ok(getVenue(ports, venue.id))).rules).toEqual(rules);
    expect((await failure(setVenueRules(ports, asAna, venue.id, rules)))._tag).toBe("NotAllowed");
    expect((await failure(getVenueRules(ports, asAna, venue.id)))._tag).toBe("NotAllowed");
    expect((await failure(setVenueRules(ports, ADMIN, "nope", rules)))._tag).toBe("VenueNotFound");
  });

  it.each([
    [{ windowDays: 0 }, "windowDays", "Los días de anticipación deben ser un número entero entre 1 y 365"],
    [{ windowDays: 366 }, "windowDays", "Los días de anticipación deben ser un número entero entre 1 y 365"],
    [{ releaseTime: "8:00" }, "releaseTime", "La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)"],
    [{ releaseTime: "24:00" }, "releaseTime", "La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)"],
    [{ maxUpcomingPerPlayer: 0 }, "maxUpcomingPerPlayer", "El máximo de reservas próximas por jugador debe ser un número entero entre 1 y 1000, o quedar vacío (sin límite)"],
    [{ maxPerPlayerPerDay: 1.5 }, "maxPerPlayerPerDay", "El máximo de reservas por jugador y día debe ser un número entero entre 1 y 1000, o quedar vacío (sin límite)"],
    [{ ballotSeconds: 301 }, "ballotSeconds", "Los segundos de sorteo deben ser un número entero entre 0 y 300"],
  ] as const)("when a rule is %o, then InvalidInput on %s in Spanish and nothing changes", async (bad, field, message) => {
    const { ports, venue } = await club();
    expect(await failure(setVenueRules(ports, ADMIN, venue.id, { ...DEFAULT_VENUE_RULES, ...bad }))).toMatchObject({ _tag: "InvalidInput", field, message });
    expect(await ok(getVenueRules(ports, ADMIN, venue.id))).toEqual(DEFAULT_VENUE_RULES);
  });
});
