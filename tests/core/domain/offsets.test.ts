import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { intlWallClock, learnOffsets, offsetSpans, wallClockAt } from "@courts/core";

// What Intl says comes from intlWallClock, asked every time; Madrid's changes and Nairobi's hour below pin it to fixed values.
const FROM = new Date("2026-01-01T00:00:00Z");
const UNTIL = new Date("2027-12-31T00:00:00Z");

describe("a zone's offsets, worked out by the server and learned by a browser", () => {
  it("when Madrid's offsets are worked out for two years, then each daylight-saving change is found to the minute", () => {
    expect(offsetSpans("Europe/Madrid", FROM, UNTIL)).toEqual([
      { from: "2026-01-01T00:00:00.000Z", offsetMinutes: 60 },
      { from: "2026-03-29T01:00:00.000Z", offsetMinutes: 120 },
      { from: "2026-10-25T01:00:00.000Z", offsetMinutes: 60 },
      { from: "2027-03-28T01:00:00.000Z", offsetMinutes: 120 },
      { from: "2027-10-31T01:00:00.000Z", offsetMinutes: 60 },
    ]);
    // the club's default zone keeps one offset
    expect(offsetSpans("America/Guayaquil", FROM, UNTIL)).toEqual([{ from: "2026-01-01T00:00:00.000Z", offsetMinutes: -300 }]);
  });

  for (const zone of ["Europe/Madrid", "America/New_York", "America/Guayaquil", "Asia/Kathmandu", "Australia/Lord_Howe", "America/Santiago"]) {
    it(`when ${zone}'s offsets are learned, then every wall clock in their range is Intl's, and outside it too`, () => {
      learnOffsets(zone, offsetSpans(zone, FROM, UNTIL), UNTIL.toISOString());
      fc.assert(
        fc.property(fc.date({ min: new Date("2025-06-01T00:00:00Z"), max: new Date("2028-06-01T00:00:00Z"), noInvalidDate: true }), (instant) => {
          expect(wallClockAt(instant, zone)).toEqual(intlWallClock(instant, zone));
        }),
        { numRuns: 400 },
      );
    });
  }

  it("when offsets are learned, then they answer instead of Intl within their range, and Intl outside it", () => {
    // a made-up offset (Honolulu is UTC-10): seen only if the learned spans are what answers
    learnOffsets("Pacific/Honolulu", [{ from: "2026-01-01T00:00:00.000Z", offsetMinutes: 0 }], "2026-12-31T00:00:00.000Z");
    expect(wallClockAt(new Date("2026-06-01T12:34:56Z"), "Pacific/Honolulu")).toEqual({ year: 2026, month: 6, day: 1, hour: 12, minute: 34, second: 56 });
    expect(wallClockAt(new Date("2027-06-01T12:00:00Z"), "Pacific/Honolulu").hour).toBe(2);
    expect(wallClockAt(new Date("2025-06-01T12:00:00Z"), "Pacific/Honolulu").hour).toBe(2);
    // the files of a worker share the module (vitest.config.ts, isolate: false): Honolulu's true offset again
    learnOffsets("Pacific/Honolulu", [{ from: "2026-01-01T00:00:00.000Z", offsetMinutes: -600 }], "2026-12-31T00:00:00.000Z");
    expect(wallClockAt(new Date("2026-06-01T12:00:00Z"), "Pacific/Honolulu").hour).toBe(2);
  });

  it("when what is learned is not whole minutes, then it is ignored and Intl answers", () => {
    // a wrong offset on a span that does not start on a minute: learned, it would move every clock by 7 hours
    learnOffsets("Africa/Nairobi", [{ from: "2026-01-01T00:00:30.000Z", offsetMinutes: 420 }], UNTIL.toISOString());
    const instant = new Date("2026-06-01T12:00:00Z");
    expect(wallClockAt(instant, "Africa/Nairobi")).toEqual(intlWallClock(instant, "Africa/Nairobi"));
    expect(wallClockAt(instant, "Africa/Nairobi").hour).toBe(15);
  });
});
