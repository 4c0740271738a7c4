import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import SettingsScreen from "./settings";

const ANA = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };

const card = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  productId: "prod-10",
  name: "Bono 10 horas",
  hours: 10,
  hoursLeft: 7,
  venueId: null,
  band: null,
  // the club's time (Guayaquil, UTC-5): 1 March 2099
  expiresAt: "2099-03-01T17:00:00.000Z",
  usable: true,
  createdAt: "2098-12-01T17:00:00.000Z",
  ...fields,
});

const product = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: "Bono 10 horas",
  hours: 10,
  price: "120.00",
  validDays: 90,
  venueId: null,
  band: null,
  active: true,
  createdAt: "2098-01-01T00:00:00.000Z",
  ...fields,
});

const NIGHT_AT_NORTE = product("prod-5", { name: "Bono noche Norte", hours: 5, price: "70.00", validDays: 30, venueId: "v1", band: "night" });

const base = {
  ...GUEST,
  "GET /api/auth/me": () => json({ user: ANA }),
  "GET /api/venues": () => json([{ id: "v1", name: "Club Norte" }]),
  "GET /api/punch-card-products": () => json([product("prod-10"), NIGHT_AT_NORTE]),
};

describe("Settings · Bonos", () => {
  it("when a player opens /settings?tab=bonos, then their cards show hours left of total, venue and band, expiry in Spanish, and an expired one as 'Caducado'", async () => {
    mockApi({
      ...base,
      "GET /api/user/punch-cards": () =>
        json([
          card("old", { name: "Bono verano", hours: 5, hoursLeft: 2, expiresAt: "2020-09-30T17:00:00.000Z", usable: false }),
          card("k1", { name: "Bono noche Norte", hours: 5, hoursLeft: 1, venueId: "v1", band: "night" }),
        ]),
    });
    renderWithProviders(<SettingsScreen />, "/settings?tab=bonos");
    expect(await screen.findByRole("tab", { name: "Bonos", selected: true })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Mis bonos" });
    const [first, second] = within(list).getAllByRole("listitem");
    // the card that still pays comes first
    expect(first).toHaveTextContent("Bono noche Norte");
    expect(first).toHaveTextContent("Vigente");
    expect(first).toHaveTextContent("Queda 1 de 5 horas");
    expect(await within(first!).findByText("Club Norte · Horario de noche (desde las 18:00)")).toBeInTheDocument();
    expect(first).toHaveTextContent("Vence el 1 de marzo de 2099");
    expect(second).toHaveTextContent("Bono verano");
    expect(within(second!).getByText("Caducado")).toBeInTheDocument();
    expect(second).toHaveTextContent("Quedan 2 de 5 horas");
    expect(second).toHaveTextContent("Todas las sedes · Cualquier horario");
    expect(second).toHaveTextContent("Caducó el 30 de septiembre de 2020: ya no paga reservas");
  });

  it("when a player has none, then 'Aún no tienes bonos' shows with the products on sale, their price, hours, scope and validity", async () => {
    mockApi({ ...base, "GET /api/user/punch-cards": () => json([]) });
    renderWithProviders(<SettingsScreen />, "/settings?tab=bonos");
    expect(await screen.findByText("Aún no tienes bonos")).toBeInTheDocument();
    const onSale = await screen.findByRole("radiogroup", { name: "Bonos a la venta" });
    const choices = within(onSale).getAllByRole("radio");
    expect(choices).toHaveLength(2);
    expect(choices[0]).toBeChecked();
    expect(onSale).toHaveTextContent("Bono 10 horas$120.0010 horasTodas las sedes · Cualquier horarioVálido 90 días desde la compra");
    expect(onSale).toHaveTextContent("Bono noche Norte$70.005 horasClub Norte · Horario de noche (desde las 18:00)Válido 30 días desde la compra");
    expect(screen.getByRole("button", { name: "Comprar por $120.00" })).toBeInTheDocument();
  });

  it("when a player buys a product by card, then the intent names it, the confirmed card is recorded as a purchase and the new card shows", async () => {
    let bought = false;
    const fetchMock = mockApi({
      ...base,
      "GET /api/user/punch-cards": () => json(bought ? [card("k9", { name: "Bono noche Norte", hours: 5, hoursLeft: 5, venueId: "v1", band: "night" })] : []),
      "POST /api/user/punch-cards": () => json({ clientSecret: "pi_7_secret", paymentIntentId: "pi_7", amount: "70.00" }),
      "POST /api/simulated-card/confirm": () => json({ paymentIntentId: "pi_7", status: "succeeded" }),
      "POST /api/user/purchases/pi_7": () => {
        bought = true;
        return json({ id: "pu1", product: "punch_card", status: "succeeded", amount: "70.00", invoiceNumber: "R-0001", createdAt: "2098-12-01T17:00:00.000Z", paidAt: "2098-12-01T17:00:00.000Z" }, 201);
      },
    });
    renderWithProviders(<SettingsScreen />, "/settings?tab=bonos");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /Bono noche Norte/ }));
    await user.type(screen.getByLabelText("Número de tarjeta"), "4242424242424242");
    await user.type(screen.getByLabelText("Vencimiento (MM/AA)"), "1230");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Comprar por $70.00" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Bono comprado", description: "Bono noche Norte: 5 horas para tus reservas" }));
    const list = await screen.findByRole("list", { name: "Mis bonos" });
    expect(list).toHaveTextContent("Quedan 5 de 5 horas");
    const bodies = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([path, init]) => [path, init?.body ? (JSON.parse(String(init.body)) as unknown) : null]);
    expect(bodies.map(([path]) => path)).toEqual(["/api/user/punch-cards", "/api/simulated-card/confirm", "/api/user/purchases/pi_7"]);
    expect(bodies[0]![1]).toEqual({ productId: "prod-5" });
  }, 30_000);

  it("when the product was retired meanwhile, then the server's message shows and nothing is charged", async () => {
    const fetchMock = mockApi({
      ...base,
      "GET /api/user/punch-cards": () => json([]),
      "POST /api/user/punch-cards": () => json({ message: "Bono no encontrado", code: "PUNCH_CARD_NOT_FOUND" }, 404),
    });
    renderWithProviders(<SettingsScreen />, "/settings?tab=bonos");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Número de tarjeta"), "4242424242424242");
    await user.type(screen.getByLabelText("Vencimiento (MM/AA)"), "1230");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Comprar por $120.00" }));
    expect(await screen.findByText("Bono no encontrado")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([path]) => path === "/api/simulated-card/confirm")).toBe(false);
  }, 30_000);
});
