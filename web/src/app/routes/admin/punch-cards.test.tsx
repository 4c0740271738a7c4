import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminPunchCardsScreen from "./punch-cards";

const VENUES = [
  { id: "v1", name: "Club Norte", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 2 },
  { id: "v2", name: "Club Sur", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 1 },
];
const product = (fields: Record<string, unknown>) => ({
  id: "p1",
  name: "Bono 10 horas",
  hours: 10,
  price: "80.00",
  validDays: 90,
  venueId: null,
  band: null,
  active: true,
  createdAt: "2030-01-01T12:00:00.000Z",
  ...fields,
});

type Handler = Parameters<typeof mockApi>[0][string];

/** The panel with the club's products, kept by the fake server as POST and DELETE change them. */
const club = (initial: ReturnType<typeof product>[], overrides: Record<string, Handler> = {}) => {
  let products = [...initial];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = mockApi({
    ...GUEST,
    "GET /api/admin/check": () => json({ isAdmin: true }),
    "GET /api/venues": () => json(VENUES),
    "GET /api/admin/punch-card-products": () => json(products),
    "POST /api/admin/punch-card-products": (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push({ method: "POST", path: "/api/admin/punch-card-products", body });
      const created = product({ ...body, id: "p9", price: Number(body.price).toFixed(2) });
      products = [...products, created];
      return json(created, 201);
    },
    ...overrides,
  });
  const deletes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE").map(([path]) => String(path));
  return { fetchMock, sent, deletes, withdraw: (id: string) => (products = products.map((p) => (p.id === id ? { ...p, active: false } : p))) };
};

const open = async () => {
  renderWithProviders(<AdminPunchCardsScreen />, "/admin/punch-cards");
  return screen.findByRole("table", { name: "Bonos" });
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim()));

