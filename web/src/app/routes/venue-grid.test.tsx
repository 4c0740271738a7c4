import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import VenueScreen from "./venue";
import LoginScreen from "./login";
import BookingScreen from "./booking";
import { courtAnswer, GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import type { VenueAvailability } from "../../features/venues/api/get-venue-availability";
import { stripStart } from "../../features/venues/components/venue-day";

const VENUE = { id: "v1", name: "Club Los Ceibos", location: "Guayaquil", description: null, imageUrl: null, imageData: null, courtCount: 2 };
const COURTS = [courtAnswer({ id: "c1", name: "Pista 1", courtNumber: 1 }), courtAnswer({ id: "c2", name: "Pista 2", courtNumber: 2 })];
const SLOTS = ["06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21"].map((h) => `${h}:00`);

/** A day of the two courts: every hour free at its band's singles price, then `states` over it. */
const dayOf = (date: string, states: Record<string, Record<string, { state: string; reason?: string }>> = {}): VenueAvailability => ({
  date,
  courts: COURTS.map((court) => ({
    courtId: court.id,
    name: court.name,
    courtNumber: court.courtNumber,
    slots: SLOTS.map((timeSlot) => {
      const price = timeSlot >= "18:00" ? "16.50" : "14.50";
      return { timeSlot, state: "free" as const, price, ...(states[court.id]?.[timeSlot] as object | undefined) } as VenueAvailability["courts"][number]["slots"][number];
    }),
  })),
});

const TODAY = "2030-01-10";
const PLAYER = { id: "u1", username: "ana", email: "ana@correo.ec", fullName: "Ana Pérez", phone: null, emailVerified: true };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const renderVenue = (path = "/venue/v1") =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/venue/:venueId" element={<VenueScreen />} />
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/booking/:courtId" element={<BookingScreen />} />
      </Routes>
      <Where />
    </>,
    path,
  );

const venueApi = (extra: Record<string, () => Response> = {}) => ({
  ...GUEST,
  "GET /api/venues/v1": () => json(VENUE),
  "GET /api/venues/v1/courts": () => json(COURTS),
  "GET /api/courts/c1/bookings?date=2030-01-10": () => json({ date: TODAY, bookedSlots: [], blockedSlots: [] }),
  "GET /api/courts/c2/bookings?date=2030-01-10": () => json({ date: TODAY, bookedSlots: [], blockedSlots: [] }),
  "GET /api/venues/v1/availability?date=2030-01-10": () =>
    json(
      dayOf(TODAY, {
        c1: { "06:00": { state: "past" }, "18:00": { state: "taken" } },
        c2: { "06:00": { state: "past" }, "08:00": { state: "closed", reason: "Mantenimiento" } },
      }),
    ),
  ...extra,
});

