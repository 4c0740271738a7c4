import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aBookingAnswer } from "../../testing/answers";
import { GUEST, json, mockApi } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import CheckoutScreen from "./checkout";

// day singles at Club Norte (venue v1), nothing paid yet: the share is $7.25, the whole $14.50
const booking = aBookingAnswer("b1", "2099-06-10", { timeSlot: "09:00", gameType: "singles", tariffType: "day", totalAmount: "14.50", paidAmount: "0.00", paymentStatus: "pending" });

const card = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  productId: "prod-10",
  name: "Bono 10 horas",
  hours: 10,
  hoursLeft: 7,
  venueId: null,
  band: null,
  expiresAt: "2099-12-01T17:00:00.000Z",
  usable: true,
  createdAt: "2098-12-01T17:00:00.000Z",
  ...fields,
});

const api = {
  ...GUEST,
  "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
  "GET /api/bookings/b1": () => json(booking),
  "GET /api/user/wallet?page=1&pageSize=10": () => json({ balance: "0.00", entries: [] }),
};

const renderCheckout = () => renderRoute("/checkout/:bookingId", <CheckoutScreen />, "/checkout/b1");

const methods = async () => within(await screen.findByRole("radiogroup", { name: "Forma de pago" })).getAllByRole("radio");

describe("Checkout: paying with a punch card ('Bono')", () => {
  it("when the player holds no card that can pay this booking (expired, spent, another venue, the night band), then only 'Tarjeta' and 'Monedero' are offered", async () => {
    const fetchMock = mockApi({
      ...api,
      "GET /api/user/punch-cards": () =>
        json([
          card("expired", { expiresAt: "2020-01-01T00:00:00.000Z", usable: false }),
          card("spent", { hoursLeft: 0, usable: false }),
          card("elsewhere", { venueId: "v2" }),
          card("night", { band: "night" }),
        ]),
    });
    renderCheckout();
    await screen.findByRole("button", { name: /Confirmar y Pagar/ });
    // the cards were read (and their answer handled): the choice stays two
    await waitFor(() => expect(fetchMock.mock.calls.some(([p]) => p === "/api/user/punch-cards")).toBe(true));
    await act(async () => {
      await Promise.resolve();
    });
    expect((await methods()).map((radio) => radio.getAttribute("value"))).toEqual(["card", "wallet"]);
    expect(screen.queryByRole("radio", { name: /Bono/ })).toBeNull();
    // the card's own parts stay: the share to choose and the code
    expect(screen.getByRole("radio", { name: /Pago parcial/ })).toBeInTheDocument();
    expect(screen.getByLabelText("Código de descuento")).toBeInTheDocument();
  });

  it("when a card can pay it, then 'Bono' pays the whole booking for one hour with no fee, sends that card and shows the confirmation", async () => {
    let paid = false;
    const fetchMock = mockApi({
      ...api,
      "GET /api/user/punch-cards": () => json([card("k1", { venueId: "v1", band: "day", hoursLeft: paid ? 6 : 7 }), card("old", { expiresAt: "2020-01-01T00:00:00.000Z", usable: false })]),
      "GET /api/bookings/b1": () => json(paid ? { ...booking, paidAmount: "14.50", paymentStatus: "completed" } : booking),
      "POST /api/bookings/b1/punch-card-payments": () => {
        paid = true;
        return json({ id: "p1", kind: "punch_card", status: "succeeded", amount: "14.50", discount: "14.50", totalPaid: "0.00", stripeFee: "0.00", discountCode: null, createdAt: "2099-06-01T12:00:00Z" }, 201);
      },
    });
    renderCheckout();
    const bono = await screen.findByRole("radio", { name: /Bono/ });
    expect(screen.getByText("7 horas en tu bono")).toBeInTheDocument();
    await userEvent.click(bono);
    expect(screen.getByRole("heading", { name: "Pago con bono" })).toBeInTheDocument();
    expect(screen.getByText("Completo")).toBeInTheDocument();
    expect(screen.getByText("Lo que falta por pagar").nextSibling).toHaveTextContent("$14.50");
    expect(screen.getByTestId("charge-total")).toHaveTextContent("$0.00");
    expect(screen.getByText("Una hora del bono paga la reserva completa, sin comisión. Te quedarán 6 horas en este bono.")).toBeInTheDocument();
    // no card form, no share to choose, no code and no share link while the bono is chosen
    expect(screen.queryByRole("button", { name: /Confirmar y Pagar/ })).toBeNull();
    expect(screen.getByText("Con un bono pagas la reserva completa: una hora cubre los $14.50 que faltan.")).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: /Pago parcial/ })).toBeNull();
    expect(screen.queryByLabelText("Código de descuento")).toBeNull();
    expect(screen.queryByRole("button", { name: /Compartir Link de Pago/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Pagar con el bono" }));
    expect(await screen.findByRole("heading", { name: "¡Pago confirmado!" })).toBeInTheDocument();
    expect(screen.getByText("Tu reserva está pagada por completo.")).toBeInTheDocument();
    expect(screen.getByText("Con tu bono (1 hora)").nextSibling).toHaveTextContent("$14.50");
    expect(screen.getByTestId("paid-now")).toHaveTextContent("$0.00");
    expect(screen.getByTestId("pending")).toHaveTextContent("$0.00");
    const call = fetchMock.mock.calls.find(([p]) => p === "/api/bookings/b1/punch-card-payments");
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ punchCardId: "k1" });
    expect(fetchMock.mock.calls.some(([p]) => p === "/api/create-payment-intent" || String(p).includes("wallet-payments"))).toBe(false);
  });

  it("when the player holds two cards, then they choose which pays and that one is sent", async () => {
    const fetchMock = mockApi({
      ...api,
      "GET /api/user/punch-cards": () => json([card("k1"), card("k2", { name: "Bono mañanas", hours: 5, hoursLeft: 1, band: "day" })]),
      "POST /api/bookings/b1/punch-card-payments": () =>
        json({ id: "p1", kind: "punch_card", status: "succeeded", amount: "14.50", discount: "14.50", totalPaid: "0.00", stripeFee: "0.00", discountCode: null, createdAt: "2099-06-01T12:00:00Z" }, 201),
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole("radio", { name: /^Bono/ }));
    expect(screen.getByText("8 horas en tus bonos")).toBeInTheDocument();
    const which = screen.getByRole("radiogroup", { name: "Bono a usar" });
    await userEvent.click(within(which).getByRole("radio", { name: /Bono mañanas/ }));
    expect(screen.getByText("Una hora del bono paga la reserva completa, sin comisión. Te quedarán 0 horas en este bono.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pagar con el bono" }));
    await screen.findByRole("heading", { name: "¡Pago confirmado!" });
    const call = fetchMock.mock.calls.find(([p]) => p === "/api/bookings/b1/punch-card-payments");
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ punchCardId: "k2" });
  });

  it("when the server refuses the card, then its Spanish message shows beside the button and the booking is not said to be paid", async () => {
    mockApi({
      ...api,
      "GET /api/user/punch-cards": () => json([card("k1")]),
      "POST /api/bookings/b1/punch-card-payments": () => json({ message: "Este bono no vale para las canchas de esta sede", code: "PUNCH_CARD_UNUSABLE" }, 409),
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole("radio", { name: /Bono/ }));
    const pay = screen.getByRole("button", { name: "Pagar con el bono" });
    await userEvent.click(pay);
    const alert = await screen.findByText("Este bono no vale para las canchas de esta sede", { selector: "#bono-motivo" });
    expect(alert).toHaveAttribute("role", "alert");
    expect(pay).toHaveAccessibleDescription("Este bono no vale para las canchas de esta sede");
    expect(screen.queryByRole("heading", { name: "¡Pago confirmado!" })).toBeNull();
  });
});
