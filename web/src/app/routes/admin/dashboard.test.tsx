import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { trendVsYesterday } from "../../../features/payments/api/get-day-stats";
import { courtAnswer, GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminDashboardScreen from "./dashboard";

const day = (date: string, bookings: number, revenue: string) => ({ date, bookings, revenue, courts: 2, maintenance: 0, occupancyRate: 0 });

describe("the admin dashboard's trends", () => {
  it("when today and yesterday differ, then SPEC's '+12% vs ayer' is the data's own percentage, and reads exactly so at +12%", () => {
    expect(trendVsYesterday(28, 25, "Ayer: sin reservas")).toBe("+12% vs ayer");
    expect(trendVsYesterday(1350, 1250, "Ayer: sin ingresos")).toBe("+8% vs ayer");
    expect(trendVsYesterday(3, 4, "Ayer: sin reservas")).toBe("-25% vs ayer");
    expect(trendVsYesterday(4, 4, "Ayer: sin reservas")).toBe("Igual que ayer");
    expect(trendVsYesterday(0, 0, "Ayer: sin reservas")).toBe("Igual que ayer");
    expect(trendVsYesterday(5, 0, "Ayer: sin reservas")).toBe("Ayer: sin reservas");
  });

  it("when the dashboard opens, then each trend compares the club's today with its yesterday", async () => {
    mockApi({
      ...GUEST,
      "GET /api/admin/check": () => json({ isAdmin: true }),
      // GUEST's club calendar: today is 2030-01-10
      "GET /api/bookings/today": () => json([]),
      "GET /api/payments/today-revenue": () => json({ revenue: "29.00" }),
      "GET /api/courts": () => json([courtAnswer(), courtAnswer({ id: "c2" })]),
      "GET /api/payments/day-stats?date=2030-01-10": () => json(day("2030-01-10", 3, "29.00")),
      "GET /api/payments/day-stats?date=2030-01-09": () => json(day("2030-01-09", 4, "0.00")),
    });
    renderWithProviders(<AdminDashboardScreen />, "/admin");
    expect(await screen.findByText("-25% vs ayer")).toBeInTheDocument();
    expect(screen.getByText("Ayer: sin ingresos")).toBeInTheDocument();
    expect(screen.queryByText("+12% vs ayer")).toBeNull();
  });
});
