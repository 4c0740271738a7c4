import { describe, expect, it } from "vitest";
import { SLOTS } from "@courts/core";
import { toCsv } from "../../lib/csv";
import {
  courtAxisLabel,
  courtLabel,
  heatmapRows,
  heatShade,
  occupancyCsvRows,
  occupancyPercent,
  occupancySummary,
  outstandingCsvRows,
  playersCsvRows,
  revenueCsvRows,
  rowLabel,
} from "./report-tables";

const cell = (weekday: number, timeSlot: string, booked: number, capacity: number) => ({ weekday, timeSlot, booked, capacity, rate: 0 });

describe("occupancy heatmap", () => {
  it("when the answer leaves hours out, then every hour of the product still has a row of seven weekdays, the missing ones closed", () => {
    const rows = heatmapRows([cell(4, "19:00", 3, 4)]);
    expect(rows.map((r) => r.timeSlot)).toEqual([...SLOTS]);
    expect(rows.every((r) => r.cells.map((c) => c.weekday).join() === "1,2,3,4,5,6,7")).toBe(true);
    const evening = rows.find((r) => r.timeSlot === "19:00")!;
    expect(evening.cells[3]).toEqual({ weekday: 4, booked: 3, capacity: 4, percent: 75 });
    expect(evening.cells[0]).toEqual({ weekday: 1, booked: 0, capacity: 0, percent: null });
  });

  it("when booked and capacity are counted, then the percentage is whole, at most 100, and none without capacity", () => {
    expect(occupancyPercent(1, 3)).toBe(33);
    expect(occupancyPercent(2, 3)).toBe(67);
    expect(occupancyPercent(5, 4)).toBe(100);
    expect(occupancyPercent(0, 0)).toBeNull();
  });

  it("when the week is summed, then the period's occupancy is all bookings over all capacity and the fullest hour is named", () => {
    const rows = heatmapRows([cell(1, "08:00", 1, 4), cell(6, "10:00", 4, 4), cell(7, "10:00", 4, 4)]);
    expect(occupancySummary(rows)).toEqual({ booked: 9, capacity: 12, percent: 75, busiest: { weekday: "sábado", timeSlot: "10:00", percent: 100 } });
    expect(occupancySummary(heatmapRows([])).busiest).toBeNull();
  });

  it("when a cell is shaded, then empty, low, middle and full hours read differently and the full ones carry white text", () => {
    expect(heatShade(0)).toContain("bg-stone-100");
    expect(heatShade(10)).toContain("bg-court-100");
    expect(heatShade(75)).toBe("bg-court-700 text-white");
    expect(heatShade(100)).toBe("bg-court-700 text-white");
    expect(heatShade(null)).toContain("bg-white");
  });

  it("when the heatmap is exported, then each weekday's hours follow one another, Monday first", () => {
    const lines = occupancyCsvRows(heatmapRows([cell(1, "06:00", 2, 4)]));
    expect(lines).toHaveLength(7 * SLOTS.length);
    expect(lines[0]).toEqual(["lunes", "06:00", 2, 4, 50]);
    expect(lines[1]).toEqual(["lunes", "07:00", 0, 0, ""]);
    expect(lines[SLOTS.length]![0]).toBe("martes");
  });
});

describe("revenue tables", () => {
  const row = { key: "2026-11", label: "noviembre 2026", gross: "43.50", discounts: "2.90", fees: "1.92", refunds: "14.50", net: "24.18", bookings: 3 };

  it("when a month is a row, then the table says its name and the chart's axis a short one", () => {
    expect(rowLabel(row)).toBe("noviembre 2026");
    expect(rowLabel(row, true)).toBe("nov 2026");
    expect(rowLabel({ key: "2026-11", label: "2026-11" })).toBe("noviembre 2026");
    expect(rowLabel({ key: "c1", label: "Club Norte · Cancha 1" }, true)).toBe("Club Norte · Cancha 1");
  });

  it("when courts are the rows, then one venue's report names the court alone and all venues' put the venue under the court on the axis", () => {
    expect(courtLabel("Club Norte · Cancha 1", true)).toBe("Cancha 1");
    expect(courtLabel("Club Norte · Cancha 1", false)).toBe("Club Norte · Cancha 1");
    expect(courtAxisLabel("Club Norte · Cancha 1", false)).toEqual(["Cancha 1", "Club Norte"]);
    expect(courtAxisLabel("Club Norte · Cancha 1", true)).toBe("Cancha 1");
    expect(courtAxisLabel("Cancha 1", false)).toBe("Cancha 1");
  });

  it("when revenue is exported, then each row and the total have bookings and the five amounts with decimal commas", () => {
    const text = toCsv(["Mes", "Reservas", "Bruto", "Descuentos", "Comisiones de tarjeta", "Reembolsos", "Neto"], revenueCsvRows([row], row));
    expect(text.split("\r\n").slice(1, 3)).toEqual(["noviembre 2026;3;43,50;2,90;1,92;14,50;24,18", "Total;3;43,50;2,90;1,92;14,50;24,18"]);
  });

  it("when players and balances are exported, then their amounts are money and the balances end with their total", () => {
    expect(toCsv(["a", "b", "c"], playersCsvRows([{ userId: "u1", name: "Ana", bookings: 4, spent: "58" }])).split("\r\n")[1]).toBe("Ana;4;58,00");
    const balances = outstandingCsvRows([
      { userId: "u1", name: "Ana", amount: "7.25", bookings: 1 },
      { userId: null, name: "Luis", amount: "14.50", bookings: 2 },
    ]);
    expect(toCsv(["a", "b", "c"], balances).split("\r\n").slice(1, 4)).toEqual(["Ana;1;7,25", "Luis;2;14,50", "Total;3;21,75"]);
  });
});
