import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aBookingAnswer } from "../../testing/answers";
import { GUEST, json, mockApi } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import CheckoutScreen from "./checkout";

// day singles, nothing paid yet: the share is $7.25, the whole $14.50
const booking = aBookingAnswer("b1", "2099-06-10", { timeSlot: "09:00", gameType: "singles", tariffType: "day", totalAmount: "14.50", paidAmount: "0.00", paymentStatus: "pending" });

const WALLET = "GET /api/user/wallet?page=1&pageSize=10";
const withBalance = (balance: string) => () => json({ balance, entries: [] });

const api = {
  ...GUEST,
  "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
  "GET /api/bookings/b1": () => json(booking),
};

const renderCheckout = () => renderRoute("/checkout/:bookingId", <CheckoutScreen />, "/checkout/b1");

describe("Checkout: paying from the wallet", () => {
  it("when the wallet holds less than the payment, then 'Monedero' shows the balance and its button is off with the reason", async () => {
    const fetchMock = mockApi({ ...api, [WALLET]: withBalance("5.00") });
    renderCheckout();
    const wallet = await screen.findByRole("radio", { name: /Monedero/ });
    expect(await screen.findByText("Saldo: $5.00")).toBeInTheDocument();
    await userEvent.click(wallet);
    const pay = await screen.findByRole("button", { name: "Pagar $7.25 con el monedero" });
    expect(pay).toBeDisabled();
    expect(screen.getByText(/Saldo insuficiente: tienes \$5\.00 y este pago es de \$7\.25\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Recargar monedero" })).toHaveAttribute("href", "/settings?tab=wallet");
    // the card form is not offered while the wallet is chosen
    expect(screen.queryByRole("button", { name: /Confirmar y Pagar/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([p]) => String(p).includes("wallet-payments"))).toBe(false);
  });

  it("when the wallet covers the full payment, then one tap pays it (no card, no fee) and the confirmation shows", async () => {
    let paid = false;
    const fetchMock = mockApi({
      ...api,
      [WALLET]: withBalance(paid ? "15.50" : "30.00"),
      "GET /api/bookings/b1": () => json(paid ? { ...booking, paidAmount: "14.50", paymentStatus: "completed" } : booking),
      "POST /api/bookings/b1/wallet-payments": () => {
        paid = true;
        return json({ id: "p1", kind: "wallet", status: "succeeded", amount: "14.50", discount: "0.00", totalPaid: "14.50", stripeFee: "0.00", discountCode: null, createdAt: "2099-06-01T12:00:00Z" }, 201);
      },
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole("radio", { name: /Pago completo/ }));
    await userEvent.click(screen.getByRole("radio", { name: /Monedero/ }));
    expect(await screen.findByText("Sin comisión. Te quedarán $15.50.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pagar $14.50 con el monedero" }));
    expect(await screen.findByRole("heading", { name: "¡Pago confirmado!" })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([p]) => p === "/api/bookings/b1/wallet-payments");
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ paymentType: "full" });
    expect(fetchMock.mock.calls.some(([p]) => p === "/api/create-payment-intent")).toBe(false);
  });
});
