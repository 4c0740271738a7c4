import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { aDiscountCodeAnswer, aPaymentAnswer } from "../../../testing/answers";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminPaymentsScreen from "./payments";

const transaction = (id: string, userName: string) =>
  aPaymentAnswer(id, {
    refundOwed: "0.00",
    refundSentAt: null,
    flag: null,
    createdAt: "2030-01-10T15:00:00.000Z",
    paidAt: "2030-01-10T15:00:00.000Z",
    bookingId: `b-${id}`,
    invoiceNumber: null,
    venueName: "Club Norte",
    courtName: "Central",
    courtNumber: 1,
    bookingDate: "2030-01-12T00:00:00",
    date: "2030-01-12",
    timeSlot: "10:00",
    gameType: "singles",
    userName,
    userEmail: `${userName.toLowerCase()}@x.test`,
    net: "13.78",
    settled: true,
  });

const stats = {
  totalRevenue: "14.50",
  completedCount: 1,
  pendingAmount: "0.00",
  pendingCount: 0,
  summary: { gross: "14.50", total: "14.50", discounts: "0.00", stripeFees: "0.72", refunds: "0.00", net: "13.78" },
};

const code = aDiscountCodeAnswer({ usageCount: 2 });

// two pages: the first names the cursor of its last row, the second has none (the server answers page 1 after a cursor)
const page = (n: number, userName: string) => ({ items: [transaction(`t${n}`, userName)], total: 26, page: 1, pageSize: 25, nextAfter: n === 1 ? "c1" : null });
const transactionsOf = (n: number) => (n === 1 ? "/api/admin/transactions?page=1&pageSize=25" : "/api/admin/transactions?after=c1&pageSize=25");

const answers = {
  "/api/admin/check": { isAdmin: true },
  "/api/config": { timeZone: "America/Guayaquil", currency: "usd", today: "2030-01-10", payments: { provider: "simulated", publishableKey: null } },
  "/api/payments/stats": stats,
  "/api/admin/balances": [],
  "/api/admin/refunds/late": [],
  "/api/discount-codes": [code],
  [transactionsOf(1)]: page(1, "Lucía"),
};

const api = Object.fromEntries(Object.entries(answers).map(([key, body]) => [`GET ${key}`, () => json(body)]));

const transactions = () => screen.getByRole("region", { name: "Historial de transacciones" });

