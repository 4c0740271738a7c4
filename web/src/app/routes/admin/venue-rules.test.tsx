import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { courtAnswer, GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminCourtsScreen from "./courts";

const DEFAULTS = { windowDays: 180, releaseTime: null, maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 };

/** The panel with one venue whose rules the server keeps as PUT sends them, or refuses once with a 400. */
const club = (refusal?: { field: string; message: string }) => {
  let rules: Record<string, unknown> = { ...DEFAULTS };
  const sent: unknown[] = [];
  const fetchMock = mockApi({
    ...GUEST,
    "GET /api/admin/check": () => json({ isAdmin: true }),
    "GET /api/venues": () => json([{ id: "v1", name: "Club Norte", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 1 }]),
    "GET /api/courts": () => json([courtAnswer({ id: "c1", venueId: "v1", name: "Central", courtNumber: 1 })]),
    "GET /api/admin/venues/v1/rules": () => json(rules),
    "PUT /api/admin/venues/v1/rules": (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      if (refusal) return json({ code: "INVALID_INPUT", ...refusal }, 400);
      rules = body;
      return json(rules);
    },
  });
  return { fetchMock, sent };
};

const openRules = async () => {
  renderWithProviders(<AdminCourtsScreen />, "/admin/courts");
  await userEvent.click(await screen.findByRole("button", { name: "Reglas de reserva de Club Norte" }));
  const dialog = await screen.findByRole("dialog", { name: "Reglas de reserva" });
  await within(dialog).findByDisplayValue("180");
  return dialog;
};

describe("Admin: 'Reglas de reserva' of a venue", () => {
  it("when the admin sets a window, a release time and limits, then every rule is sent, empty limits as null, and the panel says so", async () => {
    const { sent } = club();
    const dialog = await openRules();
    const days = within(dialog).getByLabelText("Días de anticipación");
    await userEvent.clear(days);
    await userEvent.type(days, "14");
    await userEvent.type(within(dialog).getByLabelText("Hora de apertura (opcional)"), "08:00");
    await userEvent.type(within(dialog).getByLabelText("Reservas próximas por jugador (opcional)"), "3");
    await userEvent.click(within(dialog).getByRole("button", { name: "Guardar reglas" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ windowDays: 14, releaseTime: "08:00", maxUpcomingPerPlayer: 3, maxPerPlayerPerDay: null, ballotSeconds: 0 });
    expect(currentToast()).toMatchObject({ title: "Reglas guardadas" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  }, 20_000);

  it("when a value is out of range, then the form says it by its field in Spanish and sends nothing", async () => {
    const { sent } = club();
    const dialog = await openRules();
    const days = within(dialog).getByLabelText("Días de anticipación");
    await userEvent.clear(days);
    await userEvent.type(days, "0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Guardar reglas" }));
    expect(await within(dialog).findByText("Los días de anticipación deben ser un número entero entre 1 y 365")).toBeInTheDocument();
    expect(days).toHaveAttribute("aria-invalid", "true");
    expect(sent).toHaveLength(0);
  }, 20_000);

  it("when the server refuses a rule, then its message shows under that field and the dialog stays open", async () => {
    const { sent } = club({ field: "ballotSeconds", message: "Los segundos de sorteo deben ser un número entero entre 0 y 300" });
    const dialog = await openRules();
    await userEvent.click(within(dialog).getByRole("button", { name: "Guardar reglas" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await within(dialog).findByText("Los segundos de sorteo deben ser un número entero entre 0 y 300")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Segundos de sorteo")).toHaveAttribute("aria-invalid", "true");
  }, 20_000);
});
