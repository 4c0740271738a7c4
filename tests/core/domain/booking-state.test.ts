import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BOOKING_STATE_TEXT, clubMomentOf, hasStarted, instantOf, listOf, withStateAt, type Booking } from "@courts/core";
import { aBooking } from "../../support/builders.js";

const ZONE = "America/Guayaquil";
const at = (date: string, time: string) => clubMomentOf(instantOf(date, time, ZONE), ZONE);

describe("what a player's lists show of a booking over time (DESIGN.md section 14)", () => {
  it("when the club's clock is read, then its date and HH:MM are the club's, not UTC's", () => {
    // 23:30 in Guayaquil on 31 December is already 1 January in UTC
    expect(clubMomentOf(new Date("2027-01-01T04:30:10.000Z"), ZONE)).toMatchObject({ date: "2026-12-31", time: "23:30" });
  });

  it("when a paid game's start comes, then it is played and past; a minute before it is active and upcoming", () => {
    const paid = aBooking({ date: "2026-11-22", timeSlot: "18:00", paidAmount: 1650 });
    expect(withStateAt(paid, at("2026-11-22", "17:59")).state).toBe("active");
    expect(listOf(paid, at("2026-11-22", "17:59"))).toBe("upcoming");
    expect(withStateAt(paid, at("2026-11-22", "18:00")).state).toBe("played");
    expect(listOf(paid, at("2026-11-22", "18:00"))).toBe("past");
    expect(withStateAt({ ...paid, status: "confirmed" }, at("2026-11-23", "06:00")).state).toBe("played");
    expect(BOOKING_STATE_TEXT.played).toBe("Jugada");
  });

  it("when a booking was cancelled or expired, then it keeps that state and is past even before its start", () => {
    const later = at("2026-11-20", "09:00");
    for (const status of ["cancelled", "expired"] as const) {
      const booking = aBooking({ date: "2026-11-22", status });
      expect(withStateAt(booking, later).state).toBe(status);
      expect(listOf(booking, later)).toBe("past");
      expect(withStateAt(booking, at("2026-11-23", "09:00")).state).toBe(status);
    }
  });

  it("when an unpaid hold ran out before the game, then it reads expired and past, swept or not", () => {
    const hold = aBooking({ date: "2026-11-22", timeSlot: "18:00", holdExpiresAt: instantOf("2026-11-20", "09:15", ZONE) });
    expect(withStateAt(hold, at("2026-11-20", "09:14"))).toMatchObject({ state: "active", status: "active" });
    expect(withStateAt(hold, at("2026-11-20", "09:15"))).toMatchObject({ state: "expired", status: "expired" });
    expect(listOf(hold, at("2026-11-20", "09:15"))).toBe("past");
  });

  it("whatever the booking and the moment, the lists split it as its state says: upcoming only while live and not started", () => {
    const statuses = fc.constantFrom<Booking["status"]>("active", "confirmed", "cancelled", "expired");
    const days = fc.integer({ min: 20, max: 24 }).map((d) => `2026-11-${d}`);
    const hours = fc.integer({ min: 6, max: 21 }).map((h) => `${String(h).padStart(2, "0")}:00`);
    const minutes = fc.integer({ min: 0, max: 23 * 60 + 59 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
    fc.assert(
      fc.property(statuses, days, hours, fc.boolean(), days, minutes, (status, date, timeSlot, paid, nowDate, nowTime) => {
        const booking = aBooking({ date, timeSlot, status, paidAmount: paid ? 1450 : 0 });
        const now = at(nowDate, nowTime);
        const state = withStateAt(booking, now).state;
        const started = instantOf(date, timeSlot, ZONE).getTime() <= now.at.getTime();
        expect(hasStarted(booking, now)).toBe(started);
        expect(listOf(booking, now)).toBe(state === "active" || state === "confirmed" ? "upcoming" : "past");
        if (status === "active" || status === "confirmed") expect(state).toBe(started ? "played" : status);
        else expect(state).toBe(status);
      }),
    );
  });
});
