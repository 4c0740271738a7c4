import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToast } from "../../components/ui/toast";
import type { VenueAvailability } from "../../features/venues/api/get-venue-availability";
import { configAnswer, courtAnswer, GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import BookingScreen from "./booking";
import VenueScreen from "./venue";

/**
 * Memberships ('Socios', DESIGN.md section 16) where a player meets them: the venue's 'Hazte socio'
 * with its plans and the card purchase, and 'Precio socio' on the venue's day grid, its tariffs and
 * the booking screen, for a member only.
 */

const TODAY = "2030-01-10";
const VENUE = { id: "v1", name: "Club Los Ceibos", location: "Guayaquil", description: null, imageUrl: null, imageData: null, courtCount: 2 };
const COURTS = [courtAnswer({ id: "c1", name: "Pista 1", courtNumber: 1 }), courtAnswer({ id: "c2", name: "Pista 2", courtNumber: 2 })];
const HOURS = ["06", "07", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21"].map((h) => `${h}:00`);
const DAY: VenueAvailability = {
  date: TODAY,
  courts: COURTS.map((court) => ({
    courtId: court.id,
    name: court.name,
    courtNumber: court.courtNumber,
    slots: HOURS.map((timeSlot) => ({ timeSlot, state: "free" as const, price: timeSlot >= "18:00" ? "16.50" : "14.50" })),
  })),
};
const PLAYER = { id: "u1", username: "ana", email: "ana@correo.ec", fullName: "Ana Pérez", phone: null, emailVerified: true };
const PLAN = {
  id: "p1",
  venueId: "v1",
  name: "Socio Trimestral",
  price: "60.00",
  months: 3,
  discountPercent: 20,
  windowDays: 30,
  active: true,
  createdAt: "2029-12-01T00:00:00.000Z",
};
/** Ana's membership of the venue: 20 % off, until 10 March 2030 (15:00 in Guayaquil). */
const MEMBERSHIP = {
  id: "m1",
  planId: "p1",
  venueId: "v1",
  name: "Socio Trimestral",
  discountPercent: 20,
  windowDays: 30,
  startsAt: "2029-12-10T20:00:00.000Z",
  endsAt: "2099-03-10T20:00:00.000Z",
  paidBy: "card",
  purchaseId: "pu1",
  active: true,
};
/** What the server answers a member: each court's four prices less 20 %. */
const MEMBER_PRICES = {
  member: true,
  discountPercent: 20,
  endsAt: MEMBERSHIP.endsAt,
  windowDays: 30,
  courts: COURTS.map((c) => ({ courtId: c.id, daySinglesPrice: "11.60", dayDoublesPrice: "23.20", nightSinglesPrice: "13.20", nightDoublesPrice: "26.40" })),
};
const NOT_MEMBER = { member: false, discountPercent: null, endsAt: null, windowDays: null, courts: [] };

const venueApi = (extra: Parameters<typeof mockApi>[0] = {}) => ({
  ...GUEST,
  "GET /api/venues/v1": () => json(VENUE),
  "GET /api/venues/v1/courts": () => json(COURTS),
  "GET /api/courts/c1/bookings?date=2030-01-10": () => json({ date: TODAY, bookedSlots: [], blockedSlots: [] }),
  "GET /api/courts/c2/bookings?date=2030-01-10": () => json({ date: TODAY, bookedSlots: [], blockedSlots: [] }),
  "GET /api/venues/v1/availability?date=2030-01-10": () => json(DAY),
  "GET /api/venues/v1/membership-plans": () => json([PLAN]),
  ...extra,
});

const signedIn = (extra: Parameters<typeof mockApi>[0] = {}) => venueApi({ "GET /api/auth/me": () => json({ user: PLAYER }), ...extra });

const renderVenue = () =>
  renderWithProviders(
    <Routes>
      <Route path="/venue/:venueId" element={<VenueScreen />} />
    </Routes>,
    "/venue/v1",
  );

const socios = () => screen.findByRole("region", { name: /Hazte socio|Tu membresía/ });
const tariffs = () => screen.getByRole("table", { name: "Tarifas por hora" });
const calls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => [String(url), init?.body ? (JSON.parse(String(init.body)) as unknown) : null]);

const payWithCard = async (scope: HTMLElement, number = "4242424242424242") => {
  const user = userEvent.setup();
  await user.type(within(scope).getByLabelText("Número de tarjeta"), number);
  await user.type(within(scope).getByLabelText("Vencimiento (MM/AA)"), "1230");
  await user.type(within(scope).getByLabelText("CVC"), "123");
  await user.click(within(scope).getByRole("button", { name: "Pagar $60.00" }));
};

describe("the venue page for a member", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("when a member opens the venue, then the grid, the tariffs and the section show the member's price and membership, not the plans", async () => {
    mockApi(signedIn({ "GET /api/venues/v1/member-prices": () => json(MEMBER_PRICES), "GET /api/user/memberships": () => json([MEMBERSHIP]) }));
    renderVenue();

    // the day grid: each free hour at 'Precio socio', the singles price of its band less 20 %
    const morning = await screen.findByRole("link", { name: "Pista 1, 09:00, libre, Precio socio $11.60" });
    expect(morning).toHaveTextContent("$11.60");
    expect(screen.getByRole("link", { name: "Pista 2, 19:00, libre, Precio socio $13.20" })).toHaveTextContent("$13.20");
    expect(screen.queryByRole("link", { name: /libre, \$14\.50/ })).toBeNull();
    expect(screen.getByText("Libre (Precio socio por hora)")).toBeInTheDocument();
    expect(screen.getByText(/Eres socio: ves tu Precio socio \(−20 %\)/)).toBeInTheDocument();

    // the tariffs: the court's price struck through, the member's beside it
    const singles = within(tariffs()).getByRole("row", { name: /Singles/ });
    expect(within(singles).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Precio normal $14.50$11.60Precio socio", "Precio normal $16.50$13.20Precio socio"]);
    const doubles = within(tariffs()).getByRole("row", { name: /Dobles/ });
    expect(within(doubles).getAllByRole("cell").map((c) => c.textContent)).toEqual(["Precio normal $29.00$23.20Precio socio", "Precio normal $33.00$26.40Precio socio"]);

    // the section: until when, and no plan to buy again
    const section = await socios();
    expect(await within(section).findByText("Eres socio hasta el 10 de marzo de 2099")).toBeInTheDocument();
    expect(within(section).getByRole("heading", { name: "Tu membresía" })).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Elegir este plan" })).toBeNull();
    expect(within(section).getByRole("button", { name: "Descargar recibo" })).toBeInTheDocument();
  });
});

describe("the venue page for a player who is not a member", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("when a signed-in player opens a venue with a plan, then the grid keeps the court's prices, the tariffs hint 'Precio socio' and the plan reads its terms", async () => {
    mockApi(signedIn({ "GET /api/venues/v1/member-prices": () => json(NOT_MEMBER), "GET /api/user/memberships": () => json([]) }));
    renderVenue();

    expect(await screen.findByRole("link", { name: "Pista 1, 09:00, libre, $14.50" })).toHaveTextContent("$14.50");
    expect(screen.queryByRole("link", { name: /Precio socio/ })).toBeNull();
    expect(screen.getByText("Libre (precio por hora)")).toBeInTheDocument();
    expect(screen.queryByText(/Eres socio/)).toBeNull();

    const section = await socios();
    await within(section).findByRole("heading", { name: "Socio Trimestral" });
    // the hint: what a member would pay, under the price the player pays
    const singles = within(tariffs()).getByRole("row", { name: /Singles/ });
    expect(within(singles).getAllByRole("cell").map((c) => c.textContent)).toEqual(["$14.50Precio socio: $11.60", "$16.50Precio socio: $13.20"]);

    expect(section).toHaveTextContent("$60.00 por 3 meses");
    expect(section).toHaveTextContent("20 % de descuento en cada reserva");
    expect(section).toHaveTextContent("Precio socio: $11.60 en vez de $14.50 la hora");
    expect(section).toHaveTextContent("Reserva con hasta 30 días de anticipación");
    expect(section).toHaveTextContent("Pago único, sin renovación automática");
  });

  it("when the player buys the plan by card, then the intent, the card and the purchase are sent in that order and the section says until when they are a member", async () => {
    let recorded = false;
    const fetchMock = mockApi(
      signedIn({
        "GET /api/venues/v1/member-prices": () => json(recorded ? MEMBER_PRICES : NOT_MEMBER),
        "GET /api/user/memberships": () => json(recorded ? [MEMBERSHIP] : []),
        "POST /api/user/memberships": () => json({ clientSecret: "pi_9_secret", paymentIntentId: "pi_9", amount: "60.00" }),
        "POST /api/simulated-card/confirm": () => json({ paymentIntentId: "pi_9", status: "succeeded" }),
        "POST /api/user/purchases/pi_9": () => {
          recorded = true;
          return json({ id: "pu1", product: "membership", status: "succeeded", amount: "60.00", invoiceNumber: "R-0001", createdAt: "2030-01-10T15:00:00.000Z", paidAt: "2030-01-10T15:00:00.000Z" }, 201);
        },
      }),
    );
    renderVenue();
    const section = await socios();
    await userEvent.click(await within(section).findByRole("button", { name: "Elegir este plan" }));
    expect(within(section).getByRole("heading", { name: "Pagar Socio Trimestral" })).toBeInTheDocument();
    await payWithCard(section);

    await waitFor(() => expect(currentToast()).toMatchObject({ title: "¡Ya eres socio!" }));
    expect(calls(fetchMock)).toEqual([
      ["/api/user/memberships", { planId: "p1" }],
      ["/api/simulated-card/confirm", { clientSecret: "pi_9_secret", cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" }],
      ["/api/user/purchases/pi_9", null],
    ]);
    // the purchase changed the player's memberships and prices: read again, the page shows them
    expect(await screen.findByText("Eres socio hasta el 10 de marzo de 2099")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Pista 1, 09:00, libre, Precio socio $11.60" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Elegir este plan" })).toBeNull();
  });

  it("when the plan can no longer be bought, then the server's reason shows in Spanish under the card form and nothing is charged", async () => {
    const fetchMock = mockApi(
      signedIn({
        "GET /api/venues/v1/member-prices": () => json(NOT_MEMBER),
        "GET /api/user/memberships": () => json([]),
        "POST /api/user/memberships": () => json({ message: "Plan de socio no encontrado", code: "MEMBERSHIP_PLAN_NOT_FOUND" }, 404),
      }),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderVenue();
    const section = await socios();
    await userEvent.click(await within(section).findByRole("button", { name: "Elegir este plan" }));
    await payWithCard(section);
    expect(await within(section).findByText("Plan de socio no encontrado")).toBeInTheDocument();
    expect(calls(fetchMock).map(([url]) => url)).toEqual(["/api/user/memberships"]);
  });

  it("when the card is charged but the purchase cannot be recorded, then 'Error al hacerte socio' says so in Spanish and the plans stay", async () => {
    mockApi(
      signedIn({
        "GET /api/venues/v1/member-prices": () => json(NOT_MEMBER),
        "GET /api/user/memberships": () => json([]),
        "POST /api/user/memberships": () => json({ clientSecret: "pi_9_secret", paymentIntentId: "pi_9", amount: "60.00" }),
        "POST /api/simulated-card/confirm": () => json({ paymentIntentId: "pi_9", status: "succeeded" }),
        "POST /api/user/purchases/pi_9": () => json({ message: "El proveedor de pagos no responde", code: "PROVIDER_UNAVAILABLE" }, 503),
      }),
    );
    renderVenue();
    const section = await socios();
    await userEvent.click(await within(section).findByRole("button", { name: "Elegir este plan" }));
    await payWithCard(section);
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error al hacerte socio", description: "El proveedor de pagos no responde" }));
    expect(within(section).getByRole("button", { name: "Plan elegido" })).toBeInTheDocument();
    expect(screen.queryByText(/Eres socio hasta/)).toBeNull();
  });

  it("when a guest opens the venue, then the plans show with a link to log in and back, and nobody's member prices are asked", async () => {
    const fetchMock = mockApi(venueApi());
    renderVenue();
    const section = await socios();
    await within(section).findByRole("heading", { name: "Socio Trimestral" });
    expect(within(section).getByRole("link", { name: "Inicia sesión" })).toHaveAttribute("href", "/login?next=%2Fvenue%2Fv1%23socios");
    expect(await screen.findByRole("link", { name: "Pista 1, 09:00, libre, $14.50" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/venues/v1/member-prices");
  });

  it("when the venue sells no plan, then there is no 'Hazte socio' and no hint", async () => {
    mockApi(signedIn({ "GET /api/venues/v1/membership-plans": () => json([]), "GET /api/venues/v1/member-prices": () => json(NOT_MEMBER), "GET /api/user/memberships": () => json([]) }));
    renderVenue();
    await screen.findByRole("link", { name: "Pista 1, 09:00, libre, $14.50" });
    await waitFor(() => expect(within(tariffs()).getAllByRole("cell")[0]).toHaveTextContent(/^\$14\.50$/));
    expect(screen.queryByRole("region", { name: /Hazte socio/ })).toBeNull();
    expect(screen.queryByText(/Precio socio/)).toBeNull();
  });
});

describe("the booking screen and 'Precio socio'", () => {
  afterEach(() => vi.unstubAllGlobals());
  const bookingApi = (memberPrices: unknown) => ({
    ...GUEST,
    "GET /api/config": () => configAnswer("2099-06-10"),
    "GET /api/auth/me": () => json({ user: PLAYER }),
    "GET /api/courts/c1": () => json(COURTS[0]),
    "GET /api/venues/v1": () => json(VENUE),
    "GET /api/courts/c1/bookings?date=2099-06-10": () => json({ date: "2099-06-10", bookedSlots: [], blockedSlots: [] }),
    "GET /api/venues/v1/member-prices": () => json(memberPrices),
    "GET /api/venues/v1/membership-plans": () => json([PLAN]),
  });
  const renderBooking = () => renderRoute("/booking/:courtId", <BookingScreen />, "/booking/c1?date=2099-06-10&slot=10:00");

  it("when a member books, then the total is the member's price with the court's struck through, for each hour and game type", async () => {
    mockApi(bookingApi(MEMBER_PRICES));
    renderBooking();
    await waitFor(() => expect(screen.getByTestId("booking-total")).toHaveTextContent("$11.60"));
    expect(screen.getByTestId("member-note")).toHaveTextContent("Precio socio: 20 % de descuento ya aplicado.");
    expect(screen.getByTestId("booking-bar")).toHaveTextContent(/Precio normal \$14\.50\$11\.60Precio socio · 10:00/);
    expect(screen.getByRole("button", { name: "10:00, $11.60" })).toBeInTheDocument();
    expect(screen.queryByTestId("member-hint")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: /^20:00/ }));
    expect(screen.getByTestId("booking-total")).toHaveTextContent("$13.20");
    await userEvent.click(screen.getByRole("radio", { name: /Dobles \(4 personas\)/ }));
    expect(screen.getByTestId("booking-total")).toHaveTextContent("$26.40");
    // the court's price, struck through beside it, in the summary and the phone's bar
    expect(screen.getAllByText("$33.00").map((price) => price.tagName)).toEqual(["S", "S"]);
  });

  it("when a player who is not a member books, then the total is the court's price and a hint says the member's, linking to the plans", async () => {
    mockApi(bookingApi(NOT_MEMBER));
    renderBooking();
    const hint = await screen.findByTestId("member-hint");
    expect(screen.getByTestId("booking-total")).toHaveTextContent("$14.50");
    expect(screen.queryByTestId("member-note")).toBeNull();
    expect(screen.getByTestId("booking-bar")).not.toHaveTextContent(/Precio socio/);
    expect(hint).toHaveTextContent("Precio socio: $11.60 (−20 %). Hazte socio");
    expect(within(hint).getByRole("link", { name: "Hazte socio" })).toHaveAttribute("href", "/venue/v1#socios");
    expect(screen.getByRole("button", { name: "10:00, $14.50" })).toBeInTheDocument();
  });
});
