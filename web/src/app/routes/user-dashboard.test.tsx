import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aBookingAnswer, aPaymentAnswer } from "../../testing/answers";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import MyBookingsScreen from "./my-bookings";
import SettingsScreen from "./settings";
import UserDashboardScreen from "./user-dashboard";

const ME = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };

const payment = (n: number) =>
  aPaymentAnswer(`pay-${n}`, {
    stripePaymentIntentId: `pi_${n}`,
    createdAt: new Date(Date.UTC(2030, 0, 28 - n, 12)).toISOString(),
    bookingId: `b${n}`,
    courtName: `Cancha P${n}`,
    courtNumber: n,
    date: "2030-01-10",
    timeSlot: "10:00",
  });

/** An array page with the total over all pages in X-Total-Count, as the server answers. */
const page = (items: unknown[], total: number) =>
  new Response(JSON.stringify(items), { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": String(total) } });

const history = Array.from({ length: 26 }, (_, i) => payment(i + 1));
const listed = (fetchMock: { mock: { calls: unknown[][] } }, prefix: string) =>
  fetchMock.mock.calls.map(([p]) => String(p)).filter((p) => p.startsWith(prefix));

describe("the dashboard's greeting", () => {
  it("when the player gave a full name, then it greets them by its first word; without one, by the username", async () => {
    for (const [user, greeting] of [
      [ME, "Hola, Ana"],
      [{ ...ME, fullName: null }, "Hola, ana"],
    ] as const) {
      mockApi({ ...GUEST, "GET /api/auth/me": () => json({ user }), "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([], 0) });
      const { unmount } = renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
      expect(await screen.findByRole("heading", { name: greeting })).toBeInTheDocument();
      unmount();
    }
  });
});

describe("Historial de Pagos (issue 15: history that grows)", () => {
  it("when a player has more payments than a page, then the newest page shows and 'Ver más' brings the rest on demand", async () => {
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: ME }),
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([], 0),
      "GET /api/user/payments?page=1&pageSize=24": () => page(history.slice(0, 24), 26),
      "GET /api/user/payments?page=2&pageSize=24": () => page(history.slice(24), 26),
    });
    renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    await userEvent.click(await screen.findByRole("tab", { name: "Historial de Pagos" }));

    expect(await screen.findByText(/Cancha P1(?!\d)/)).toBeInTheDocument();
    expect(screen.getByText("24 de 26 pagos")).toBeInTheDocument();
    expect(screen.queryByText(/Cancha P25/)).not.toBeInTheDocument();
    // the history's pages (the bookings tab reads the newest 50 for its refund lines)
    expect(listed(fetchMock, "/api/user/payments").filter((p) => p.endsWith("pageSize=24"))).toEqual(["/api/user/payments?page=1&pageSize=24"]);

    await userEvent.click(screen.getByRole("button", { name: "Ver más" }));
    expect(await screen.findByText(/Cancha P26/)).toBeInTheDocument();
    expect(screen.getAllByText(/Cancha P\d+/)).toHaveLength(26);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Ver más" })).not.toBeInTheDocument());
    expect(listed(fetchMock, "/api/user/payments").filter((p) => p.endsWith("pageSize=24"))).toEqual([
      "/api/user/payments?page=1&pageSize=24",
      "/api/user/payments?page=2&pageSize=24",
    ]);
  }, 20_000);

  it("when a share paid for someone else's game was cancelled, then its card names the game and says the booking was cancelled", async () => {
    const share = {
      ...aPaymentAnswer("pay-s", { kind: "shared", courtName: "Cancha Arcilla", courtNumber: 3, date: "2030-01-12", timeSlot: "10:00" }),
      booking: aBookingAnswer("b-s", "2030-01-12", { status: "cancelled" }),
    };
    const other = { ...aPaymentAnswer("pay-o", { courtName: "Cancha Arcilla", courtNumber: 3, date: "2030-01-19", timeSlot: "18:00" }), booking: aBookingAnswer("b-o", "2030-01-19") };
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: ME }),
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([], 0),
      "GET /api/user/payments?page=1&pageSize=24": () => page([share, other], 2),
    });
    renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    await userEvent.click(await screen.findByRole("tab", { name: "Historial de Pagos" }));
    const games = await screen.findAllByTestId("payment-game");
    expect(games.map((g) => g.textContent)).toEqual(["Partido: Sáb 12 ene, 10:00", "Partido: Sáb 19 ene, 18:00"]);
    // each game in the state its booking card has: the server's `state`, else its status
    expect(screen.getAllByTestId("payment-booking-state").map((line) => line.textContent)).toEqual(["Reserva Cancelada", "Reserva Activa"]);
  });

  it("when the billing list in settings passes a page, then 'Ver más' asks the next page of that player's payments", async () => {
    const billing = history.slice(0, 21);
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: ME }),
      "GET /api/payments/user/u1?page=1&pageSize=20": () => page(billing.slice(0, 20), 21),
      "GET /api/payments/user/u1?page=2&pageSize=20": () => page(billing.slice(20), 21),
    });
    renderWithProviders(<SettingsScreen />, "/settings");
    await userEvent.click(await screen.findByRole("tab", { name: "Billing" }));

    expect(await screen.findByText("20 de 21 pagos")).toBeInTheDocument();
    expect(screen.queryByText("Cancha P21")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Ver más" }));
    expect(await screen.findByText("Cancha P21")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Ver más" })).not.toBeInTheDocument());
    expect(listed(fetchMock, "/api/payments/user/")).toHaveLength(2);
  }, 20_000);
});

