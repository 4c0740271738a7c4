import { describe, expect, it } from "vitest";
import { SLOTS } from "@courts/core";
import { courtToday, courtTodayText, currentSlot } from "./court-today";

const ZONE = "America/Guayaquil"; // UTC-5
const TODAY = "2030-01-10";
const at = (localTime: string) => new Date(`${TODAY}T${localTime}:00-05:00`);

describe("a court's today", () => {
  it("when it is 14:30 on the club's clock, then 14:00 is the hour under way; before 06:00 and after 22:00 none is", () => {
    expect(currentSlot(TODAY, at("14:30"), ZONE)).toBe("14:00");
    expect(currentSlot(TODAY, at("05:59"), ZONE)).toBeNull();
    expect(currentSlot(TODAY, at("21:59"), ZONE)).toBe("21:00");
    expect(currentSlot(TODAY, at("22:00"), ZONE)).toBeNull();
  });

  it("when the hour under way is booked, then it is not free now, and the next free hour is the first bookable one", () => {
    const day = courtToday({ today: TODAY, bookedSlots: ["14:00", "15:00", "16:00", "17:00", "18:00"], now: at("14:30"), timeZone: ZONE });
    expect(day).toEqual({ freeNow: false, nextFree: "19:00", dayOver: false });
    expect(courtTodayText(day)).toBe("Libre desde 19:00");
  });

  it("when every hour of today is booked, then 'Completa hoy' and nothing is free now", () => {
    const day = courtToday({ today: TODAY, bookedSlots: [...SLOTS], now: at("09:10"), timeZone: ZONE });
    expect(day.freeNow).toBe(false);
    expect(courtTodayText(day)).toBe("Completa hoy");
  });

  it("when the hour under way is free, then it counts as free now", () => {
    expect(courtToday({ today: TODAY, bookedSlots: [], now: at("10:05"), timeZone: ZONE })).toMatchObject({ freeNow: true, nextFree: "11:00" });
  });

  it("when the hour under way is free but every later hour is booked, then it is 'Completa hoy' and not counted as available now", () => {
    const later = SLOTS.filter((s) => s > "10:00");
    const day = courtToday({ today: TODAY, bookedSlots: later, now: at("10:05"), timeZone: ZONE });
    expect(day).toEqual({ freeNow: false, nextFree: null, dayOver: false });
    expect(courtTodayText(day)).toBe("Completa hoy");
  });

  it("when the club closed the hour under way, then the court is not available now", () => {
    const day = courtToday({ today: TODAY, bookedSlots: [], blockedSlots: [{ timeSlot: "10:00", reason: "Mantenimiento" }], now: at("10:05"), timeZone: ZONE });
    expect(day).toMatchObject({ freeNow: false, nextFree: "11:00" });
  });

  it("when the last hour has started, then the day is over, not full, and no court is available now", () => {
    const day = courtToday({ today: TODAY, bookedSlots: [], now: at("21:15"), timeZone: ZONE });
    expect(day).toEqual({ freeNow: false, nextFree: null, dayOver: true });
    expect(courtTodayText(day)).toBe("Sin más horarios hoy");
  });
});
