import { describe, expect, it } from "vitest";
import { addDays, createBlock, createBooking, type VenueAvailabilityAnswer, venueAvailability } from "@courts/core";
import { club, ok } from "./harness.js";

/** The clock of the club harness reads 2026-11-21 07:00 in Guayaquil (12:00 UTC). */
const TODAY = "2026-11-21";
const LATER = "2026-11-28";

const grid = async (c: Awaited<ReturnType<typeof club>>, date: string, venueId = c.venue.id): Promise<VenueAvailabilityAnswer> =>
  await venueAvailability(c.ports, venueId, { date });

const slotOf = (answer: VenueAvailabilityAnswer, courtId: string, timeSlot: string) =>
  answer.courts.find((court) => court.courtId === courtId)?.slots.find((slot) => slot.timeSlot === timeSlot);

const thrown = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    return error as { _tag: string; message: string; field?: string };
  }
  throw new Error("expected a failure, it succeeded");
};

describe("venueAvailability", () => {
  it("when nothing is booked on a later day, then every court has 16 free hours by court number, priced by band for singles", async () => {
    const c = await club();
    const answer = await grid(c, LATER);
    expect(answer.date).toBe(LATER);
    expect(answer.courts.map((court) => [court.courtNumber, court.name])).toEqual([
      [1, "Central"],
      [2, "Pista 2"],
      [3, expect.any(String)],
    ]);
    const central = answer.courts[0]!;
    expect(central.slots.map((s) => s.timeSlot)).toEqual(["06:00", "07:00", "08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00", "20:00", "21:00"]);
    expect(new Set(central.slots.map((s) => s.state))).toEqual(new Set(["free"]));
    // DEFAULT_PRICES: day singles 14.50, night singles (18:00 on) 16.50; never the doubles price
    expect(slotOf(answer, c.court.id, "17:00")?.price).toBe("14.50");
    expect(slotOf(answer, c.court.id, "18:00")?.price).toBe("16.50");
    expect(slotOf(answer, c.court.id, "21:00")?.price).toBe("16.50");
  });

  it("when a court is in maintenance, then its future hours are closed with the reason players read", async () => {
    const c = await club();
    const answer = await grid(c, LATER);
    expect(slotOf(answer, c.closed.id, "10:00")).toEqual({ timeSlot: "10:00", state: "closed", price: "14.50", reason: "En mantenimiento" });
  });

  it("when a player books and another holds, then both slots are taken and nothing says who", async () => {
    const c = await club();
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: LATER, timeSlot: "18:00", gameType: "doubles" }));
    await ok(createBooking(c.ports, c.asBeto, { courtId: c.court2.id, bookingDate: LATER, timeSlot: "09:00", gameType: "singles" }));
    const answer = await grid(c, LATER);
    expect(slotOf(answer, c.court.id, "18:00")).toEqual({ timeSlot: "18:00", state: "taken", price: "16.50" });
    expect(slotOf(answer, c.court2.id, "09:00")?.state).toBe("taken");
    expect(slotOf(answer, c.court.id, "09:00")?.state).toBe("free");
    expect(JSON.stringify(answer)).not.toMatch(new RegExp(`${c.ana.id}|${c.beto.id}|ana|beto`));
  });

  it("when an unpaid hold runs out, then its slot is free again", async () => {
    const c = await club();
    await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: LATER, timeSlot: "10:00", gameType: "singles" }));
    expect(slotOf(await grid(c, LATER), c.court.id, "10:00")?.state).toBe("taken");
    c.clock.set(new Date(c.clock.now().getTime() + 60 * 60_000));
    expect(slotOf(await grid(c, LATER), c.court.id, "10:00")?.state).toBe("free");
  });

  it("when the club blocks a court's hours and closes the venue on a day, then those hours are closed with the block's reason", async () => {
    const c = await club();
    await ok(createBlock(c.ports, c.admin, { courtId: c.court.id, startDate: LATER, endDate: LATER, timeSlots: ["08:00", "09:00"], reason: "Clases" }));
    await ok(createBlock(c.ports, c.admin, { venueId: c.venue.id, startDate: addDays(LATER, 1), endDate: addDays(LATER, 1), reason: "Torneo" }));
    const answer = await grid(c, LATER);
    expect(slotOf(answer, c.court.id, "08:00")).toEqual({ timeSlot: "08:00", state: "closed", price: "14.50", reason: "Clases" });
    expect(slotOf(answer, c.court.id, "10:00")?.state).toBe("free");
    expect(slotOf(answer, c.court2.id, "08:00")?.state).toBe("free");
    const closedDay = await grid(c, addDays(LATER, 1));
    expect(closedDay.courts.flatMap((court) => court.slots.map((s) => s.reason))).toEqual(Array(48).fill(expect.stringMatching(/Torneo|En mantenimiento/)));
    expect(slotOf(closedDay, c.court2.id, "21:00")?.reason).toBe("Torneo");
  });

  it("when it is 07:00 today, then 06:00 and 07:00 are past (started), 08:00 on is open; a day gone by is past throughout", async () => {
    const c = await club();
    const today = await grid(c, TODAY);
    expect(slotOf(today, c.court.id, "06:00")?.state).toBe("past");
    expect(slotOf(today, c.court.id, "07:00")?.state).toBe("past");
    expect(slotOf(today, c.court.id, "08:00")?.state).toBe("free");
    // past wins over closed: the court in maintenance is past before 08:00 too
    expect(slotOf(today, c.closed.id, "06:00")?.state).toBe("past");
    const yesterday = await grid(c, addDays(TODAY, -1));
    expect(new Set(yesterday.courts.flatMap((court) => court.slots.map((s) => s.state)))).toEqual(new Set(["past"]));
  });

  it("when the hour turns, then the kept grid follows the clock: 08:00 becomes past at 08:00", async () => {
    const c = await club();
    expect(slotOf(await grid(c, TODAY), c.court.id, "08:00")?.state).toBe("free");
    c.clock.set("2026-11-21T13:00:00.000Z");
    expect(slotOf(await grid(c, TODAY), c.court.id, "08:00")?.state).toBe("past");
    expect(slotOf(await grid(c, TODAY), c.court.id, "09:00")?.state).toBe("free");
  });

  it("when the date is beyond the booking horizon or the venue unknown, then it fails with InvalidInput or VenueNotFound in Spanish", async () => {
    const c = await club();
    // as far as any venue's window may reach: 365 days
    expect(await grid(c, addDays(TODAY, 365))).toMatchObject({ date: addDays(TODAY, 365) });
    const far = await thrown(() => grid(c, addDays(TODAY, 366)));
    expect(far).toMatchObject({ _tag: "InvalidInput", field: "date", message: "Solo se puede consultar la disponibilidad con hasta 365 días de anticipación" });
    const unknown = await thrown(() => grid(c, LATER, "no-existe"));
    expect(unknown).toMatchObject({ _tag: "VenueNotFound", message: "Complejo no encontrado" });
  });
});
