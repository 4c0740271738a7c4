import { describe, expect, it } from "vitest";
import { csvFileName, filtersFromSearch, periodPresets, presetOf, searchOfFilters } from "./report-period";

describe("report period", () => {
  it("when no period is in the address, then the reports read the club's current month, all venues", () => {
    expect(filtersFromSearch(new URLSearchParams(), "2026-12-08")).toEqual({ from: "2026-12-01", to: "2026-12-31", venueId: undefined });
    expect(filtersFromSearch(new URLSearchParams(), "2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29", venueId: undefined });
  });

  it("when the address has a period and a venue, then they are read as they are (the server judges a bad period)", () => {
    const search = new URLSearchParams({ from: "2026-02-30", to: "2026-01-01", venueId: "v1" });
    expect(filtersFromSearch(search, "2026-12-08")).toEqual({ from: "2026-02-30", to: "2026-01-01", venueId: "v1" });
    expect(searchOfFilters({ from: "2026-11-01", to: "2026-11-30", venueId: "v1" }).toString()).toBe("from=2026-11-01&to=2026-11-30&venueId=v1");
    expect(searchOfFilters({ from: "2026-11-01", to: "2026-11-30" }).toString()).toBe("from=2026-11-01&to=2026-11-30");
  });

  it("when the presets are worked out in January, then last month and the last three months reach back into the year before", () => {
    expect(periodPresets("2027-01-15").map(({ id, from, to }) => [id, from, to])).toEqual([
      ["this-month", "2027-01-01", "2027-01-31"],
      ["last-month", "2026-12-01", "2026-12-31"],
      ["three-months", "2026-11-01", "2027-01-31"],
      ["this-year", "2027-01-01", "2027-12-31"],
    ]);
  });

  it("when the period is one of the presets, then it is named, otherwise none is", () => {
    expect(presetOf({ from: "2026-11-01", to: "2026-11-30" }, "2026-12-08")?.label).toBe("Mes pasado");
    expect(presetOf({ from: "2026-11-02", to: "2026-11-30" }, "2026-12-08")).toBeUndefined();
  });

  it("when a report is exported, then its file says what and which period", () => {
    expect(csvFileName("ocupacion", { from: "2026-12-01", to: "2026-12-31" })).toBe("informe-ocupacion-2026-12-01-a-2026-12-31.csv");
  });
});
