import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../components/ui/toast";
import { configAnswer, courtAnswer, GUEST, json, mockApi } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import BookingScreen from "./booking";

const court = courtAnswer();

const api = {
  ...GUEST,
  // far-future "today" so no slot of that day has passed yet
  "GET /api/config": () => configAnswer("2099-06-10"),
  "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
  "GET /api/courts/c1": () => json(court),
  "GET /api/courts/c1/bookings?date=2099-06-10": () => json({ date: "2099-06-10", bookedSlots: ["09:00", "19:00"] }),
};

const renderBooking = (cached?: Record<string, unknown>, path = "/booking/c1") => renderRoute("/booking/:courtId", <BookingScreen />, path, cached);

describe("Booking screen", () => {
  it("when its reads are already cached (as the first screen's are), then the first render is the form, not a spinner", async () => {
    mockApi(api);
    const handlers: Record<string, (init: RequestInit) => Response> = api;
    const answers = async (key: string) => (await handlers[`GET ${key}`]!({}).json()) as unknown;
    const cached = Object.fromEntries(
      await Promise.all(["/api/config", "/api/auth/me", "/api/courts/c1", "/api/courts/c1/bookings?date=2099-06-10"].map(async (key) => [key, await answers(key)])),
    ) as Record<string, unknown>;
    // a loading state here would be painted, then replaced by a forced synchronous render of the
    // whole form when the mount's revalidation ends
    renderBooking({ ...cached, "/api/auth/me": (cached["/api/auth/me"] as { user: unknown }).user });
    expect(screen.queryByText("Cargando cancha...")).toBeNull();
    expect(screen.getByRole("heading", { name: "Reservar Cancha Central" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^19:00/ })).toBeDisabled();
  });

  it("when the day loads, then booked slots read 'Ocupado' and prices follow the slot's band", async () => {
    mockApi(api);
    renderBooking();
    const booked = await screen.findByRole("button", { name: /^19:00/ });
    expect(booked).toBeDisabled();
    expect(booked).toHaveTextContent("Ocupado");
    expect(screen.getByRole("button", { name: /^09:00/ })).toBeDisabled();
    expect(screen.getByTestId("booking-total")).toHaveTextContent("$14.50");

    await userEvent.click(screen.getByRole("button", { name: /^20:00/ }));
    expect(screen.getByTestId("booking-total")).toHaveTextContent("$16.50");
    await userEvent.click(screen.getByRole("radio", { name: /Dobles \(4 personas\)/ }));
    expect(screen.getByTestId("booking-total")).toHaveTextContent("$33.00");
  });

  it("when one taken hour is the player's own, then it reads 'Tu reserva' and only the other one is offered a waitlist", async () => {
    const own = { id: "b1", userId: "u1", courtId: "c1", date: "2099-06-10", bookingDate: "2099-06-10T00:00:00", timeSlot: "19:00", status: "active" };
    mockApi({
      ...api,
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=200": () => json([own, { ...own, id: "b2", timeSlot: "09:00", status: "cancelled" }]),
      "GET /api/waitlist": () => json([]),
    });
    renderBooking();
    const mine = await screen.findByRole("button", { name: "19:00, horario nocturno, Tu reserva" });
    expect(mine).toBeDisabled();
    expect(screen.getByRole("button", { name: /^09:00, Ocupado/ })).toBeDisabled();
    expect(await screen.findByRole("button", { name: "Avisarme si se libera: 09:00" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Avisarme si se libera: 19:00" })).toBeNull();
  });

  it("when the club closed some hours, then only the hour a player holds is offered a waitlist", async () => {
    mockApi({
      ...api,
      "GET /api/courts/c1/bookings?date=2099-06-10": () =>
        json({ date: "2099-06-10", bookedSlots: ["09:00", "10:00", "11:00"], blockedSlots: [{ timeSlot: "10:00", reason: "Mantenimiento" }, { timeSlot: "11:00", reason: "Otro" }] }),
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=200": () => json([]),
      "GET /api/waitlist": () => json([]),
    });
    renderBooking();
    expect(await screen.findByRole("button", { name: "Avisarme si se libera: 09:00" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^10:00/ })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Avisarme si se libera: 10:00" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Avisarme si se libera: 11:00" })).toBeNull();
  });

  it("when the court is under maintenance (a bookmarked link), then no hour is offered and the button is off", async () => {
    mockApi({ ...api, "GET /api/courts/c1": () => json(courtAnswer({ status: "maintenance" })) });
    renderBooking();
    expect(await screen.findByText("La cancha no está disponible para reservas en este momento.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^20:00/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Ver otras canchas" })).toHaveAttribute("href", "/venue/v1");
    expect(screen.getByRole("button", { name: "Continuar al Pago →" })).toBeDisabled();
  });

  it("when a link's date has passed, then no hour is offered, it says the day is gone (not that it is full), and 'Ver hoy' brings today's hours", async () => {
    mockApi(api);
    renderBooking(undefined, "/booking/c1?date=2099-06-01");
    expect(await screen.findByText("Ese día ya pasó.")).toBeInTheDocument();
    expect(screen.queryByText(/No quedan horarios libres/)).toBeNull();
    expect(screen.queryByRole("button", { name: /^10:00/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Continuar al Pago →" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Ver hoy" }));
    expect(await screen.findByRole("button", { name: /^10:00/ })).toBeInTheDocument();
  });

  it("when the venue opens days 7 ahead at 08:00, then a day beyond says when it opens, offers no hour and cannot continue; a day inside the window offers its hours", async () => {
    mockApi({
      ...api,
      "GET /api/venues/v1": () =>
        json({ id: "v1", name: "Club", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 1, rules: { windowDays: 7, releaseTime: "08:00", maxUpcomingPerPlayer: null, maxPerPlayerPerDay: null, ballotSeconds: 0 } }),
      "GET /api/courts/c1/bookings?date=2099-06-16": () => json({ date: "2099-06-16", bookedSlots: [] }),
    });
    // today 2099-06-10: the 18th opens on the 11th at 08:00
    renderBooking(undefined, `/booking/${court.id}?date=2099-06-18`);
    expect(await screen.findByText("Este día se abre el jueves 11 de junio de 2099 a las 08:00.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^10:00/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Continuar al Pago →" })).toBeDisabled();
  });

  it("when a link's date lies past the 180-day horizon, then no hour is offered, the limit is said, and 'Ver hoy' brings today's hours", async () => {
    mockApi(api);
    // today 2099-06-10: the last bookable day is 2099-12-07
    renderBooking(undefined, "/booking/c1?date=2099-12-08");
    expect(await screen.findByText(/Solo se puede reservar con hasta 180 días de anticipación/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^10:00/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Ver hoy" }));
    expect(await screen.findByRole("button", { name: /^19:00/ })).toBeDisabled();
    expect(screen.queryByText(/Solo se puede reservar/)).toBeNull();
  });

  it("when a link's date or hour cannot exist (a mangled mail link), then the screen opens on today with no hour chosen", async () => {
    mockApi(api);
    renderBooking(undefined, "/booking/c1?date=2099-13-45&slot=99:00");
    expect(await screen.findByRole("button", { name: /^19:00/ })).toBeDisabled();
    expect(screen.getByText("Miércoles 10 de junio de 2099")).toBeInTheDocument();
    expect(within(screen.getByRole("complementary")).getByText("—")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continuar al Pago →" }));
    expect(currentToast()).toMatchObject({ title: "Selecciona una hora" });
  });

  it("when a link names a real date and hour, then the screen opens on them", async () => {
    mockApi({ ...api, "GET /api/courts/c1/bookings?date=2099-06-12": () => json({ date: "2099-06-12", bookedSlots: [] }) });
    renderBooking(undefined, "/booking/c1?date=2099-06-12&slot=20:00");
    expect(await screen.findByText("Viernes 12 de junio de 2099")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^20:00/, pressed: true })).toBeInTheDocument();
  });

  it("when the chosen hour's split deadline has passed, then the summary says only the whole can be paid; an hour further on, either", async () => {
    // only the clock is moved: 17:30 in Guayaquil on the shown day, the deadline 2 h before each start
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2099-06-10T22:30:00.000Z"));
    try {
      mockApi(api);
      renderBooking(undefined, "/booking/c1?date=2099-06-10&slot=18:00");
      await screen.findByRole("button", { name: /^18:00/, pressed: true });
      expect(screen.getByTestId("split-note")).toHaveTextContent("Solo podrás pagar el total: el pago por partes cierra 2 h antes del partido.");
      await userEvent.click(screen.getByRole("button", { name: /^21:00/ }));
      expect(screen.getByTestId("split-note")).toHaveTextContent("Podrás pagar el total o solo tu parte.");
      expect(screen.getByText(/tu reserva se mantiene 15 minutos mientras pagas/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("when the player picks another day, then the address keeps it and drops a link's hour: a reload opens on that day", async () => {
    mockApi({
      ...api,
      "GET /api/courts/c1/bookings?date=2099-06-12": () => json({ date: "2099-06-12", bookedSlots: [] }),
      "GET /api/courts/c1/bookings?date=2099-06-15": () => json({ date: "2099-06-15", bookedSlots: [] }),
    });
    renderBooking(undefined, "/booking/c1?date=2099-06-12&slot=20:00");
    expect(await screen.findByText("Viernes 12 de junio de 2099")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /^20:00/, pressed: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /15 de junio/ }));
    expect(await screen.findByText("Lunes 15 de junio de 2099")).toBeInTheDocument();
    // the whole address: the day, and no hour left from the link
    await waitFor(() => expect(screen.getByTestId("search").textContent).toBe("?date=2099-06-15"));
    expect(screen.getByTestId("location")).toHaveTextContent("/booking/c1");
    expect(await screen.findByRole("button", { name: /^20:00/, pressed: false })).toBeInTheDocument();
  });

  it("when no slot is chosen, then 'Selecciona una hora' is toasted and nothing is posted", async () => {
    const fetchMock = mockApi(api);
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: "Continuar al Pago →" }));
    expect(currentToast()).toMatchObject({ title: "Selecciona una hora", description: "Por favor selecciona un horario disponible" });
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "POST")).toBe(false);
  });

  it("when the booking is created, then it posts the local date-time and goes to checkout", async () => {
    const fetchMock = mockApi({ ...api, "POST /api/bookings": () => json({ id: "b9" }, 201) });
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: /^10:00/ }));
    await userEvent.click(screen.getByRole("button", { name: "Continuar al Pago →" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/checkout/b9"));
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "POST");
    expect(JSON.parse(String((post?.[1] as RequestInit).body))).toEqual({
      courtId: "c1",
      bookingDate: "2099-06-10T00:00:00",
      timeSlot: "10:00",
      gameType: "singles",
      userId: "u1",
    });
  });

  it("when the request enters the release ballot (202), then the screen says the hour is drawn and when, asks again until decided, and then sends the winner to pay", async () => {
    const entry = { ballotId: "x1", state: "pending", decidesAt: "2099-06-10T13:01:00.000Z", courtId: "c1", date: "2099-06-10", timeSlot: "10:00" };
    let asked = 0;
    mockApi({
      ...api,
      "POST /api/bookings": () => json(entry, 202),
      "GET /api/ballots/x1": () => (++asked < 2 ? json(entry) : json({ ...entry, state: "won", bookingId: "b7" })),
    });
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: /^10:00/ }));
    await userEvent.click(screen.getByRole("button", { name: "Continuar al Pago →" }));
    // the club's clock (Guayaquil, UTC-5): 13:01 UTC is 08:01
    expect(await screen.findByText("Este horario se sortea a las 08:01.")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/booking/c1");
    // the hour is in the ballot: asking it again would change nothing
    expect(screen.getByRole("button", { name: "Continuar al Pago →" })).toBeDisabled();
    expect(await screen.findByText("¡Ganaste el sorteo! Las 10:00 son tuyas.", {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ir a pagar" })).toHaveAttribute("href", "/checkout/b7");
  });

  it("when the ballot is lost, then the screen says so and offers another hour", async () => {
    const entry = { ballotId: "x2", state: "lost", decidesAt: "2099-06-10T13:01:30.000Z", courtId: "c1", date: "2099-06-10", timeSlot: "10:00" };
    mockApi({ ...api, "POST /api/bookings": () => json({ ...entry, state: "pending" }, 202), "GET /api/ballots/x2": () => json(entry) });
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: /^10:00/ }));
    await userEvent.click(screen.getByRole("button", { name: "Continuar al Pago →" }));
    expect(await screen.findByText("No ganaste el sorteo de las 10:00.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Elegir otra hora" }));
    expect(screen.queryByTestId("ballot-notice")).toBeNull();
  });

  it("when the player owes a balance, then the screen says how much and for which booking before anything is chosen, links to pay it, and offers no booking", async () => {
    const owed = {
      id: "b9", userId: "u1", courtId: "c1", date: "2099-06-08", bookingDate: "2099-06-08T00:00:00", timeSlot: "19:00", status: "active",
      totalAmount: "33.00", paidAmount: "8.25", balanceDue: "24.75", paymentStatus: "partial",
    };
    const fetchMock = mockApi({
      ...api,
      "GET /api/user/bookings?scope=due&page=1&pageSize=1": () =>
        new Response(JSON.stringify([owed]), { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": "1" } }),
    });
    renderBooking();
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("Saldo pendiente $24.75 de tu reserva del lunes 8 de junio a las 19:00");
    expect(within(notice).getByRole("link", { name: "Completar Pago" })).toHaveAttribute("href", "/checkout/b9");
    await userEvent.click(await screen.findByRole("button", { name: /^20:00/ }));
    expect(screen.getByRole("button", { name: "Continuar al Pago →" })).toBeDisabled();
    // the summary says why the button is disabled, not that this booking could be paid in parts
    expect(screen.getByTestId("owed-note")).toHaveTextContent("Paga el saldo pendiente de $24.75 para poder continuar.");
    expect(screen.queryByTestId("split-note")).toBeNull();
    expect(screen.queryByText(/tu reserva se mantiene/)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "POST")).toBe(false);
  });

  it("when the player owes nothing, then no notice shows and the hour can be booked", async () => {
    mockApi({
      ...api,
      "GET /api/user/bookings?scope=due&page=1&pageSize=1": () =>
        new Response("[]", { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": "0" } }),
    });
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: /^20:00/ }));
    expect(screen.getByRole("button", { name: "Continuar al Pago →" })).toBeEnabled();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("owed-note")).toBeNull();
    expect(screen.getByTestId("split-note")).toHaveTextContent("Podrás pagar el total o solo tu parte.");
    expect(screen.getByText(/tu reserva se mantiene 15 minutos mientras pagas/)).toBeInTheDocument();
  });

  it("when the player holds too many unpaid bookings (409), then the message shows and the chosen hour stays chosen", async () => {
    mockApi({
      ...api,
      "POST /api/bookings": () => json({ message: "Tienes 2 reservas sin pagar: paga o cancela una antes de reservar otra", code: "TOO_MANY_UNPAID_BOOKINGS" }, 409),
    });
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: /^11:00/ }));
    await userEvent.click(screen.getByRole("button", { name: "Continuar al Pago →" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error al crear reserva" }));
    expect(within(screen.getByRole("group", { name: /Horario diurno/ })).getByRole("button", { name: /^11:00/ })).toHaveAttribute("aria-pressed", "true");
  });

  it("when the slot was just taken (409), then 'Error al crear reserva' shows the server message", async () => {
    mockApi({ ...api, "POST /api/bookings": () => json({ message: "Ese horario ya está reservado", code: "SLOT_TAKEN" }, 409) });
    renderBooking();
    await userEvent.click(await screen.findByRole("button", { name: /^11:00/ }));
    await userEvent.click(screen.getByRole("button", { name: "Continuar al Pago →" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Error al crear reserva", description: "Ese horario ya está reservado" }),
    );
    expect(within(screen.getByRole("group", { name: /Horario diurno/ })).getByRole("button", { name: /^11:00/ })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });
});
