import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { keyFor } from "../../../lib/swr";
import { GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminMembershipsScreen from "./memberships";

const VENUES = [
  { id: "v1", name: "Club Norte", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 2 },
  { id: "v2", name: "Club Sur", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 1 },
];
const plan = (fields: Record<string, unknown>) => ({
  id: "m1",
  venueId: "v1",
  name: "Socio anual",
  price: "300.00",
  months: 12,
  discountPercent: 20,
  windowDays: null,
  active: true,
  createdAt: "2030-01-01T12:00:00.000Z",
  ...fields,
});
const ana = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };
const sale = (fields: Record<string, unknown>) => ({
  id: "s1",
  product: "membership",
  productName: "Membresía de socio",
  status: "succeeded",
  amount: "300.00",
  stripeFee: "0.00",
  invoiceNumber: "R-000001",
  userId: "u1",
  userName: "Ana Torres",
  userEmail: "ana@x.test",
  createdAt: "2030-01-10T15:00:00.000Z",
  paidAt: "2030-01-10T15:00:00.000Z",
  ...fields,
});

type Handler = Parameters<typeof mockApi>[0][string];

/** The panel with plans per venue and a sales list, kept by the fake server as the POSTs change them. */
const club = (overrides: Record<string, Handler> = {}) => {
  const plans: Record<string, ReturnType<typeof plan>[]> = { v1: [plan({})], v2: [] };
  let sales = [sale({ id: "s0", product: "punch_card", productName: "Bono de horas", amount: "80.00", invoiceNumber: "R-000000", paidAt: null, status: "pending", userName: null })];
  const sent: { path: string; body: unknown }[] = [];
  const fetchMock = mockApi({
    ...GUEST,
    "GET /api/admin/check": () => json({ isAdmin: true }),
    "GET /api/venues": () => json(VENUES),
    "GET /api/venues/v1/membership-plans": () => json(plans.v1),
    "GET /api/venues/v2/membership-plans": () => json(plans.v2),
    "GET /api/admin/purchases?page=1&pageSize=20": () =>
      new Response(JSON.stringify(sales), { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": String(sales.length) } }),
    "GET /api/admin/users?q=ana": () => json({ items: [ana] }),
    "POST /api/admin/membership-plans": (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push({ path: "/api/admin/membership-plans", body });
      const created = plan({ ...body, id: "m9", price: Number(body.price).toFixed(2) });
      plans[String(body.venueId)]!.push(created);
      return json(created, 201);
    },
    "POST /api/admin/users/u1/memberships": (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push({ path: "/api/admin/users/u1/memberships", body });
      sales = [sale({ id: "s9" }), ...sales];
      return json(
        {
          id: "ms1",
          planId: body.planId,
          venueId: "v1",
          name: "Socio anual",
          discountPercent: 20,
          windowDays: null,
          startsAt: "2030-01-10T15:00:00.000Z",
          endsAt: "2031-01-10T15:00:00.000Z",
          paidBy: "cash",
          purchaseId: "s9",
          active: true,
        },
        201,
      );
    },
    ...overrides,
  });
  return { fetchMock, sent };
};

const open = async () => {
  renderWithProviders(<AdminMembershipsScreen />, "/admin/memberships");
  return screen.findByRole("list", { name: "Planes de socio" });
};

describe("Admin: 'Socios'", () => {
  it("when opened, then the first venue's plans show with price, months, discount and window; choosing another venue shows its own (none yet)", async () => {
    club();
    const list = await open();
    expect(screen.getByRole("heading", { name: "Planes de Club Norte" })).toBeInTheDocument();
    const card = within(list).getByRole("listitem");
    expect(card).toHaveTextContent("Socio anual");
    expect(card).toHaveTextContent("$300.00");
    expect(card).toHaveTextContent("Duración12 meses");
    expect(card).toHaveTextContent("20% en reservas");
    expect(card).toHaveTextContent("VentanaLa de la sede");
    await userEvent.selectOptions(screen.getByLabelText("Sede"), "Club Sur");
    expect(await screen.findByText("Esta sede aún no tiene planes de socio")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Planes de Club Sur" })).toBeInTheDocument();
    expect(screen.getByLabelText("Plan")).toBeDisabled();
  });

  it("when the admin creates a plan with a wrong discount, then the field says why; once right, it is sent for the venue shown and listed", async () => {
    const { sent } = club();
    // the players' screens build the same key first under their own topic: the new plan still shows
    keyFor(["venues"], (id: string) => `/api/venues/${id}/membership-plans`)("v2");
    await open();
    await userEvent.selectOptions(screen.getByLabelText("Sede"), "Club Sur");
    await userEvent.click(await screen.findByRole("button", { name: "Nuevo plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo plan" });
    await userEvent.type(within(dialog).getByLabelText("Nombre"), "Socio verano");
    await userEvent.type(within(dialog).getByLabelText("Precio ($)"), "90");
    await userEvent.type(within(dialog).getByLabelText("Meses"), "3");
    await userEvent.type(within(dialog).getByLabelText("Descuento (%)"), "101");
    expect(within(dialog).getByLabelText("Descuento (%)")).toHaveAccessibleDescription("El campo «Descuento» debe ser un número entero de 0 a 100");
    await userEvent.type(within(dialog).getByLabelText("Días de reserva anticipada (opcional)"), "400");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear plan" }));
    expect(within(dialog).getByLabelText("Días de reserva anticipada (opcional)")).toHaveAccessibleDescription(
      "El campo «Días de reserva anticipada» debe ser un número entero de 1 a 365",
    );
    expect(sent).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText("Descuento (%)"));
    await userEvent.type(within(dialog).getByLabelText("Descuento (%)"), "15");
    await userEvent.clear(within(dialog).getByLabelText("Días de reserva anticipada (opcional)"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear plan" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: "/api/admin/membership-plans",
      body: { venueId: "v2", name: "Socio verano", price: "90", months: 3, discountPercent: 15, windowDays: null },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(currentToast()).toMatchObject({ title: "Plan creado", description: "Socio verano ya está a la venta en Club Sur" });
    const list = await screen.findByRole("list", { name: "Planes de socio" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("Socio verano$90.00Duración3 meses");
  });

  it("when the server refuses the plan, then its Spanish message shows in the dialog", async () => {
    club({ "POST /api/admin/membership-plans": () => json({ code: "NOT_FOUND", message: "La sede no existe" }, 404) });
    await open();
    await userEvent.click(screen.getByRole("button", { name: "Nuevo plan" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo plan" });
    await userEvent.type(within(dialog).getByLabelText("Nombre"), "Socio");
    await userEvent.type(within(dialog).getByLabelText("Precio ($)"), "90");
    await userEvent.type(within(dialog).getByLabelText("Meses"), "3");
    await userEvent.type(within(dialog).getByLabelText("Descuento (%)"), "10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Crear plan" }));
    expect(await within(dialog).findByText("La sede no existe")).toHaveAttribute("role", "alert");
  });

  it("when the desk records a membership, then a player and a plan are required, the plan is sent for the player found, and the sale appears", async () => {
    const { sent } = club();
    await open();
    const desk = screen.getByRole("region", { name: "Registrar en el mostrador" });
    await userEvent.click(within(desk).getByRole("button", { name: "Registrar membresía (efectivo)" }));
    expect(within(desk).getByRole("alert")).toHaveTextContent("Elige al jugador que pagó la membresía.");
    await userEvent.type(within(desk).getByLabelText("Buscar jugador"), "ana");
    await userEvent.click(await within(desk).findByRole("button", { name: /Ana Torres/ }));
    await userEvent.click(within(desk).getByRole("button", { name: "Registrar membresía (efectivo)" }));
    expect(within(desk).getByRole("alert")).toHaveTextContent("Elige el plan que pagó.");
    await userEvent.selectOptions(within(desk).getByLabelText("Plan"), "Socio anual · $300.00 · 12 meses · 20%");
    await userEvent.click(within(desk).getByRole("button", { name: "Registrar membresía (efectivo)" }));
    await waitFor(() => expect(sent).toEqual([{ path: "/api/admin/users/u1/memberships", body: { planId: "m1" } }]));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Membresía registrada" }));
    expect(currentToast()?.description).toBe("Ana Torres es socio con Socio anual hasta el 10/01/2031. Pago en efectivo: $300.00");
    // ready for the next player: an empty search, no plan chosen
    expect(within(desk).getByLabelText("Buscar jugador")).toHaveValue("");
    expect(within(desk).queryByRole("list", { name: "Jugadores encontrados" })).toBeNull();
    expect(within(desk).getByLabelText("Plan")).toHaveValue("");
    const sales = screen.getByRole("table", { name: "Ventas recientes" });
    await waitFor(() => expect(within(sales).getAllByRole("row")).toHaveLength(3));
    expect(within(sales).getAllByRole("row")[1]).toHaveTextContent("Membresía de socio");
  });

  it("when the server refuses the desk membership, then its message shows", async () => {
    club({ "POST /api/admin/users/u1/memberships": () => json({ code: "NOT_FOUND", message: "El plan ya no está a la venta" }, 404) });
    await open();
    const desk = screen.getByRole("region", { name: "Registrar en el mostrador" });
    await userEvent.type(within(desk).getByLabelText("Buscar jugador"), "ana");
    await userEvent.click(await within(desk).findByRole("button", { name: /Ana Torres/ }));
    await userEvent.selectOptions(within(desk).getByLabelText("Plan"), "m1");
    await userEvent.click(within(desk).getByRole("button", { name: "Registrar membresía (efectivo)" }));
    expect(await within(desk).findByRole("alert")).toHaveTextContent("El plan ya no está a la venta");
  });

  it("when sales are listed, then each shows date, product, buyer (or email), amount, state and receipt", async () => {
    club();
    await open();
    const sales = await screen.findByRole("table", { name: "Ventas recientes" });
    const cells = [...within(sales).getAllByRole("row")[1]!.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim());
    // 15:00 UTC is 10:00 at the club (America/Guayaquil)
    expect(cells).toEqual(["10/01/2030 10:00", "Bono de horas", "ana@x.test", "$80.00", "Pendiente", "R-000000"]);
  });
});
