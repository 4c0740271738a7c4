import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aBookingAnswer, aPaymentAnswer } from "../../testing/answers";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import MyBookingsScreen from "./my-bookings";

const booking = (id: string, date: string) => aBookingAnswer(id, date);

/** An array page with the total over all pages in X-Total-Count, as the server answers. */
const page = (items: unknown[], total: number) =>
  new Response(JSON.stringify(items), { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": String(total) } });

const upcoming = Array.from({ length: 13 }, (_, i) => booking(`u${i + 1}`, `2099-06-${String(i + 1).padStart(2, "0")}`));
const past = [booking("p1", "2020-01-02"), booking("p2", "2020-01-01")];

const me = { id: "u1", username: "ana", email: "ana@x.test" };
const upcomingKey = "/api/user/bookings?scope=upcoming&page=1&pageSize=12";
const pastKey = "/api/user/bookings?scope=past&page=1&pageSize=12";

describe("My bookings", () => {
  it("when its reads are already cached, then the first render is the bookings under 'Próximas', not a spinner", () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([upcoming[0]], 1),
      [`GET ${pastKey}`]: () => page([past[0]], 1),
    });
    // a loading state here would be painted, then replaced by a forced synchronous render of the
    // whole list when the mount's revalidation ends
    renderWithProviders(<MyBookingsScreen />, "/my-bookings", {
      "/api/auth/me": me,
      [upcomingKey]: { items: [upcoming[0]], total: 1 },
    });
    expect(screen.queryByText("Cargando reservas...")).toBeNull();
    expect(screen.getByRole("tab", { name: "Próximas", selected: true })).toBeInTheDocument();
    expect(screen.getByText(/Cancha u1(?!\d)/)).toBeInTheDocument();
    // the past is its own tab, read when it is opened
    expect(screen.queryByText(/Cancha p1/)).toBeNull();
  });

  it("when the player paid a share of another player's game by link, then that game is listed apart with what they paid and got back", async () => {
    const friendsGame = { ...aBookingAnswer("g1", "2099-06-20"), userId: "u9", status: "cancelled" };
    const share = {
      ...aPaymentAnswer("pay-g1", { kind: "shared", status: "refunded", amount: "9.00", totalPaid: "9.00", refundedAmount: "9.00", refundSentAt: "2099-06-01T15:00:00.000Z", bookingId: "g1" }),
      booking: friendsGame,
    };
    // their own payment of their own booking is not a share of someone else's game
    const own = { ...aPaymentAnswer("pay-u1", { kind: "partial", bookingId: "u1" }), booking: upcoming[0] };
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([upcoming[0]], 1),
      [`GET ${pastKey}`]: () => page([], 0),
      "GET /api/user/payments?page=1&pageSize=50": () => page([share, own], 2),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const games = await screen.findAllByTestId("share-paid-game");
    expect(games).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Partidos donde pagaste tu parte" })).toBeInTheDocument();
    expect(games[0]).toHaveTextContent("Pagaste $9.00 de tu parte.");
    expect(games[0]).toHaveTextContent(/Reembolso de \$9\.00 enviado el/);
    expect(within(games[0]!).queryByRole("button", { name: /Cancelar Reserva/ })).toBeNull();
  });

  it("when a hold expired while the screen was open, then a refused cancel reads the list again and the card says so", async () => {
    let expired = false;
    const hold = { ...booking("h1", "2099-06-01"), paidAmount: "0.00", paymentStatus: "pending", holdExpiresAt: "2099-05-01T10:15:00.000Z" };
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([expired ? { ...hold, status: "expired" } : hold], 1),
      [`GET ${pastKey}`]: () => page([], 0),
      "GET /api/bookings/h1/payers": () => json([]),
      "POST /api/cancellations": () => {
        expired = true;
        return json({ message: "La reserva ya no está activa", code: "CONFLICT" }, 409);
      },
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const card = (await screen.findByText(/Cancha h1/)).closest("article, li") as HTMLElement;
    expect(within(card).getByText("Activa")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: /Cancelar Reserva/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Confirmar cancelación" }));
    await waitFor(() => expect(within(card).queryByText("Activa")).toBeNull());
    expect(within(card).getByText("Expirada")).toBeInTheDocument();
  });

  it("when a partly paid booking is past its split deadline, then its card offers no share link; before it, it does", async () => {
    const partial = { ...booking("s1", "2099-06-01"), paidAmount: "7.25", paymentStatus: "partial", gameType: "singles" };
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () =>
        page([{ ...partial, shareDeadlineAt: "2099-05-31T13:00:00.000Z" }, { ...partial, id: "s2", court: { ...partial.court, name: "Cancha s2" }, shareDeadlineAt: "2020-01-01T13:00:00.000Z" }], 2),
      [`GET ${pastKey}`]: () => page([], 0),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const cardOf = async (name: RegExp) => (await screen.findByText(name)).closest("article, li") as HTMLElement;
    expect(within(await cardOf(/Cancha s1/)).getByRole("button", { name: /Compartir Link de Pago/ })).toBeInTheDocument();
    expect(within(await cardOf(/Cancha s2/)).queryByRole("button", { name: /Compartir Link de Pago/ })).toBeNull();
  });

  it("when 'Quién pagó' is closed, then nothing is read and nothing is loading; opened, it reads and lists the payers", async () => {
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([upcoming[0]], 1),
      [`GET ${pastKey}`]: () => page([], 0),
      "GET /api/bookings/u1/payers": () => json([{ paymentId: "pay1", name: "ana", amount: "14.50", isOrganiser: true }]),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const card = (await screen.findByText(/Cancha u1(?!\d)/)).closest("article, li") as HTMLElement;
    const payers = within(card).getByText("Quién pagó");
    // closed, the read has no key: it never answers, so a loading text would stay forever
    expect(within(card).queryByText("Cargando pagos...")).toBeNull();
    expect(fetchMock.mock.calls.some(([p]) => String(p).endsWith("/payers"))).toBe(false);

    await userEvent.click(payers);
    expect(await within(card).findByText("(tú)")).toBeInTheDocument();
    expect(within(card).queryByText("Cargando pagos...")).toBeNull();
  });

  it("when a player has more upcoming bookings than a page, then 'Ver más' brings the rest; 'Pasadas' lists the past newest first", async () => {
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page(upcoming.slice(0, 12), 13),
      "GET /api/user/bookings?scope=upcoming&page=2&pageSize=12": () => page(upcoming.slice(12), 13),
      "GET /api/user/bookings?scope=past&page=1&pageSize=12": () => page(past, 2),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    expect(await screen.findByText(/Cancha u1(?!\d)/)).toBeInTheDocument();
    expect(screen.getByText("12 de 13 reservas")).toBeInTheDocument();
    expect(screen.queryByText(/Cancha u13/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Ver más" }));
    expect(await screen.findByText(/Cancha u13/)).toBeInTheDocument();
    // the server's order, soonest first
    const names = () => screen.getAllByText(/Cancha [up]\d+/).map((e) => /Cancha ([up]\d+)/.exec(e.textContent ?? "")?.[1]);
    expect(names()).toEqual(upcoming.map((b) => b.id));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Ver más" })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("tab", { name: "Pasadas" }));
    expect(await screen.findByText(/Cancha p1/)).toBeInTheDocument();
    expect(names()).toEqual(["p1", "p2"]);
    expect(fetchMock.mock.calls.map(([p]) => String(p)).filter((p) => p.startsWith("/api/user/bookings"))).toHaveLength(3);
  }, 20_000);

  it("when the tabs are used from the keyboard, then they are ARIA tabs and the arrow keys move between 'Próximas' and 'Pasadas'", async () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([upcoming[0]], 1),
      [`GET ${pastKey}`]: () => page([past[0]], 1),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const list = await screen.findByRole("tablist", { name: "Mis reservas por fecha" });
    const [next, before] = within(list).getAllByRole("tab");
    expect([next, before].map((t) => t!.textContent?.trim())).toEqual(["Próximas", "Pasadas"]);
    expect(next).toHaveAttribute("aria-selected", "true");
    // Tab reaches the selected tab (after the header's link): one stop for the whole tab list
    for (let i = 0; i < 5 && document.activeElement !== next; i++) await userEvent.tab();
    expect(next).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(before).toHaveFocus();
    expect(before).toHaveAttribute("aria-selected", "true");
    const panel = await screen.findByRole("tabpanel");
    expect(before).toHaveAttribute("aria-controls", panel.id);
    expect(await within(panel).findByText(/Cancha p1/)).toBeInTheDocument();
  });

  it("when the server says a game was played, or a booking was cancelled or expired, then 'Pasadas' shows its state and no 'Cancelar Reserva'", async () => {
    const played = booking("j1", "2020-01-03");
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([{ ...upcoming[0], state: "active" }], 1),
      [`GET ${pastKey}`]: () =>
        page(
          [
            { ...played, state: "played" },
            { ...booking("c1", "2020-01-02"), status: "cancelled", state: "cancelled", refundPercentage: 100 },
            { ...booking("e1", "2020-01-01"), status: "expired", state: "expired", paidAmount: "0.00", paymentStatus: "pending" },
          ],
          3,
        ),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const upcomingCard = (await screen.findByText(/Cancha u1(?!\d)/)).closest("li") as HTMLElement;
    expect(within(upcomingCard).getByText("Activa")).toBeInTheDocument();
    expect(within(upcomingCard).getByRole("button", { name: /Cancelar Reserva/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Pasadas" }));
    const cardOf = async (name: RegExp) => (await screen.findByText(name)).closest("li") as HTMLElement;
    const playedCard = await cardOf(/Cancha j1/);
    // stored 'active', but its start has passed on the server's clock
    expect(within(playedCard).getByText("Jugada")).toBeInTheDocument();
    expect(within(playedCard).queryByText("Activa")).toBeNull();
    expect(within(playedCard).queryByRole("button", { name: /Cancelar Reserva/ })).toBeNull();
    expect(within(playedCard).queryByText(/Añadir al calendario/)).toBeNull();
    expect(within(await cardOf(/Cancha c1/)).getByText("Cancelada")).toBeInTheDocument();
    expect(within(await cardOf(/Cancha e1/)).getByText("Expirada")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Cancelar Reserva/ })).toBeNull();
  });

  it("when a player has no bookings still to play, then 'Próximas' says so with 'Hacer una Reserva', and 'Pasadas' has its own empty line", async () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: me }),
      [`GET ${upcomingKey}`]: () => page([], 0),
      [`GET ${pastKey}`]: () => page([], 0),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    expect(await screen.findByText("No tienes reservas activas")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Hacer una Reserva" })).toHaveAttribute("href", "/");
    await userEvent.click(screen.getByRole("tab", { name: "Pasadas" }));
    expect(await screen.findByText("Aún no tienes reservas pasadas")).toBeInTheDocument();
  });
});
