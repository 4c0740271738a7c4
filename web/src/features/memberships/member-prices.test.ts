import { describe, expect, it } from "vitest";
import { currentMembership } from "./components/membership-section";
import { bestDiscount, memberPricesByCourt, monthsWords } from "./member-prices";

const plan = (discountPercent: number, active = true) => ({
  id: `p${discountPercent}`,
  venueId: "v1",
  name: "Plan",
  price: "40.00",
  months: 1,
  discountPercent,
  windowDays: null,
  active,
  createdAt: "2030-01-01T00:00:00.000Z",
});

const membership = (id: string, venueId: string, startsAt: string, endsAt: string, active: boolean) => ({
  id,
  planId: "p1",
  venueId,
  name: "Socio",
  discountPercent: 20,
  windowDays: null,
  startsAt,
  endsAt,
  paidBy: "card" as const,
  purchaseId: null,
  active,
});

describe("'Precio socio' helpers", () => {
  it("when the player is not a member, then there are no member prices; when a member, each court's four prices in cents", () => {
    expect(memberPricesByCourt(undefined)).toBeNull();
    expect(memberPricesByCourt({ member: false, discountPercent: null, endsAt: null, windowDays: null, courts: [] })).toBeNull();
    const prices = memberPricesByCourt({
      member: true,
      discountPercent: 20,
      endsAt: "2030-02-01T00:00:00.000Z",
      windowDays: null,
      courts: [{ courtId: "c1", daySinglesPrice: "11.60", dayDoublesPrice: "23.20", nightSinglesPrice: "13.20", nightDoublesPrice: "26.40" }],
    });
    expect(prices?.get("c1")).toEqual({ daySingles: 1160, dayDoubles: 2320, nightSingles: 1320, nightDoubles: 2640 });
  });

  it("when plans differ, then the hint takes the largest discount on sale; plans with none or withdrawn do not count", () => {
    expect(bestDiscount(undefined)).toBeNull();
    expect(bestDiscount([plan(0)])).toBeNull();
    expect(bestDiscount([plan(10), plan(25), plan(50, false)])).toBe(25);
  });

  it("when a plan was bought while another runs, then the membership reads until the later end; another venue's or an ended one is not this venue's", () => {
    const now = Date.parse("2030-01-15T00:00:00.000Z");
    const running = membership("m1", "v1", "2030-01-01T00:00:00.000Z", "2030-02-01T00:00:00.000Z", true);
    const next = membership("m2", "v1", "2030-02-01T00:00:00.000Z", "2030-03-01T00:00:00.000Z", false);
    const elsewhere = membership("m3", "v2", "2030-01-01T00:00:00.000Z", "2030-06-01T00:00:00.000Z", true);
    expect(currentMembership([next, running, elsewhere], "v1", now)).toEqual({ membership: running, until: "2030-03-01T00:00:00.000Z" });
    expect(currentMembership([membership("m4", "v1", "2029-01-01T00:00:00.000Z", "2029-02-01T00:00:00.000Z", false)], "v1", now)).toBeNull();
    expect(monthsWords(1)).toBe("1 mes");
    expect(monthsWords(12)).toBe("12 meses");
  });
});
