import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
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

  it("when 'Generar nueva dirección' is pressed, then nothing changes until the person confirms that the old address stops working", async () => {
    const fresh = { url: "https://club.example/api/calendar/new-token.ics" };
    const fetchMock = mockApi({
      "GET /api/user/notification-settings": () => json({ remindersEnabled: true }),
      "GET /api/user/calendar-feed": () => json(feed),
      "POST /api/user/calendar-feed": () => json(fresh),
    });
    renderWithProviders(<NotificationSettingsPanel />, "/settings");
    const user = userEvent.setup();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    await user.click(await screen.findByRole("button", { name: "Generar nueva dirección" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Generar una nueva dirección?" });
    expect(dialog).toHaveTextContent("La dirección actual dejará de funcionar: los calendarios suscritos a ella");
    await user.click(within(dialog).getByRole("button", { name: "Volver" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Generar nueva dirección" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Crear dirección nueva" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Nueva dirección creada", description: "La anterior dejó de funcionar." }));
    expect(posts()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
