import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aBookingAnswer, aPaymentAnswer } from "../../testing/answers";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import { BottomBar } from "../layout/bottom-bar";
import CheckoutScreen from "./checkout";
import MyBookingsScreen from "./my-bookings";
import SettingsScreen from "./settings";
import UserDashboardScreen from "./user-dashboard";

/**
 * What a player read that was not true, found walking the product at 390 and 1280 px: a refund
 * shown at a hundred times its amount, payments of the same minute with the same short id, a
 * refunded payment read as pending, a cancelled booking still 'Pagado' and offered to the
 * calendar, an organiser offered their own part again, two tabs current at once.
 */

const ME = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };
/** The API as `user` sees it, signed in, with the screen's own answers. */
const mockApiAs = (user: typeof ME, handlers: Parameters<typeof mockApi>[0] = {}) => mockApi({ ...GUEST, "GET /api/auth/me": () => json({ user }), ...handlers });
const page = (items: unknown[], total = items.length) =>
  new Response(JSON.stringify(items), { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": String(total) } });

// two payments made in the same second: UUID v7 ids share their first (time) digits
const refunded = aPaymentAnswer("019ac8a1-2b3c-7d4e-8f01-23456789abcd", {
  status: "refunded",
  refundedAmount: "9.00",
  amount: "9.00",
  totalPaid: "9.00",
  bookingId: "b1",
  courtName: "Cancha Central",
  courtNumber: 1,
  createdAt: "2030-01-10T12:00:00.000Z",
  refunds: [],
});
const sameSecond = aPaymentAnswer("019ac8a1-2b3c-7d4e-8f01-fedcba987654", {
  bookingId: "b2",
  courtName: "Cancha Norte",
  courtNumber: 2,
  createdAt: "2030-01-10T12:00:00.000Z",
});

const cancelled = aBookingAnswer("b1", "2099-06-10", {
  timeSlot: "19:00",
  gameType: "doubles",
  tariffType: "night",
  totalAmount: "36.00",
  paidAmount: "9.00",
  status: "cancelled",
  court: { id: "c1", name: "Cancha Central", courtNumber: 1, venueId: "v1", venueName: "Club de Tenis Los Ceibos" },
});

describe("what players see is true", () => {
  it("when a payment was refunded, then its history card shows the refund as it was ($9.00), with a short id of its own", async () => {
    mockApiAs(ME, {
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([]),
      "GET /api/user/payments?page=1&pageSize=24": () => page([refunded, sameSecond]),
    });
    renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    await userEvent.click(await screen.findByRole("tab", { name: "Historial de Pagos" }));
    const row = (await screen.findByText("Reembolsado", { selector: "dt" })).parentElement!;
    expect(row).toHaveTextContent("$9.00");
    expect(screen.queryByText("$900.00")).not.toBeInTheDocument();
    // the last (random) digits of each id, not the first (the same second for both)
    expect(screen.getByText("#6789ABCD")).toBeInTheDocument();
    expect(screen.getByText("#BA987654")).toBeInTheDocument();
    expect(screen.queryByText("#019AC8A1")).not.toBeInTheDocument();
  });

  it("when a payment was refunded, then settings' billing calls it 'Reembolsado', not 'Pendiente'", async () => {
    mockApiAs(ME, {
      "GET /api/payments/user/u1?page=1&pageSize=20": () => page([refunded]),
    });
    renderWithProviders(<SettingsScreen />, "/settings");
    await userEvent.click(await screen.findByRole("tab", { name: "Billing" }));
    expect(await screen.findByText("Reembolsado", { selector: "[class*='rounded']" })).toBeInTheDocument();
    expect(screen.queryByText("Pendiente")).not.toBeInTheDocument();
  });

  it("when a refund is owed and the provider has not sent it yet, then settings' billing and the history say 'Reembolso pendiente', not 'Reembolsado' or 'Pagado'", async () => {
    const owedAfterCancel = aPaymentAnswer("019ac8a1-0000-7000-8000-0000000e0ed1", {
      status: "refunded",
      refundedAmount: "0.00",
      refundOwed: "9.00",
      amount: "9.00",
      totalPaid: "9.00",
      courtName: "Cancha Central",
    });
    const owedAfterClosure = aPaymentAnswer("019ac8a1-0000-7000-8000-0000000e0ed2", {
      status: "succeeded",
      refundedAmount: "0.00",
      refundOwed: "7.25",
      amount: "7.25",
      totalPaid: "7.25",
      courtName: "Cancha Norte",
    });
    mockApiAs(ME, {
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([]),
      "GET /api/user/payments?page=1&pageSize=24": () => page([owedAfterCancel, owedAfterClosure]),
      "GET /api/payments/user/u1?page=1&pageSize=20": () => page([owedAfterCancel, owedAfterClosure]),
    });
    const settings = renderWithProviders(<SettingsScreen />, "/settings");
    await userEvent.click(await screen.findByRole("tab", { name: "Billing" }));
    expect(await screen.findAllByText("Reembolso pendiente", { selector: "[class*='rounded']" })).toHaveLength(2);
    expect(screen.queryByText("Reembolsado", { selector: "[class*='rounded']" })).not.toBeInTheDocument();
    expect(screen.queryByText("Pagado")).not.toBeInTheDocument();
    settings.unmount();

    renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    await userEvent.click(await screen.findByRole("tab", { name: "Historial de Pagos" }));
    expect(await screen.findAllByText("Reembolso pendiente", { selector: "[class*='rounded']" })).toHaveLength(2);
    expect(screen.queryByText("Reembolsado", { selector: "[class*='rounded']" })).not.toBeInTheDocument();
    expect(screen.queryByText("Completado")).not.toBeInTheDocument();
  });

  it("when a card was declined and another payment never finished, then neither reads as paid nor offers an invoice", async () => {
    const declined = aPaymentAnswer("019ac8a1-0000-7000-8000-00000000dec1", { status: "failed", amount: "8.25", totalPaid: "8.25", invoiceNumber: null, courtName: "Cancha Central" });
    const unfinished = aPaymentAnswer("019ac8a1-0000-7000-8000-00000000pen2", { status: "pending", amount: "7.25", totalPaid: "7.25", invoiceNumber: null, courtName: "Cancha Norte" });
    const paid = aPaymentAnswer("019ac8a1-0000-7000-8000-00000000pa1d", { invoiceNumber: "2030-000001", courtName: "Cancha Sur" });
    mockApiAs(ME, {
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([]),
      "GET /api/user/payments?page=1&pageSize=24": () => page([declined, unfinished, paid]),
      "GET /api/payments/user/u1?page=1&pageSize=20": () => page([declined, unfinished, paid]),
    });
    const history = renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    await userEvent.click(await screen.findByRole("tab", { name: "Historial de Pagos" }));
    const totals = async (label: string) => (await screen.findAllByText(label, { selector: "dt" })).map((dt) => dt.parentElement!.textContent);
    expect(await totals("No cobrado")).toEqual(["No cobrado$8.25"]);
    expect(await totals("Por pagar")).toEqual(["Por pagar$7.25"]);
    expect(await totals("Total pagado")).toEqual(["Total pagado$14.50"]);
    history.unmount();

    renderWithProviders(<SettingsScreen />, "/settings");
    await userEvent.click(await screen.findByRole("tab", { name: "Billing" }));
    const card = (court: string) => within(screen.getByText(court).closest("[class*='rounded']")!.parentElement!);
    await screen.findByText("Cancha Central");
    expect(card("Cancha Central").getByText("Fallido")).toBeInTheDocument();
    expect(card("Cancha Central").getByText("No cobrado")).toBeInTheDocument();
    expect(card("Cancha Norte").getByText("Pendiente")).toBeInTheDocument();
    expect(card("Cancha Norte").getByText("Por pagar")).toBeInTheDocument();
    // only the charged payment has an invoice to download
    expect(screen.getAllByRole("button", { name: /^Descargar factura/ }).map((b) => b.getAttribute("aria-label"))).toEqual(["Descargar factura del pago de Cancha Sur"]);
  });

  it("when a player opens settings, then the profile shows their username, email and whole user id as text that can wrap", async () => {
    const long = { ...ME, id: "019ac8a1-2b3c-7d4e-8f01-23456789abcd", email: "ana.maria.fernandez.de.la.torre@example.ec" };
    mockApiAs(long);
    renderWithProviders(<SettingsScreen />, "/settings");
    const id = await screen.findByText(long.id);
    // a field (an input) showed the id cut at a phone's edge; a value in a description list wraps
    expect(id.tagName).toBe("DD");
    expect(id).toHaveClass("break-all");
    expect(id.previousElementSibling).toHaveTextContent("ID de usuario");
    expect(screen.getByText(long.email)).toHaveClass("break-all");
    expect(screen.getByText("ana", { selector: "dd" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("when a booking was cancelled, then its card shows no 'Pagado' and offers no calendar", async () => {
    mockApiAs(ME, {
      "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => page([cancelled]),
      "GET /api/user/bookings?scope=past&page=1&pageSize=12": () => page([]),
      "GET /api/user/payments?page=1&pageSize=50": () => page([]),
    });
    renderWithProviders(<MyBookingsScreen />, "/my-bookings");
    const card = (await screen.findByText("Cancelada")).closest("li")!;
    // the whole venue name, never cut
    expect(within(card).getByText("Club de Tenis Los Ceibos")).toBeInTheDocument();
    expect(within(card).queryByText("Pagado")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /calendario/i })).not.toBeInTheDocument();
  });

  it("when the organiser comes back after paying their part, then checkout offers the rest first", async () => {
    mockApiAs(ME, {
      "GET /api/bookings/b1": () => json({ ...cancelled, status: "active", paymentStatus: "partial" }),
    });
    renderRoute("/checkout/:bookingId", <CheckoutScreen />, "/checkout/b1");
    expect(await screen.findByRole("button", { name: "Confirmar y Pagar $27.00" })).toBeInTheDocument();
    expect(screen.getByText("Completo")).toBeInTheDocument();
    // and the link for the others' parts is still here
    expect(screen.getByRole("button", { name: /Compartir Link de Pago/ })).toBeInTheDocument();
    // their part stays a choice
    await userEvent.click(screen.getByRole("radio", { name: /Pago parcial/ }));
    expect(screen.getByRole("button", { name: "Confirmar y Pagar $9.00" })).toBeInTheDocument();
  });

  it("when a guest is on /login, then neither account tab (both lead there) is marked as the current page", async () => {
    mockApi(GUEST);
    renderWithProviders(<BottomBar />, "/login");
    const nav = await screen.findByRole("navigation", { name: "Navegación principal" });
    expect(within(nav).getByRole("link", { name: "Mi Cuenta" })).toHaveAttribute("href", "/login");
    expect(within(nav).getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/login");
    expect(nav.querySelectorAll("[aria-current]")).toHaveLength(0);
  });
});