describe("Admin payments", () => {
  it("when its reads are already cached, then the first render is the stats, codes, balances and transactions, not spinners", () => {
    mockApi(api);
    // a loading state here would be painted, then replaced by a forced synchronous render of the
    // whole screen when the mount's revalidation ends
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", answers);
    expect(screen.queryByText(/^Cargando/)).toBeNull();
    expect(screen.getByText("Ingresos totales")).toBeInTheDocument();
    // what each card counts, so that 'pendiente' is not read as the unpaid bookings or the balances below
    expect(screen.getByText("Cobrado, menos descuentos y reembolsos")).toBeInTheDocument();
    expect(screen.getByText("Sin contar los reembolsados")).toBeInTheDocument();
    expect(screen.getByText("0 transacciones pendientes: pagos con tarjeta por confirmar")).toBeInTheDocument();
    expect(screen.getByText("No hay saldos pendientes")).toBeInTheDocument();
    // nothing late: no card at all
    expect(screen.queryByText("Reembolsos sin confirmar")).toBeNull();
    expect(screen.getByText("VERANO10")).toBeInTheDocument();
    expect(within(transactions()).getByText("Lucía")).toBeInTheDocument();
  });

  it("when a refund is still unconfirmed past the alert hours, then the admin sees why, how much and since when", async () => {
    const late = {
      id: "r1",
      paymentId: "0d2c5e1a-9b1f-4c3e-8a7d-2f6b1c9e4d30",
      bookingId: "b1",
      reason: "closure",
      amount: "33.00",
      attempts: 7,
      lastError: "Charge ch_1 has already been refunded.",
      createdAt: "2030-01-08T15:00:00.000Z",
    };
    mockApi({ ...api, "GET /api/admin/refunds/late": () => json([late]) });
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments");
    expect(await screen.findByText("Reembolsos sin confirmar")).toBeInTheDocument();
    expect(screen.getByText("Cierre del club")).toBeInTheDocument();
    expect(screen.getByText("$33.00")).toBeInTheDocument();
    expect(screen.getByText(/desde el 8\/01\/2030 · 7 intentos/)).toBeInTheDocument();
    expect(screen.getByText("Último error: Charge ch_1 has already been refunded.")).toBeInTheDocument();
  });

  it("when another page is asked, then it is read after the last row's cursor, the transactions show a spinner until it arrives, the pager stays, and each page is read once", async () => {
    let answerPage2: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      ...api,
      [`GET ${transactionsOf(2)}`]: () => new Promise<Response>((resolve) => (answerPage2 = resolve)),
    });
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", answers);
    await userEvent.click(within(transactions()).getByRole("button", { name: /Siguiente/ }));
    // the previous page's answer is kept for the pager, but it is not the page asked for
    expect(await within(transactions()).findByText("Cargando transacciones...")).toBeInTheDocument();
    expect(within(transactions()).queryByText("Lucía")).toBeNull();
    expect(within(transactions()).getByText(/Página 1 de 2/)).toBeInTheDocument();

    answerPage2(json(page(2, "Mateo")));
    expect(await within(transactions()).findByText("Mateo")).toBeInTheDocument();
    expect(within(transactions()).queryByText("Cargando transacciones...")).toBeNull();
    expect(within(transactions()).getByText(/Página 2 de 2/)).toBeInTheDocument();
    // back to the first page: from the cache, at once
    await userEvent.click(within(transactions()).getByRole("button", { name: /Anterior/ }));
    expect(within(transactions()).getByText("Lucía")).toBeInTheDocument();
    expect(within(transactions()).getByText(/Página 1 de 2/)).toBeInTheDocument();
    const reads = fetchMock.mock.calls.map(([p]) => String(p)).filter((p) => p.startsWith("/api/admin/transactions"));
    expect(reads.filter((p) => p === transactionsOf(2))).toHaveLength(1);
    expect(reads.filter((p) => p === transactionsOf(1))).toHaveLength(1);
  });

  it("when 'Reembolsados' and dates are chosen, then 'Exportar CSV' downloads those rows only (status, from, to)", async () => {
    mockApi(api);
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", answers);
    const exportLink = () => within(transactions()).getByRole("link", { name: "Exportar CSV" });
    expect(exportLink()).toHaveAttribute("href", "/api/admin/transactions.csv");
    await userEvent.selectOptions(within(transactions()).getByLabelText("Estado"), "Reembolsados");
    fireEvent.change(within(transactions()).getByLabelText("Pago desde"), { target: { value: "2030-01-01" } });
    expect(exportLink()).toHaveAttribute("href", "/api/admin/transactions.csv?from=2030-01-01&status=refunded");
  });

  it("when game dates and a venue are chosen, then the list and its CSV are the payments for that venue's games of those dates", async () => {
    const filtered = "/api/admin/transactions?gameFrom=2030-02-01&gameTo=2030-02-28&venueId=v2&page=1&pageSize=25";
    const fetchMock = mockApi({
      ...api,
      "GET /api/venues": () => json([{ id: "v1", name: "Club Norte" }, { id: "v2", name: "Club Sur" }]),
      [`GET ${filtered}`]: () => json(page(1, "Mateo")),
    });
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", answers);
    fireEvent.change(within(transactions()).getByLabelText("Partido desde"), { target: { value: "2030-02-01" } });
    fireEvent.change(within(transactions()).getByLabelText("Partido hasta"), { target: { value: "2030-02-28" } });
    await userEvent.selectOptions(within(transactions()).getByLabelText("Complejo"), await within(transactions()).findByRole("option", { name: "Club Sur" }));
    expect(await within(transactions()).findByText("Mateo")).toBeInTheDocument();
    // each row says the game it paid for, what the filter reads
    expect(within(transactions()).getByText("Partido 12/01/2030 · 10:00")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain(filtered);
    expect(within(transactions()).getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
      "href",
      "/api/admin/transactions.csv?gameFrom=2030-02-01&gameTo=2030-02-28&venueId=v2",
    );
    // a game range backwards is refused before asking, as the payment range is
    fireEvent.change(within(transactions()).getByLabelText("Partido desde"), { target: { value: "2030-03-01" } });
    expect(within(transactions()).getByText("Debe ser anterior o igual a «Partido hasta»")).toBeInTheDocument();
    expect(within(transactions()).getByRole("button", { name: "Exportar CSV" })).toBeDisabled();
  });

  it("when 'Pago desde' is after 'Pago hasta', then nothing is read and no spinner stays (the read is disabled, it never answers)", async () => {
    const fetchMock = mockApi({ ...api, [`GET ${transactionsOf(1)}`]: () => json({ message: "Error interno", code: "INTERNAL" }, 500) });
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments");
    await screen.findByRole("region", { name: "Historial de transacciones" });
    expect(await within(transactions()).findByText("No se pudieron cargar las transacciones.")).toBeInTheDocument();

    fireEvent.change(within(transactions()).getByLabelText("Pago hasta"), { target: { value: "2030-01-01" } });
    await within(transactions()).findByText("No se pudieron cargar las transacciones.");
    fireEvent.change(within(transactions()).getByLabelText("Pago desde"), { target: { value: "2030-01-05" } });
    expect(within(transactions()).getByText("Debe ser anterior o igual a «Pago hasta»")).toBeInTheDocument();
    await waitFor(() => expect(within(transactions()).getByText("Ninguna transacción coincide con los filtros")).toBeInTheDocument());
    expect(within(transactions()).queryByText("Cargando transacciones...")).toBeNull();
    // the export would be refused for the same dates: the button is off, with no link
    expect(within(transactions()).getByRole("button", { name: "Exportar CSV" })).toBeDisabled();
    expect(within(transactions()).queryByRole("link", { name: "Exportar CSV" })).toBeNull();
    expect(fetchMock.mock.calls.map(([p]) => String(p)).some((p) => p.includes("from=2030-01-05"))).toBe(false);
  });

  it("when payments were never charged or have no invoice, then their row's PDF is off and says why; an invoiced one downloads", () => {
    const rows = [
      { ...transaction("t1", "Lucía"), status: "succeeded", invoiceNumber: "F-000123" },
      { ...transaction("t2", "Mario"), status: "pending", paidAt: null },
      { ...transaction("t3", "Rosa"), status: "failed", paidAt: null },
    ];
    const listed = { ...answers, [transactionsOf(1)]: { items: rows, total: 3, page: 1, pageSize: 25 } };
    mockApi(Object.fromEntries(Object.entries(listed).map(([key, body]) => [`GET ${key}`, () => json(body)])));
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", listed);
    const buttons = within(transactions()).getAllByRole("button", { name: /^Descargar PDF/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.closest("li")).toHaveTextContent("Lucía");
    expect(buttons[0]).toBeEnabled();
    const without = within(transactions()).getAllByRole("button", { name: /^Sin factura/ });
    expect(without.map((b) => b.closest("li")?.textContent?.includes("Lucía"))).toEqual([false, false]);
    for (const button of without) expect(button).toBeDisabled();
  });

  it("when a refund is still owed to a payer, then the admin's row says it goes to the payer's card", () => {
    const owed = { ...transaction("t1", "Lucía"), status: "succeeded", refundOwed: "13.05" };
    const withOwed = { ...answers, [transactionsOf(1)]: { items: [owed], total: 1, page: 1, pageSize: 25 } };
    mockApi(Object.fromEntries(Object.entries(withOwed).map(([key, body]) => [`GET ${key}`, () => json(body)])));
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", withOwed);
    expect(within(transactions()).getByTestId("refund-note")).toHaveTextContent(
      "Reembolso pendiente: $13.05 (se envía a la tarjeta del pagador en cuanto el proveedor lo confirme)",
    );
  });

  it("when products were sold (a top-up by card, a membership in cash), then their rows name the product, the sale day and the method, with the receipt's PDF and no game", async () => {
    // as the server lists a product: kind full or cash, no booking, the product's name in the game's fields, the sale day, 00:00
    const product = (id: string, sale: { product: string; name: string; method: "card" | "cash" }, fields: Record<string, unknown>) => ({
      ...transaction(id, "Lucía"),
      bookingId: "",
      kind: sale.method === "cash" ? "cash" : "full",
      invoiceNumber: `F-${id}`,
      courtName: sale.name,
      courtNumber: 0,
      bookingDate: "2030-01-10",
      date: "2030-01-10",
      timeSlot: "00:00",
      sale,
      ...fields,
    });
    const rows = [
      { ...transaction("t1", "Mateo"), invoiceNumber: "F-000123" },
      product("s1", { product: "wallet_topup", name: "Recarga de monedero", method: "card" }, { amount: "50.00", venueName: "" }),
      product("s2", { product: "membership", name: "Membresía de socio: Socio anual", method: "cash" }, { amount: "120.00", stripeFee: "0.00", venueName: "Club Norte" }),
      // sold at 22:30 of the club's 10 January: already the 11th in UTC, the placeholder's day
      product(
        "s3",
        { product: "punch_card", name: "Bono de horas: Bono 10 horas", method: "card" },
        { amount: "90.00", venueName: "", createdAt: "2030-01-11T03:30:00.000Z", paidAt: "2030-01-11T03:30:00.000Z", bookingDate: "2030-01-11", date: "2030-01-11" },
      ),
    ];
    const listed = { ...answers, [transactionsOf(1)]: { items: rows, total: 4, page: 1, pageSize: 25, nextAfter: null } };
    const fetchMock = mockApi({
      ...Object.fromEntries(Object.entries(listed).map(([key, body]) => [`GET ${key}`, () => json(body)])),
      "GET /api/payments/s2/invoice": () => new Response(new Blob(["%PDF"]), { status: 200, headers: { "Content-Type": "application/pdf" } }),
    });
    Object.assign(URL, { createObjectURL: () => "blob:recibo", revokeObjectURL: () => undefined });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(<AdminPaymentsScreen />, "/admin/payments", listed);
    const rowOf = (text: string) => within(transactions()).getByText(text).closest("li")!;

    // a booking's row: the game it paid for
    const booking = rowOf("Mateo");
    expect(booking).toHaveTextContent("Partido 12/01/2030 · 10:00");
    expect(booking).toHaveTextContent("Central · #1");

    // the products: what the CSV's 'Concepto' says, the club's day of the sale, the method, the amount; no game, court nor '00:00'
    const topUp = rowOf("Recarga de monedero");
    const membership = rowOf("Membresía de socio: Socio anual");
    const punchCard = rowOf("Bono de horas: Bono 10 horas");
    for (const row of [topUp, membership, punchCard]) {
      expect(row).toHaveTextContent("Venta 10/01/2030");
      expect(row).not.toHaveTextContent("Partido");
      expect(row).not.toHaveTextContent("00:00");
      expect(row).not.toHaveTextContent("#0");
      expect(row).not.toHaveTextContent("Cancha");
      expect(row.querySelector('[data-column="venue"]')).toBeNull();
      expect(row.querySelector('[data-column="product"]')).not.toBeNull();
    }
    expect(within(topUp).getByText("$50.00")).toBeInTheDocument();
    expect(within(topUp).getByText("Tarjeta")).toBeInTheDocument();
    expect(within(membership).getByText("$120.00")).toBeInTheDocument();
    expect(within(membership).getByText("Efectivo")).toBeInTheDocument();
    expect(within(membership).getByText("Club Norte")).toBeInTheDocument();
    expect(within(punchCard).getByText("Tarjeta")).toBeInTheDocument();
    // a booking's row says nothing of a method unless cash
    expect(within(booking).queryByText("Tarjeta")).toBeNull();

    // every product's row has its receipt, asked where a payment's invoice is
    expect(within(transactions()).getAllByRole("button", { name: /^Descargar recibo/ })).toHaveLength(3);
    expect(within(booking).getByRole("button", { name: /^Descargar PDF/ })).toBeEnabled();
    await userEvent.click(within(membership).getByRole("button", { name: /^Descargar recibo/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain("/api/payments/s2/invoice");
  });
});
