import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminScheduleScreen from "./schedule";

const config = { timeZone: "America/Guayaquil", currency: "usd", today: "2099-06-10", payments: { provider: "simulated", publishableKey: null } };
const venue = { id: "v1", name: "Club Norte", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 1 };
const scheduleKey = "/api/admin/schedule?date=2099-06-10&venueId=v1";
const schedule = {
  date: "2099-06-10",
  venues: [
    {
      id: "v1",
      name: "Club Norte",
      courts: [{ id: "c1", name: "Central", courtNumber: 1, status: "available", cells: [{ timeSlot: "08:00", booking: null, block: null }] }],
    },
  ],
};

const api = {
  ...GUEST,
  "GET /api/admin/check": () => json({ isAdmin: true }),
  "GET /api/config": () => json(config),
  "GET /api/venues": () => json([venue]),
  [`GET ${scheduleKey}`]: () => json(schedule),
  "GET /api/admin/blocks?venueId=v1": () => json([]),
};

describe("Admin schedule", () => {
  it("when its reads are already cached, then the first render is the day's grid, not a spinner", () => {
    mockApi(api);
    // a loading state here would be painted, then replaced by a forced synchronous render of the
    // whole grid when the mount's revalidation ends
    renderWithProviders(<AdminScheduleScreen />, "/admin/schedule", {
      "/api/admin/check": { isAdmin: true },
      "/api/config": config,
      "/api/venues": [venue],
      [scheduleKey]: schedule,
    });
    expect(screen.queryByText("Cargando horario...")).toBeNull();
    expect(screen.getAllByRole("button", { name: "Central 08:00: Libre" }).length).toBeGreaterThan(0);
  });

  it("when the club has no venue, then the day's read is disabled and no spinner stays: it says there are no courts", async () => {
    mockApi({ ...api, "GET /api/venues": () => json([]) });
    renderWithProviders(<AdminScheduleScreen />, "/admin/schedule");
    // without a venue the read has no key, so it never answers: a spinner would stay forever
    expect(await screen.findByText("Este complejo no tiene canchas.")).toBeInTheDocument();
    expect(screen.queryByText("Cargando horario...")).toBeNull();
  });
});
