import { describe, expect, it } from "vitest";
import { SLOTS } from "@courts/core";
import { json, mockApi } from "../../../testing/render-app";
import { findNextFreeDate } from "./get-next-free-date";

const ZONE = "America/Guayaquil";
const NOW = new Date("2030-01-10T12:00:00Z");
const dayPath = (date: string) => `GET /api/courts/c1/bookings?date=${date}`;
const free = (date: string) => ({ courtId: "c1", date, bookedSlots: [], blockedSlots: [] });
const booked = (date: string) => ({ ...free(date), bookedSlots: [...SLOTS] });
const blocked = (date: string) => ({ ...free(date), blockedSlots: SLOTS.map((timeSlot) => ({ timeSlot, reason: "maintenance" })) });

describe("the next day with a free hour", () => {
  it("when the next day is booked and the one after is blocked by the club, then the third day is offered", async () => {
    mockApi({
      [dayPath("2030-01-12")]: () => json(booked("2030-01-12")),
      [dayPath("2030-01-13")]: () => json(blocked("2030-01-13")),
      // a week is read at once
      ...Object.fromEntries(["2030-01-14", "2030-01-15", "2030-01-16", "2030-01-17", "2030-01-18"].map((d) => [dayPath(d), () => json(free(d))])),
    });
    expect(await findNextFreeDate("c1", "2030-01-11", "2030-01-10", ZONE, NOW)).toBe("2030-01-14");
  });

  it("when the only free days lie past the 180-day horizon, then none is offered and no day beyond it is asked", async () => {
    // today 2030-01-10: the last bookable day is 2030-07-09
    const asked: string[] = [];
    const fetchMock = mockApi(
      Object.fromEntries(
        ["2030-07-08", "2030-07-09", "2030-07-10", "2030-07-11"].map((d) => [dayPath(d), () => (asked.push(d), json(d <= "2030-07-09" ? booked(d) : free(d)))]),
      ),
    );
    expect(await findNextFreeDate("c1", "2030-07-07", "2030-01-10", ZONE, NOW)).toBeNull();
    expect(asked).toEqual(["2030-07-08", "2030-07-09"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("when the venue opens only a week ahead, then no day past its window is asked nor offered", async () => {
    const asked: string[] = [];
    mockApi(Object.fromEntries(["2030-01-16", "2030-01-17", "2030-01-18", "2030-01-19"].map((d) => [dayPath(d), () => (asked.push(d), json(d <= "2030-01-17" ? booked(d) : free(d)))])));
    // today 2030-01-10, windowDays 7: the last bookable day is 2030-01-17
    expect(await findNextFreeDate("c1", "2030-01-15", "2030-01-10", ZONE, NOW, 7)).toBeNull();
    expect(asked).toEqual(["2030-01-16", "2030-01-17"]);
  });
});
