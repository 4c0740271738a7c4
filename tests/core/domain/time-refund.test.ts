import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  addDays, instantOf, isLocalDate, localDateOf, monthRange, occupancyRate, paymentStatusOf, bookingStatusText,
  refundAmount, refundPercentage, isExpired, isFull, shareLinkExpiry, HOUR_MS, wallClockAt,
} from "@courts/core";

const ZONE = "America/Guayaquil"; // UTC-5, no daylight saving

describe("time in the club's zone", () => {
  it("when 18:00 in Guayaquil is converted, then it is 23:00 UTC", () => {
    expect(instantOf("2026-11-21", "18:00", ZONE).toISOString()).toBe("2026-11-21T23:00:00.000Z");
  });

  it("when it is 02:00 UTC, then the local date in Guayaquil is still the day before", () => {
    expect(localDateOf(new Date("2026-11-22T02:00:00Z"), ZONE)).toBe("2026-11-21");
  });

  it("when a zone has daylight saving, then local wall clock round-trips", () => {
    const zone = "Europe/Madrid";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 6, max: 21 }), (day, hour) => {
        const date = addDays("2026-01-01", day);
        const t = instantOf(date, `${String(hour).padStart(2, "0")}:00`, zone);
        return localDateOf(t, zone) === date;
      }),
    );
  });

  it("when wall clocks are kept by minute, then each reads as Intl reads the instant itself, across offset changes", () => {
    // zones with daylight saving both ways, quarter- and half-hour offsets, a day skipped (Apia, 2011-12-30), and an offset with seconds (Monrovia, until 1972)
    const zones = ["America/Guayaquil", "Europe/Madrid", "America/Santiago", "Asia/Kathmandu", "Australia/Eucla", "Pacific/Chatham", "Pacific/Apia", "America/St_Johns", "Africa/Monrovia"];
    const intl = (instant: Date, zone: string) => {
      const parts = new Intl.DateTimeFormat("en-US", {
        timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
      }).formatToParts(instant);
      const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      return { year: n("year"), month: n("month"), day: n("day"), hour: n("hour"), minute: n("minute"), second: n("second") };
    };
    const from = Date.UTC(1965, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    // any instant, and instants a few seconds around the zones' changes of 2011 and 2026
    const transitions = [Date.UTC(2011, 11, 30, 10), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 3, 5, 3), Date.UTC(2026, 8, 6, 4)];
    const instants = fc.oneof(
      fc.integer({ min: from, max: to }),
      fc.tuple(fc.constantFrom(...transitions), fc.integer({ min: -3 * HOUR_MS, max: 3 * HOUR_MS })).map(([t, d]) => t + d),
    );
    fc.assert(
      fc.property(fc.constantFrom(...zones), instants, (zone, ms) => {
        // asked twice: the second answer comes from the kept minute
        expect(wallClockAt(new Date(ms), zone)).toEqual(intl(new Date(ms), zone));
        expect(wallClockAt(new Date(ms), zone)).toEqual(intl(new Date(ms), zone));
      }),
      { numRuns: 2_000 },
    );
  });

  it("when dates are checked, then impossible days are refused", () => {
    expect(isLocalDate("2026-02-29")).toBe(false);
    expect(isLocalDate("2028-02-29")).toBe(true);
    expect(isLocalDate("2026-13-01")).toBe(false);
    expect(monthRange(2026, 2)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });

  it("when any YYYY-MM-DD is checked, then it is a date exactly when Date.UTC gives back the same day", () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (y, m, d) => {
        const probe = new Date(Date.UTC(y, m - 1, d));
        const real = probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
        expect(isLocalDate(`${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)).toBe(real);
      }),
      { numRuns: 20_000 },
    );
    for (const edge of ["1900-02-29", "2000-02-29", "2100-02-29", "0099-12-31", "0100-01-01", "2026-04-31", "2026-12-31", "2026-00-10"])
      expect(isLocalDate(edge), edge).toBe(edge === "2000-02-29" || edge === "0100-01-01" || edge === "2026-12-31");
  });
});

describe("refund tiers", () => {
  const start = new Date("2026-11-25T23:00:00Z");
  const before = (hours: number, ms = 0) => new Date(start.getTime() - hours * HOUR_MS - ms);

  it("when more than 24 h remain, then 100%", () => {
    expect(refundPercentage(before(24, 1), start)).toBe(100);
  });
  it("when exactly 24 h remain, then 50%", () => {
    expect(refundPercentage(before(24), start)).toBe(50);
  });
  it("when exactly 12 h remain, then 50%; a millisecond less, 0%", () => {
    expect(refundPercentage(before(12), start)).toBe(50);
    expect(refundPercentage(before(12, -1), start)).toBe(0);
  });
  it("when the tier is monotonic, then more time never refunds less", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e8, max: 1e9 }), fc.integer({ min: 0, max: 1e8 }), (a, extra) =>
        refundPercentage(new Date(start.getTime() - a - extra), start) >= refundPercentage(new Date(start.getTime() - a), start),
      ),
    );
  });
  it("when 33.00 was paid and 50% applies, then 16.50 is refunded", () => {
    expect(refundAmount(3300, 50)).toBe(1650);
    expect(refundAmount(825, 50)).toBe(413);
  });
});

describe("booking, link and occupancy rules", () => {
  it("when paid reaches total, then completed; some paid, partial; none, pending", () => {
    expect(paymentStatusOf(3300, 3300)).toBe("completed");
    expect(paymentStatusOf(825, 3300)).toBe("partial");
    expect(paymentStatusOf(0, 3300)).toBe("pending");
    expect(bookingStatusText("confirmed")).toBe("Confirmada");
    expect(bookingStatusText("cancelled")).toBe("Cancelada");
    expect(bookingStatusText("whatever")).toBe("Pendiente");
  });

  it("when a link is created, then it expires at the earlier of 48 h and the start", () => {
    const created = new Date("2026-11-21T12:00:00Z");
    expect(shareLinkExpiry(created, new Date("2026-11-30T00:00:00Z")).toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(shareLinkExpiry(created, new Date("2026-11-22T00:00:00Z")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  it("when now passes expiresAt, then expired; when paid shares reach max, then full", () => {
    const link = { expiresAt: new Date("2026-11-23T12:00:00Z"), currentParticipants: 3, maxParticipants: 4 };
    expect(isExpired(link, new Date("2026-11-23T12:00:00Z"))).toBe(false);
    expect(isExpired(link, new Date("2026-11-23T12:00:00.001Z"))).toBe(true);
    expect(isFull(link)).toBe(false);
    expect(isFull({ ...link, currentParticipants: 4 })).toBe(true);
  });

  it("when occupancy is computed, then bookings / (courts x 15) as a whole percent, at most 100", () => {
    expect(occupancyRate(6, 4)).toBe(10);
    expect(occupancyRate(7, 4)).toBe(12); // 11.67
    expect(occupancyRate(100, 1)).toBe(100);
    expect(occupancyRate(5, 0)).toBe(0);
    fc.assert(fc.property(fc.nat(10_000), fc.nat(200), (b, c) => { const r = occupancyRate(b, c); return r >= 0 && r <= 100; }));
  });
});
