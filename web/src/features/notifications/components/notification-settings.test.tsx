import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { NotificationSettingsPanel } from "./notification-settings";

const feed = { url: "https://club.example/api/calendar/feed-token.ics" };

describe("Notification settings", () => {
  it("when its reads are already cached, then the first render is the reminder switch and the calendar address, not spinners", () => {
    mockApi({
      "GET /api/user/notification-settings": () => json({ remindersEnabled: true }),
      "GET /api/user/calendar-feed": () => json(feed),
    });
    // a loading state here would be painted, then replaced by a forced synchronous render of the
    // panel when the mount's revalidation ends
    renderWithProviders(<NotificationSettingsPanel />, "/settings", {
      "/api/user/notification-settings": { remindersEnabled: true },
      "/api/user/calendar-feed": feed,
    });
    expect(screen.queryByText("Cargando preferencias...")).toBeNull();
    expect(screen.queryByText("Cargando calendario...")).toBeNull();
    expect(screen.getByRole("switch", { name: /Recordatorio 24 h antes/ })).toBeChecked();
    expect(screen.getByLabelText(/Tu calendario de reservas/)).toHaveValue(feed.url);
  });

  it("when nothing is cached, then each part shows its spinner until its answer arrives", async () => {
    mockApi({
      "GET /api/user/notification-settings": () => json({ remindersEnabled: false }),
      "GET /api/user/calendar-feed": () => json(feed),
    });
    renderWithProviders(<NotificationSettingsPanel />, "/settings");
    expect(screen.getByText("Cargando preferencias...")).toBeInTheDocument();
    expect(screen.getByText("Cargando calendario...")).toBeInTheDocument();
    expect(await screen.findByRole("switch", { name: /Recordatorio 24 h antes/ })).not.toBeChecked();
    expect(await screen.findByLabelText(/Tu calendario de reservas/)).toHaveValue(feed.url);
  });
});
