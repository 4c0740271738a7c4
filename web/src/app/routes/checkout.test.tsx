import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../components/ui/toast";
import { aBookingAnswer } from "../../testing/answers";
import { GUEST, json, mockApi } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import CheckoutScreen from "./checkout";

// night doubles, nothing paid yet
const booking = aBookingAnswer("b1", "2099-06-10", { timeSlot: "19:00", gameType: "doubles", tariffType: "night", totalAmount: "33.00", paidAmount: "0.00", paymentStatus: "pending" });

const api = {
  ...GUEST,
  "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
  "GET /api/bookings/b1": () => json(booking),
  "POST /api/create-payment-intent": () => json({ clientSecret: "pi_1_secret", paymentIntentId: "pi_1" }),
};

const renderCheckout = () => renderRoute("/checkout/:bookingId", <CheckoutScreen />, "/checkout/b1");

const fillCard = async (number: string) => {
  await userEvent.type(screen.getByLabelText("Número de tarjeta"), number);
  await userEvent.type(screen.getByLabelText("Vencimiento (MM/AA)"), "1230");
  await userEvent.type(screen.getByLabelText("CVC"), "123");
};

const bodyOf = (calls: unknown[][], path: string) => {
  const call = calls.find(([p]) => p === path);
  return call ? (JSON.parse(String((call[1] as RequestInit).body)) as unknown) : undefined;
};

