import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, blockCovers, blockedSlotsOf, sameBlock, SLOTS, weekdayOf, type Block, type Weekday } from "@courts/core";

const block = (overrides: Partial<Block> = {}): Block => ({
  id: "k1",
  venueId: "v1",
  courtId: null,
  startDate: "2026-12-07",
  endDate: "2026-12-13",
  timeSlots: null,
  weekdays: null,
  reason: "Torneo",
  note: null,
  createdAt: new Date("2026-11-21T12:00:00Z"),
  ...overrides,
});
const court = { id: "c1", venueId: "v1" };

const dates = fc.integer({ min: 0, max: 3000 }).map((n) => addDays("2024-01-01", n));
const slots = fc.constantFrom(...SLOTS);
const weekdays = fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }).map((d) => d as Weekday[]);

describe("weekdayOf", () => {
  it("when dates are known, then Monday is 1 and Sunday 7", () => {
    expect(weekdayOf("2026-12-07")).toBe(1);
    expect(weekdayOf("2026-12-13")).toBe(7);
    expect(weekdayOf("2024-02-29")).toBe(4);
  });
  it("when a day passes, then the weekday moves by one, Sunday to Monday", () => {
    fc.assert(fc.property(dates, (d) => weekdayOf(addDays(d, 1)) === (weekdayOf(d) % 7) + 1));
  });
});

describe("blockCovers", () => {
  it("when a (date, slot) is covered, then it is inside the range, among the slots and weekdays, and on the block's court or venue", () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 30 }), fc.option(fc.uniqueArray(slots, { minLength: 1 })), fc.option(weekdays), fc.boolean(), dates, slots, (start, length, someSlots, someDays, wholeVenue, date, slot) => {
        const b = block({ startDate: start, endDate: addDays(start, length), timeSlots: someSlots, weekdays: someDays, courtId: wholeVenue ? null : "c1" });
        const covered = blockCovers(b, court, date, slot);
        const expected =
          date >= b.startDate && date <= b.endDate && (someSlots === null || someSlots.includes(slot)) && (someDays === null || someDays.includes(weekdayOf(date)));
        expect(covered).toBe(expected);
        expect(blockCovers(b, { id: "c2", venueId: "v1" }, date, slot)).toBe(wholeVenue && expected);
        expect(blockCovers(b, { id: "c1", venueId: "v2" }, date, slot)).toBe(!wholeVenue && expected);
      }),
    );
  });
  it("when the slots of a day are listed, then exactly the covered ones are, with the first block's reason", () => {
    const blocks = [block({ timeSlots: ["10:00", "11:00"], reason: "Clases" }), block({ id: "k2", courtId: "c1", timeSlots: ["11:00", "12:00"], reason: "Mantenimiento" })];
    expect(blockedSlotsOf(blocks, court, "2026-12-08")).toEqual([
      { timeSlot: "10:00", reason: "Clases" },
      { timeSlot: "11:00", reason: "Clases" },
      { timeSlot: "12:00", reason: "Mantenimiento" },
    ]);
    expect(blockedSlotsOf(blocks, court, "2026-12-14")).toEqual([]);
  });
  it("when two requests differ only by id, time or note, then they are the same block", () => {
    expect(sameBlock(block(), block({ id: "other", note: "x", createdAt: new Date() }))).toBe(true);
    expect(sameBlock(block(), block({ timeSlots: ["10:00"] }))).toBe(false);
    expect(sameBlock(block(), block({ reason: "Otro" }))).toBe(false);
  });
});