describe("the venue's day grid", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("when a guest opens the venue, then each cell of courts x 16 hours says its court, hour and state; only free ones are links, with their price", async () => {
    mockApi(venueApi());
    renderVenue();
    const grid = await screen.findByRole("table", { name: /Disponibilidad del jueves 10 de enero: canchas por hora/ });
    expect(within(grid).getAllByRole("row")).toHaveLength(17);
    expect(within(grid).getByRole("columnheader", { name: /Pista 1/ })).toBeInTheDocument();
    expect(within(grid).getByRole("link", { name: "Pista 1, 19:00, libre, $16.50" })).toBeInTheDocument();
    expect(within(grid).getByRole("link", { name: "Pista 2, 09:00, libre, $14.50" })).toBeInTheDocument();
    // taken, closed and past: said, never links
    for (const name of ["Pista 1, 18:00, ocupada", "Pista 2, 08:00, cerrada: Mantenimiento", "Pista 1, 06:00, ya pasó"]) {
      expect(within(grid).getByText(name)).toBeInTheDocument();
      expect(within(grid).queryByRole("link", { name })).toBeNull();
    }
    expect(within(grid).getAllByRole("link")).toHaveLength(2 * 16 - 4);
    expect(within(grid).getByText("Mantenimiento")).toBeInTheDocument();
  });

  it("when a guest chooses a free hour, then login says where it leads, with no error toast, and the way back is the booking screen on that date and hour", async () => {
    mockApi(venueApi());
    renderVenue();
    await userEvent.click(await screen.findByRole("link", { name: "Pista 1, 19:00, libre, $16.50" }));
    expect(screen.getByTestId("where")).toHaveTextContent(`/login?next=${encodeURIComponent("/booking/c1?date=2030-01-10&slot=19:00")}`);
    expect(await screen.findByTestId("booking-return-note")).toHaveTextContent(
      "Inicia sesión para reservar el jueves 10 de enero a las 19:00: volverás a la reserva con esa hora elegida.",
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("when a player chooses a free hour, then it opens the booking screen on that court, date and hour", async () => {
    mockApi(venueApi({ "GET /api/auth/me": () => json({ user: PLAYER }) }));
    renderVenue();
    const cell = await screen.findByRole("link", { name: "Pista 2, 21:00, libre, $16.50" });
    await waitFor(() => expect(cell).toHaveAttribute("href", "/booking/c2?date=2030-01-10&slot=21:00"));
    await userEvent.click(cell);
    expect(screen.getByTestId("where")).toHaveTextContent("/booking/c2?date=2030-01-10&slot=21:00");
  });

  it("when a player chooses a free hour of another day, then the booking screen opens with that date and hour already chosen", async () => {
    mockApi(
      venueApi({
        "GET /api/auth/me": () => json({ user: PLAYER }),
        "GET /api/venues/v1/availability?date=2030-01-12": () => json(dayOf("2030-01-12")),
        "GET /api/courts/c2": () => json(COURTS[1]),
        "GET /api/courts/c2/bookings?date=2030-01-12": () => json({ date: "2030-01-12", bookedSlots: [], blockedSlots: [] }),
      }),
    );
    renderVenue("/venue/v1?date=2030-01-12");
    const cell = await screen.findByRole("link", { name: "Pista 2, 18:00, libre, $16.50" });
    await waitFor(() => expect(cell).toHaveAttribute("href", "/booking/c2?date=2030-01-12&slot=18:00"));
    await userEvent.click(cell);
    expect(await screen.findByRole("heading", { name: "Reservar Pista 2" })).toBeInTheDocument();
    expect(await screen.findByText("Sábado 12 de enero de 2030")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^18:00/, pressed: true })).toBeInTheDocument();
    expect(within(screen.getByRole("complementary")).getByText("18:00")).toBeInTheDocument();
  });

  it("when another day is chosen, then its grid is asked and shown, and the address keeps the day", async () => {
    const fetchMock = mockApi(venueApi({ "GET /api/venues/v1/availability?date=2030-01-12": () => json(dayOf("2030-01-12", { c2: { "10:00": { state: "taken" } } })) }));
    renderVenue();
    await screen.findByRole("table", { name: /jueves 10 de enero/ });
    await userEvent.click(screen.getByRole("button", { name: "Sábado 12 de enero" }));
    const grid = await screen.findByRole("table", { name: /sábado 12 de enero/ });
    expect(within(grid).getByText("Pista 2, 10:00, ocupada")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sábado 12 de enero" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("where")).toHaveTextContent("/venue/v1?date=2030-01-12");
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/venues/v1/availability?date=2030-01-12")).toBe(true);
  });

  it("when the venue has not opened a day yet, then the grid says when it opens, in the club's time, and its hours are closed with that reason, not links", async () => {
    const closed = Object.fromEntries(SLOTS.map((t) => [t, { state: "closed", reason: "Se abre el 11 de enero a las 08:00" }]));
    mockApi(
      venueApi({
        "GET /api/venues/v1/availability?date=2030-01-12": () => json({ ...dayOf("2030-01-12", { c1: closed, c2: closed }), opensAt: "2030-01-11T13:00:00.000Z" }),
      }),
    );
    renderVenue("/venue/v1?date=2030-01-12");
    const grid = await screen.findByRole("table", { name: /sábado 12 de enero/ });
    expect(screen.getByText("Este día se abre el viernes 11 de enero a las 08:00: hasta entonces sus horas no se pueden reservar.")).toBeInTheDocument();
    expect(within(grid).queryAllByRole("link")).toHaveLength(0);
    expect(within(grid).getByText("Pista 1, 18:00, cerrada: Se abre el 11 de enero a las 08:00")).toBeInTheDocument();
  });

  it("when the address names a day past the horizon or gone, then the grid opens on today", async () => {
    mockApi(venueApi());
    renderVenue("/venue/v1?date=2029-12-01");
    expect(await screen.findByRole("table", { name: /jueves 10 de enero/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Semana anterior" })).toBeDisabled();
  });

  it("when the week strip moves, then it starts at today and steps a week at a time", () => {
    expect(stripStart(TODAY, TODAY)).toBe(TODAY);
    expect(stripStart(TODAY, "2030-01-16")).toBe(TODAY);
    expect(stripStart(TODAY, "2030-01-17")).toBe("2030-01-17");
  });
});
