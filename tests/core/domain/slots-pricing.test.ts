import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bandOf, DAY_SLOTS, DEFAULT_PRICES, isSlot, NIGHT_SLOTS, priceFor, priceForSlot, SLOTS } from "@courts/core";

describe("slots and bands", () => {
  it("when listing slots, then there are 16 hourly starts from 06:00 to 21:00", () => {
    expect(SLOTS).toHaveLength(16);
    expect(SLOTS[0]).toBe("06:00");
    expect(SLOTS[15]).toBe("21:00");
  });

  it("when a slot starts at 18..21, then it is night; 06..17 is day", () => {
    expect(NIGHT_SLOTS).toEqual(["18:00", "19:00", "20:00", "21:00"]);
    expect(DAY_SLOTS).toHaveLength(12);
    expect(bandOf("17:00")).toBe("day");
    expect(bandOf("18:00")).toBe("night");
  });

  it("when a string is not an hourly slot in opening hours, then it is not a slot", () => {
    for (const bad of ["05:00", "22:00", "6:00", "06:30", "", "18:00 "]) expect(isSlot(bad)).toBe(false);
    fc.assert(fc.property(fc.constantFrom(...SLOTS), (s) => isSlot(s)));
  });
});

describe("pricing", () => {
  it("when using the defaults, then day singles 14.50, day doubles 29.00, night singles 16.50, night doubles 33.00", () => {
    expect(priceFor(DEFAULT_PRICES, "day", "singles")).toBe(1450);
    expect(priceFor(DEFAULT_PRICES, "day", "doubles")).toBe(2900);
    expect(priceFor(DEFAULT_PRICES, "night", "singles")).toBe(1650);
    expect(priceFor(DEFAULT_PRICES, "night", "doubles")).toBe(3300);
  });

  it("when a slot is priced, then its band's price for the game type is used", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLOTS), fc.constantFrom("singles" as const, "doubles" as const), (slot, game) =>
        priceForSlot(DEFAULT_PRICES, slot, game) === priceFor(DEFAULT_PRICES, bandOf(slot), game),
      ),
    );
  });
});