describe("Mis Reservas tab of the dashboard", () => {
  const booking = (id: string, fields: Record<string, unknown>) =>
    aBookingAnswer(id, "2030-01-10", { status: "cancelled", refundPercentage: 100, ...fields });

  it("when bookings were cancelled, then each card tells its money: the refund sent, or that none was due", async () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: ME }),
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([], 0),
      // cancelled bookings sit under 'Pasadas' (DESIGN.md section 14)
      "GET /api/user/bookings?scope=past&page=1&pageSize=12": () => page([booking("A", {}), booking("B", { refundPercentage: 0 })], 2),
      "GET /api/user/payments?page=1&pageSize=50": () =>
        page([aPaymentAnswer("p1", { bookingId: "A", status: "refunded", refundedAmount: "14.50", refundOwed: "0.00", refundSentAt: "2030-01-05T15:00:00.000Z" })], 1),
    });
    renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    expect(await screen.findByText("No tienes reservas activas")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Pasadas" }));
    const cardA = (await screen.findByText(/Cancha A/)).closest("li")!;
    await waitFor(() => expect(cardA).toHaveTextContent("Reembolso de $14.50 enviado el 05/01/2030 10:00"));
    const cardB = screen.getByText(/Cancha B/).closest("li")!;
    expect(cardB).toHaveTextContent("Sin reembolso: se canceló con menos de 12 h de anticipación");
  });
});

describe("one booking, one state on My bookings, the dashboard and Settings", () => {
  it("when the server says a paid game was played, then its card and its payment read 'Jugada' in all three, and none offers to cancel it", async () => {
    const played = aBookingAnswer("J", "2030-01-10", { state: "played" });
    const paid = { ...aPaymentAnswer("pay-J", { bookingId: "J", courtName: "Cancha J", courtNumber: 1, date: "2030-01-10", timeSlot: "10:00" }), booking: played };
    const answers = {
      ...GUEST,
      "GET /api/auth/me": () => json({ user: ME }),
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([], 0),
      "GET /api/user/bookings?scope=past&page=1&pageSize=12": () => page([played], 1),
      "GET /api/user/payments?page=1&pageSize=50": () => page([paid], 1),
      "GET /api/user/payments?page=1&pageSize=24": () => page([paid], 1),
      "GET /api/payments/user/u1?page=1&pageSize=20": () => page([paid], 1),
      "GET /api/bookings/J/payers": () => json([]),
    };
    const pastCard = async () => {
      await userEvent.click(await screen.findByRole("tab", { name: "Pasadas" }));
      return (await screen.findByText(/Cancha J/)).closest("li")!;
    };

    mockApi(answers);
    let view = renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const onMyBookings = await pastCard();
    expect(onMyBookings).toHaveTextContent("Jugada");
    expect(screen.queryByRole("button", { name: /Cancelar Reserva/ })).toBeNull();
    view.unmount();

    mockApi(answers);
    view = renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    expect(await pastCard()).toHaveTextContent("Jugada");
    await userEvent.click(screen.getByRole("tab", { name: "Historial de Pagos" }));
    expect(await screen.findByTestId("payment-booking-state")).toHaveTextContent("Reserva Jugada");
    view.unmount();

    mockApi(answers);
    renderWithProviders(<SettingsScreen />, "/settings");
    await userEvent.click(await screen.findByRole("tab", { name: "Billing" }));
    expect(await screen.findByTestId("payment-booking-state")).toHaveTextContent("Reserva Jugada");
  }, 20_000);
});