describe("Admin: 'Bonos'", () => {
  it("when the club has products, then each row shows name, hours, price, validity, venue or 'Todas', band and state; a withdrawn one cannot be withdrawn again", async () => {
    club([
      product({ id: "p1", name: "Bono noche", hours: 5, price: "45.50", validDays: 30, venueId: "v2", band: "night", active: false }),
      product({ id: "p2", name: "Bono 10 horas", hours: 10, price: "80.00", validDays: 1, venueId: null, band: null }),
      product({ id: "p3", name: "Mañanas Norte", hours: 8, price: "60.00", validDays: 60, venueId: "v1", band: "day" }),
    ]);
    const table = await open();
    await within(table).findByText("Club Sur");
    // on sale first
    expect(rowsOf(table)).toEqual([
      ["Bono 10 horas", "10", "$80.00", "1 día", "Todas", "Cualquiera", "A la venta", "Retirar"],
      ["Mañanas Norte", "8", "$60.00", "60 días", "Club Norte", "Diurna", "A la venta", "Retirar"],
      ["Bono noche", "5", "$45.50", "30 días", "Club Sur", "Nocturna", "Retirado", ""],
    ]);
    expect(within(table).queryByRole("button", { name: "Retirar el bono Bono noche" })).toBeNull();
  });

  it("when there is no product yet, then the page says so", async () => {
    club([]);
    renderWithProviders(<AdminPunchCardsScreen />, "/admin/punch-cards");
    expect(await screen.findByText("Aún no hay bonos")).toBeInTheDocument();
  });

  it("when 'Crear bono' is pressed with the form empty or wrong, then each field says why in Spanish and nothing is sent", async () => {
    const { sent } = club([]);
    renderWithProviders(<AdminPunchCardsScreen />, "/admin/punch-cards");
    await userEvent.click(await screen.findByRole("button", { name: "Nuevo bono" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo bono" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear bono" }));
    expect(within(dialog).getByText("Escribe el nombre del bono")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Horas")).toHaveAccessibleDescription("El campo «Horas» debe ser un número entero de 1 a 100");
    expect(within(dialog).getByLabelText("Días de validez")).toHaveAccessibleDescription("El campo «Días de validez» debe ser un número entero de 1 a 730");
    await userEvent.type(within(dialog).getByLabelText("Horas"), "2.5");
    expect(within(dialog).getByLabelText("Horas")).toHaveAccessibleDescription("El campo «Horas» debe ser un número entero de 1 a 100");
    await userEvent.clear(within(dialog).getByLabelText("Horas"));
    await userEvent.type(within(dialog).getByLabelText("Horas"), "12");
    expect(within(dialog).getByLabelText("Horas")).not.toHaveAccessibleDescription(/El campo/);
    await userEvent.type(within(dialog).getByLabelText("Precio ($)"), "0.5");
    expect(within(dialog).getByLabelText("Precio ($)")).toHaveAccessibleDescription("El campo «Precio» debe ser un monto de $1.00 a $10,000.00, con hasta 2 decimales");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear bono" }));
    expect(sent).toEqual([]);
  });

  it("when the admin fills the form, then the product is sent as typed (venue and band, or null for any) and appears in the list", async () => {
    const { sent } = club([]);
    renderWithProviders(<AdminPunchCardsScreen />, "/admin/punch-cards");
    await userEvent.click(await screen.findByRole("button", { name: "Nuevo bono" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo bono" });
    await userEvent.type(within(dialog).getByLabelText("Nombre"), "  Bono noches Sur ");
    await userEvent.type(within(dialog).getByLabelText("Horas"), "10");
    await userEvent.type(within(dialog).getByLabelText("Precio ($)"), "95.5");
    await userEvent.type(within(dialog).getByLabelText("Días de validez"), "120");
    await within(dialog).findByRole("option", { name: "Club Sur" });
    await userEvent.selectOptions(within(dialog).getByLabelText("Sede"), "Club Sur");
    await userEvent.selectOptions(within(dialog).getByLabelText("Franja"), "Nocturna");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear bono" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ name: "Bono noches Sur", hours: 10, price: "95.5", validDays: 120, venueId: "v2", band: "night" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(currentToast()).toMatchObject({ title: "Bono creado", description: "Bono noches Sur: 10 horas por $95.50, ya a la venta" });
    const table = await screen.findByRole("table", { name: "Bonos" });
    expect(rowsOf(table)).toEqual([["Bono noches Sur", "10", "$95.50", "120 días", "Club Sur", "Nocturna", "A la venta", "Retirar"]]);
  });

  it("when the admin leaves venue and band as they are, then both are sent as null (every venue, any hour)", async () => {
    const { sent } = club([]);
    renderWithProviders(<AdminPunchCardsScreen />, "/admin/punch-cards");
    await userEvent.click(await screen.findByRole("button", { name: "Nuevo bono" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo bono" });
    await userEvent.type(within(dialog).getByLabelText("Nombre"), "Bono 5");
    await userEvent.type(within(dialog).getByLabelText("Horas"), "5");
    await userEvent.type(within(dialog).getByLabelText("Precio ($)"), "40");
    await userEvent.type(within(dialog).getByLabelText("Días de validez"), "30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear bono" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ name: "Bono 5", hours: 5, price: "40", validDays: 30, venueId: null, band: null });
  });

  it("when the server refuses the product, then its Spanish message shows (under the field it names, else above the buttons) and the dialog stays open", async () => {
    let answer = json({ code: "INVALID_INPUT", field: "validDays", message: "El campo 'validDays' debe ser un número entero de 1 a 730" }, 400);
    club([], { "POST /api/admin/punch-card-products": () => answer });
    renderWithProviders(<AdminPunchCardsScreen />, "/admin/punch-cards");
    await userEvent.click(await screen.findByRole("button", { name: "Nuevo bono" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo bono" });
    await userEvent.type(within(dialog).getByLabelText("Nombre"), "Bono 5");
    await userEvent.type(within(dialog).getByLabelText("Horas"), "5");
    await userEvent.type(within(dialog).getByLabelText("Precio ($)"), "40");
    await userEvent.type(within(dialog).getByLabelText("Días de validez"), "30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear bono" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Días de validez")).toHaveAccessibleDescription("El campo «Días de validez» debe ser un número entero de 1 a 730"));
    answer = json({ code: "VENUE_NOT_FOUND", message: "La sede no existe" }, 404);
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear bono" }));
    expect(await within(dialog).findByText("La sede no existe")).toHaveAttribute("role", "alert");
    expect(screen.getByRole("dialog", { name: "Nuevo bono" })).toBeInTheDocument();
  });

  it("when 'Retirar' is pressed, then a confirmation names the product; 'Cancelar' sends nothing, 'Retirar bono' deletes it and the list shows it withdrawn", async () => {
    const state = club([product({ id: "p2", name: "Bono 10 horas" })], {
      "DELETE /api/admin/punch-card-products/p2": () => {
        state.withdraw("p2");
        return new Response(null, { status: 204 });
      },
    });
    const table = await open();
    await userEvent.click(within(table).getByRole("button", { name: "Retirar el bono Bono 10 horas" }));
    let confirm = await screen.findByRole("alertdialog", { name: "¿Retirar este bono?" });
    expect(confirm).toHaveTextContent("Bono 10 horas dejará de estar a la venta.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(state.deletes()).toEqual([]);

    await userEvent.click(within(table).getByRole("button", { name: "Retirar el bono Bono 10 horas" }));
    confirm = await screen.findByRole("alertdialog", { name: "¿Retirar este bono?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Retirar bono" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(state.deletes()).toEqual(["/api/admin/punch-card-products/p2"]);
    expect(currentToast()).toMatchObject({ title: "Bono retirado", description: "Bono 10 horas ya no está a la venta" });
    await within(table).findByText("Retirado");
    expect(within(table).queryByRole("button", { name: /Retirar el bono/ })).toBeNull();
  });

  it("when the server refuses the withdrawal, then its message shows in a toast", async () => {
    club([product({ id: "p2" })], { "DELETE /api/admin/punch-card-products/p2": () => json({ code: "NOT_FOUND", message: "El bono no existe" }, 404) });
    const table = await open();
    await userEvent.click(within(table).getByRole("button", { name: "Retirar el bono Bono 10 horas" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Retirar bono" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error", description: "El bono no existe" }));
  });
});
