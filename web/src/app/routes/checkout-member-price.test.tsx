import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBookingAnswer } from "../../testing/answers";
import { courtAnswer, GUEST, json, mockApi } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import CheckoutScreen from "./checkout";

// night doubles at Cancha Central: $33.00 for everyone, $26.40 for a member of a 20 % plan
const memberPrices = {
  member: true,
  discountPercent: 20,
  endsAt: "2099-12-31T05:00:00.000Z",
  windowDays: null,
  courts: [{ courtId: "c1", daySinglesPrice: "11.60", dayDoublesPrice: "23.20", nightSinglesPrice: "13.20", nightDoublesPrice: "26.40" }],
};
const notMember = { member: false, discountPercent: null, endsAt: null, windowDays: null, courts: [] };

const bookingOf = (totalAmount: string) =>
  aBookingAnswer("b1", "2099-06-10", { timeSlot: "19:00", gameType: "doubles", tariffType: "night", totalAmount, paidAmount: "0.00", paymentStatus: "pending" });

const apiOf = (totalAmount: string, member: unknown) => ({
  ...GUEST,
  "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
  "GET /api/bookings/b1": () => json(bookingOf(totalAmount)),
  "GET /api/courts/c1": () => json(courtAnswer()),
  "GET /api/venues/v1/member-prices": () => json(member),
});

const renderCheckout = () => renderRoute("/checkout/:bookingId", <CheckoutScreen />, "/checkout/b1");

describe("Checkout at the member price", () => {
  it("when a member's booking was priced at 'Precio socio', then the total says so with the court's price struck through, as on the booking screen", async () => {
    mockApi(apiOf("26.40", memberPrices));
    renderCheckout();
    expect(await screen.findByText("Precio socio")).toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$26.40");
    // the court's own price, struck through (and read out as 'Precio normal')
    expect(screen.getByText("$33.00").tagName).toBe("S");
    expect(screen.getByText("$33.00")).toHaveTextContent("Precio normal $33.00");
    expect(screen.getByTestId("member-note")).toHaveTextContent("Precio socio: 20 % de descuento ya aplicado.");
    expect(screen.queryByText("Total de la reserva")).toBeNull();
    // what is paid is the member's price: the share is a quarter of it
    expect(screen.getByTestId("amount-partial")).toHaveTextContent("$6.60");
  });

  it("when the player is not a member, then the total is the court's price, with nothing struck through", async () => {
    mockApi(apiOf("33.00", notMember));
    renderCheckout();
    expect(await screen.findByText("Total de la reserva")).toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$33.00");
    expect(screen.queryByText("Precio socio")).toBeNull();
    expect(screen.queryByTestId("member-note")).toBeNull();
    expect(document.querySelector("s")).toBeNull();
  });

  it("when a member's booking was made before the membership (charged the court's price), then it is not called 'Precio socio'", async () => {
    mockApi(apiOf("33.00", memberPrices));
    renderCheckout();
    expect(await screen.findByText("Total de la reserva")).toBeInTheDocument();
    expect(screen.getByTestId("checkout-total")).toHaveTextContent("$33.00");
    expect(screen.queryByText("Precio socio")).toBeNull();
  });
});