describe("Checkout screen", () => {
  it("when shown for doubles, then your share is 1/4 and the confirm button carries the amount", async () => {
    mockApi(api);
    renderCheckout();
    expect(await screen.findByText("Dobles (4 personas)")).toBeInTheDocument();
    expect(screen.getByTestId("amount-partial")).toHaveTextContent("$8.25");
    expect(screen.getByRole("button", { name: "Confirmar y Pagar $8.25" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Compartir Link de Pago/ })).toBeInTheDocument();
    // nothing paid yet: the others' link waits for the organiser's share
    expect(screen.getByText(/Comparte el link para que los demás jugadores paguen su parte\. Podrán hacerlo cuando pagues la tuya\./)).toBeInTheDocument();
    expect(screen.getByText(/4242 4242 4242 4242/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("radio", { name: /Pago completo/ }));
    expect(screen.getByRole("button", { name: "Confirmar y Pagar $33.00" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Compartir Link de Pago/ })).not.toBeInTheDocument();
  });

  it("when the organiser of a singles game pays their share, then the confirmation speaks of the other player, not of 'los demás'", async () => {
    const singles = { ...booking, gameType: "singles", tariffType: "night", totalAmount: "16.50", shareDeadlineAt: "2099-06-10T22:00:00.000Z" };
    let recorded = false;
    mockApi({
      ...api,
      "GET /api/bookings/b1": () => json(recorded ? { ...singles, paidAmount: "8.25", paymentStatus: "partial" } : singles),
      "POST /api/simulated-card/confirm": () => json({ paymentIntentId: "pi_1", status: "succeeded" }),
      "POST /api/payments": () => {
        recorded = true;
        return json({ id: "p1", status: "succeeded", amount: "8.25", discount: "0.00", totalPaid: "8.25", discountCode: null, createdAt: "2099-06-01T12:00:00Z" }, 201);
      },
      // made more than 48 h before the split deadline: the link ends first
      "POST /api/shared-payment-links": () =>
        json({ shareUrl: "/shared-payment/tok123", shareToken: "tok123", expiresAt: "2099-06-08T15:30:00Z", amountPerPerson: "8.25", maxParticipants: 2 }, 201),
    });
    renderCheckout();
    const confirm = await screen.findByRole("button", { name: "Confirmar y Pagar $8.25" });
    await fillCard("4242424242424242");
    await userEvent.click(confirm);
    expect(await screen.findByText("Tu lugar está asegurado. Comparte el link para que el otro jugador pague su parte.")).toBeInTheDocument();
    // the club's time (Guayaquil, UTC-5): the link's end, then until when a new one can be sent
    expect(await screen.findByTestId("link-lifetime")).toHaveTextContent(
      "Este link vence el 8 de junio a las 10:30. Después puedes enviar uno nuevo desde Mis Reservas, hasta el 10 de junio a las 17:00.",
    );
  });

  it("when the organiser paid their part and the split deadline passed, then only the rest is offered and no share link", async () => {
    mockApi({
      ...api,
      "GET /api/bookings/b1": () => json({ ...booking, paidAmount: "8.25", paymentStatus: "partial", shareDeadlineAt: "2020-01-01T13:00:00.000Z" }),
    });
    renderCheckout();
    expect(await screen.findByRole("button", { name: "Confirmar y Pagar $24.75" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Compartir Link de Pago/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Comparte el link/)).not.toBeInTheDocument();
  });

  it("when the booking is another player's (403), then it reads 'Reserva no encontrada.', not 'Intenta de nuevo más tarde'", async () => {
    mockApi({ ...api, "GET /api/bookings/b1": () => json({ message: "Esta reserva pertenece a otro usuario", code: "FORBIDDEN" }, 403) });
    renderCheckout();
    expect(await screen.findByText("Reserva no encontrada.")).toBeInTheDocument();
    expect(screen.queryByText(/Intenta de nuevo más tarde/)).not.toBeInTheDocument();
  });

  it("when a fixed code leaves less than a card can take, then checkout says so and does not offer to pay; the full payment can", async () => {
    const fetchMock = mockApi({ ...api, "POST /api/discount-codes/validate": () => json({ code: "MENOS8", type: "fixed", value: 8 }) });
    renderCheckout();
    await userEvent.type(await screen.findByLabelText("Código de descuento"), "menos8");
    await userEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    // the share is $8.25: $0.25 is left to pay
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Con este código quedan $0.25 por pagar, y una tarjeta acepta desde $0.50. Quita el código o elige Pago completo.",
    );
    expect(screen.getByRole("button", { name: "Confirmar y Pagar $0.25" })).toBeDisabled();
    await userEvent.click(screen.getByRole("radio", { name: /Pago completo/ }));
    expect(await screen.findByRole("button", { name: "Confirmar y Pagar $25.00" })).toBeEnabled();
    expect(screen.queryByText(/una tarjeta acepta desde/)).toBeNull();
    expect(fetchMock.mock.calls.some(([p]) => p === "/api/create-payment-intent")).toBe(false);
  });

  it("when a fixed code covers the whole rest, then checkout says only the code can go (the full payment is already chosen)", async () => {
    const fetchMock = mockApi({ ...api, "POST /api/discount-codes/validate": () => json({ code: "CARO", type: "fixed", value: 100 }) });
    renderCheckout();
    await userEvent.click(await screen.findByRole("radio", { name: /Pago completo/ }));
    await userEvent.type(screen.getByLabelText("Código de descuento"), "caro");
    await userEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Con este código quedan $0.00 por pagar, y una tarjeta acepta desde $0.50. Quita el código para pagar esta reserva con tarjeta.",
    );
    expect(screen.getByRole("alert").textContent).not.toMatch(/pagar más|Pago completo/);
    expect(screen.getByRole("button", { name: "Confirmar y Pagar $0.00" })).toBeDisabled();
    expect(fetchMock.mock.calls.some(([p]) => p === "/api/create-payment-intent")).toBe(false);
  });

  it("when a discount applies and the card succeeds, then the intent carries the code, the payment is recorded and a confirmation shows what was paid, what is pending and the share link", async () => {
    let recorded = false;
    const fetchMock = mockApi({
      ...api,
      "GET /api/bookings/b1": () => json(recorded ? { ...booking, paidAmount: "8.25", paymentStatus: "partial" } : booking),
      "POST /api/discount-codes/validate": () => json({ code: "MENOS2", type: "fixed", value: 2 }),
      "POST /api/simulated-card/confirm": () => json({ paymentIntentId: "pi_1", status: "succeeded" }),
      "POST /api/payments": () => {
        recorded = true;
        return json({ id: "p1", status: "succeeded", amount: "8.25", discount: "2.00", totalPaid: "6.25", discountCode: "MENOS2", createdAt: "2099-06-01T12:00:00Z" }, 201);
      },
      "POST /api/shared-payment-links": () =>
        json({ shareUrl: "/shared-payment/tok123", shareToken: "tok123", expiresAt: "2099-06-10T22:00:00Z", amountPerPerson: "8.25", maxParticipants: 4 }, 201),
    });
    renderCheckout();
    await userEvent.type(await screen.findByLabelText("Código de descuento"), "menos2");
    await userEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    const confirm = await screen.findByRole("button", { name: "Confirmar y Pagar $6.25" });
    await fillCard("4242424242424242");
    await userEvent.click(confirm);

    expect(await screen.findByRole("heading", { level: 1, name: "¡Pago confirmado!" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/checkout/b1");
    expect(currentToast()).toMatchObject({ title: "Pago exitoso", description: "Tu reserva ha sido confirmada" });
    expect(screen.getByTestId("paid-now")).toHaveTextContent("$6.25");
    await waitFor(() => expect(screen.getByTestId("pending")).toHaveTextContent("$24.75"));
    // $6.25 paid and $2.00 of discount cover $8.25: not said to be paid
    expect(screen.getByTestId("covered")).toHaveTextContent("$8.25");
    expect(screen.getByText("Cubierto hasta ahora (pagos y descuentos)")).toBeInTheDocument();
    expect(screen.queryByText("Pagado hasta ahora")).toBeNull();
    const whatsapp = await screen.findByRole("link", { name: /Enviar por WhatsApp/ });
    const shareUrl = `${window.location.origin}/shared-payment/tok123`;
    expect(whatsapp.getAttribute("href")).toBe(`https://wa.me/?text=${encodeURIComponent(`Únete a la reserva y paga tu parte: ${shareUrl}`)}`);
    expect(screen.getByLabelText("Link de pago")).toHaveValue(shareUrl);
    expect(screen.getByRole("button", { name: /Copiar/ })).toBeInTheDocument();
    // a booking with no split deadline: the link's own end only
    expect(screen.getByTestId("link-lifetime").textContent).toBe("Este link vence el 10 de junio a las 17:00.");
    expect(screen.getByRole("link", { name: "Ir a Mis Reservas" })).toHaveAttribute("href", "/my-bookings");
    expect(bodyOf(fetchMock.mock.calls, "/api/shared-payment-links")).toEqual({ bookingId: "b1", maxParticipants: 4 });
    expect(bodyOf(fetchMock.mock.calls, "/api/create-payment-intent")).toEqual({ bookingId: "b1", paymentType: "partial", discountCode: "MENOS2" });
    expect(bodyOf(fetchMock.mock.calls, "/api/simulated-card/confirm")).toEqual({
      clientSecret: "pi_1_secret",
      cardNumber: "4242424242424242",
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
    expect(bodyOf(fetchMock.mock.calls, "/api/payments")).toEqual({ bookingId: "b1", userId: "u1", stripePaymentIntentId: "pi_1" });
    // typing a card number key by key takes seconds on a busy machine
  }, 30_000);

  it("when the card is declined, then 'Error en el pago' shows the provider's message and nothing is recorded", async () => {
    const fetchMock = mockApi({
      ...api,
      "POST /api/simulated-card/confirm": () => json({ message: "Tarjeta rechazada", code: "CARD_DECLINED" }, 402),
    });
    renderCheckout();
    await screen.findByRole("button", { name: "Confirmar y Pagar $8.25" });
    await fillCard("4000000000000002");
    await userEvent.click(screen.getByRole("button", { name: "Confirmar y Pagar $8.25" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error en el pago", description: "Tarjeta rechazada" }));
    expect(fetchMock.mock.calls.some(([p]) => p === "/api/payments")).toBe(false);
    expect(screen.getByTestId("location")).toHaveTextContent("/checkout/b1");
  });
});
