import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import SharedPaymentScreen from "./shared-payment";

const details = (link: Record<string, unknown>) => ({
  link: { shareToken: "tok", amountPerPerson: "8.25", maxParticipants: 4, currentParticipants: 1, placesLeft: 3, expiresAt: "2099-01-01T00:00:00.000Z", ...link },
  booking: { id: "b1", courtId: "c1", bookingDate: "2099-01-02T00:00:00", date: "2099-01-02", timeSlot: "19:00", gameType: "doubles", tariffType: "night", totalAmount: "33.00", paidAmount: "8.25", paymentStatus: "partial", status: "active" },
  court: { id: "c1", venueId: "v1", name: "Cancha Central", courtNumber: 3, status: "available", imageUrl: null, imageData: null, daySinglesPrice: "14.50", dayDoublesPrice: "29.00", nightSinglesPrice: "16.50", nightDoublesPrice: "33.00", venueName: "Club Norte" },
});

const renderShared = () =>
  renderWithProviders(
    <Routes>
      <Route path="/shared-payment/:shareToken" element={<SharedPaymentScreen />} />
    </Routes>,
    "/shared-payment/tok",
  );

/** The link's 410 with the server's reason. */
const renderGone = (message: string) => {
  mockApi({ ...GUEST, "GET /api/shared-payment-links/tok": () => json({ message, code: "SHARE_LINK_EXPIRED" }, 410) });
  renderShared();
};

describe("Shared payment screen", () => {
  it("when the link is open, then it shows the share, 'X de N' paid and places left", async () => {
    mockApi({ ...GUEST, "GET /api/shared-payment-links/tok": () => json(details({})) });
    renderShared();
    expect(await screen.findByText(/1 de 4/)).toBeInTheDocument();
    expect(screen.getByText("Quedan 3 lugares disponibles")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pagar $8.25" })).toBeInTheDocument();
    expect(screen.getByText(/Puedes pagar tu parte hasta el/)).toBeInTheDocument();
  });

  it("when the organiser has not paid yet (their hold runs), then the link says it waits for them and offers no payment", async () => {
    const waiting = details({ currentParticipants: 0, placesLeft: 4 });
    mockApi({
      ...GUEST,
      "GET /api/shared-payment-links/tok": () =>
        json({ ...waiting, booking: { ...waiting.booking, paidAmount: "0.00", paymentStatus: "pending", holdExpiresAt: "2099-01-01T00:15:00.000Z" } }),
    });
    renderShared();
    expect(await screen.findByText("Esperando al organizador")).toBeInTheDocument();
    expect(screen.getByText(/El organizador todavía no pagó su parte: podrás pagar la tuya cuando lo haga\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pagar/ })).toBeNull();
  });

  it("when a signed-in player who already paid opens the link again, then it says so with what and when, and offers no second payment", async () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: { id: "u2", username: "bruno", email: "bruno@x.test" } }),
      "GET /api/shared-payment-links/tok": () =>
        json({ ...details({ currentParticipants: 2, placesLeft: 2 }), yourPayment: { paymentId: "p2", charged: "8.25", paidAt: "2099-01-01T15:30:00.000Z" } }),
    });
    renderShared();
    const yours = await screen.findByTestId("your-payment");
    expect(yours).toHaveTextContent("$8.25");
    expect(yours).toHaveTextContent("Ya pagaste tu parte el 1 de enero a las 10:30.");
    expect(screen.getByText("Ya pagaste tu parte de esta reserva.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Pagar/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Ir a mi panel" })).toHaveAttribute("href", "/user-dashboard");
  });

  it("when a guest has not written their name, then the pay button waits and the field says why; with a name it is enabled", async () => {
    mockApi({ ...GUEST, "GET /api/shared-payment-links/tok": () => json(details({})) });
    renderShared();
    const pay = await screen.findByRole("button", { name: "Pagar $8.25" });
    expect(pay).toBeDisabled();
    expect(screen.getByText("Escríbelo para poder pagar: el organizador verá quién pagó.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Tu nombre/), "Lucía");
    expect(pay).toBeEnabled();
    expect(screen.getByText("El organizador verá quién pagó.")).toBeInTheDocument();
  });

  it("when the link ends before the split deadline, then it says both: when the link ends and until when a new one can be used", async () => {
    const data = details({ expiresAt: "2099-01-01T12:00:00.000Z" });
    mockApi({ ...GUEST, "GET /api/shared-payment-links/tok": () => json({ ...data, booking: { ...data.booking, shareDeadlineAt: "2099-01-02T22:00:00.000Z" } }) });
    renderShared();
    const notice = await screen.findByText(/Este link vence el/);
    expect(notice.textContent).toMatch(/Este link vence el 1 de enero a las \d\d:00\. Se puede pagar por partes hasta el 2 de enero a las \d\d:00/);
    expect(notice.textContent).toContain("pide uno nuevo al organizador");
    expect(screen.queryByText(/Puedes pagar tu parte hasta el/)).not.toBeInTheDocument();
  });

  it("when the server says 410, then 'Link Expirado' asks to contact the organiser", async () => {
    renderGone("Link Expirado: contacta al organizador de la reserva");
    expect(await screen.findByText("Link Expirado")).toBeInTheDocument();
    expect(screen.getByText(/contacta al organizador/)).toBeInTheDocument();
  });

  it("when the booking was cancelled, then the heading says so (not 'Link Expirado'), a payer hears of their refund, and no new link is asked for", async () => {
    renderGone("La reserva fue cancelada: este link ya no acepta pagos");
    expect(await screen.findByText("Reserva cancelada")).toBeInTheDocument();
    expect(screen.queryByText("Link Expirado")).toBeNull();
    expect(
      screen.getByText(
        "La reserva fue cancelada: este link ya no acepta pagos. Si pagaste tu parte, el reembolso que corresponda vuelve a la tarjeta con la que pagaste.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/uno nuevo/)).toBeNull();
  });

  it.each([
    ["La reserva expiró sin pagarse: este link ya no acepta pagos", "Reserva expirada"],
    ["Terminó el plazo para pagar por partes: el resto lo paga el organizador", "Plazo terminado"],
  ])("when the server says '%s', then the heading is '%s'", async (message, title) => {
    renderGone(message);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(`${message}.`)).toBeInTheDocument();
  });

  it("when expiresAt has passed, then 'Link Expirado'", async () => {
    mockApi({ ...GUEST, "GET /api/shared-payment-links/tok": () => json(details({ expiresAt: "2000-01-01T00:00:00.000Z" })) });
    renderShared();
    expect(await screen.findByText("Link Expirado")).toBeInTheDocument();
  });

  it("when every place is paid, then 'Reserva Completa'", async () => {
    mockApi({ ...GUEST, "GET /api/shared-payment-links/tok": () => json(details({ currentParticipants: 4, placesLeft: 0 })) });
    renderShared();
    expect(await screen.findByText("Reserva Completa")).toBeInTheDocument();
  });
});
