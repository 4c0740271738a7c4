import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../testing/render-app";
import PaymentSuccessScreen from "./payment-success";

const renderAt = (search: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/payment-success" element={<PaymentSuccessScreen />} />
    </Routes>,
    `/payment-success${search}`,
  );

describe("Payment return screen", () => {
  it.each([
    ["?redirect_status=succeeded", "¡Pago recibido!", "Tu pago ha sido procesado correctamente."],
    ["?redirect_status=processing", "¡Pago recibido!", "Tu pago se está procesando."],
    ["?redirect_status=failed", "El pago no se pudo completar", "Tu banco no autorizó el pago."],
    // Stripe's outcome of a card the bank refused after 3-D Secure
    ["?redirect_status=requires_payment_method", "El pago no se pudo completar", "Tu banco no autorizó el pago."],
    // opened by hand: nothing says a payment happened
    ["", "Estado del pago", "Aquí no hay un pago que mostrar."],
    ["?redirect_status=algo", "Estado del pago", "Aquí no hay un pago que mostrar."],
  ])("with %s it says '%s'", (search, title, text) => {
    renderAt(search);
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text.replace(/[.?]/g, "\\$&")))).toBeInTheDocument();
    if (title !== "¡Pago recibido!") expect(screen.queryByText(/procesado correctamente/)).toBeNull();
  });
});
