import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToast } from "../../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import SettingsScreen from "./settings";

const ANA = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };

const purchase = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  kind: "topup",
  name: "Recarga de monedero",
  amount: "20.00",
  status: "succeeded",
  method: "card",
  // 15:00 UTC is 10:00 at the club (America/Guayaquil)
  createdAt: "2030-01-10T15:00:00.000Z",
  receiptNumber: `R-${id}`,
  ...fields,
});

const paged = (items: readonly unknown[], total = items.length) =>
  new Response(JSON.stringify(items), { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": String(total) } });

const base = {
  ...GUEST,
  "GET /api/auth/me": () => json({ user: ANA }),
  "GET /api/venues": () => json([{ id: "v1", name: "Club Norte" }]),
  "GET /api/user/wallet?page=1&pageSize=10": () => json({ balance: "20.00", entries: [] }),
  "GET /api/punch-card-products": () => json([]),
  "GET /api/user/punch-cards": () => json([]),
};

/** Saves what the page hands the browser to download: the file's name and its bytes' type. */
const catchDownloads = () => {
  const saved: { name: string; type: string }[] = [];
  let last: Blob | null = null;
  Object.assign(URL, { createObjectURL: (blob: Blob) => ((last = blob), "blob:recibo"), revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: last?.type ?? "" });
  });
  return saved;
};

const pdf = (fileName: string) => () =>
  new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" }), {
    status: 200,
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${fileName}"` },
  });

afterEach(() => vi.restoreAllMocks());

describe("Settings · receipts of what the player bought", () => {
  it("when the player opens 'Monedero', then the top-ups list with date, method, receipt number and amount, and 'Descargar recibo' saves the PDF named by the server", async () => {
    const fetchMock = mockApi({
      ...base,
      "GET /api/user/purchases?kind=topup&page=1&pageSize=5": () =>
        paged([purchase("t2", { amount: "50.00", createdAt: "2030-01-12T15:00:00.000Z" }), purchase("t1", { status: "pending", receiptNumber: null })]),
      "GET /api/user/purchases/t2/invoice": pdf("factura-R-t2.pdf"),
    });
    const saved = catchDownloads();
    renderWithProviders(<SettingsScreen />, "/settings?tab=wallet");
    const list = await screen.findByRole("list", { name: "Recibos de recargas" });
    const [paid, pending] = within(list).getAllByRole("listitem");
    expect(paid).toHaveTextContent("Recarga de monedero");
    expect(paid).toHaveTextContent("Sáb 12 de ene 2030, 10:00 · Tarjeta");
    expect(paid).toHaveTextContent("Recibo N.º R-t2");
    expect(paid).toHaveTextContent("$50.00");
    // a purchase not paid has no receipt to download
    expect(pending).toHaveTextContent("Pago pendiente");
    expect(within(pending!).queryByRole("button")).toBeNull();

    await userEvent.click(within(paid!).getByRole("button", { name: "Descargar recibo de Recarga de monedero del Sáb 12 de ene 2030, 10:00" }));
    await waitFor(() => expect(saved).toEqual([{ name: "factura-R-t2.pdf", type: "application/pdf" }]));
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain("/api/user/purchases/t2/invoice");
    expect(currentToast()).toMatchObject({ title: "Recibo descargado" });
  });

  it("when the player opens 'Bonos', then 'Mis compras' lists the punch cards and the memberships apart, each with its receipt; a cash one says so", async () => {
    mockApi({
      ...base,
      "GET /api/user/purchases?kind=punch_card&page=1&pageSize=5": () => paged([purchase("p1", { kind: "punch_card", name: "Bono de horas: Bono 10 horas", amount: "120.00" })]),
      "GET /api/user/purchases?kind=membership&page=1&pageSize=5": () =>
        paged([purchase("m1", { kind: "membership", name: "Membresía de socio: Socio anual", amount: "300.00", method: "cash" })]),
      "GET /api/user/purchases/m1/invoice": pdf("factura-R-m1.pdf"),
    });
    const saved = catchDownloads();
    renderWithProviders(<SettingsScreen />, "/settings?tab=bonos");
    const cards = await screen.findByRole("list", { name: "Recibos de bonos" });
    expect(within(cards).getByRole("listitem")).toHaveTextContent("Bono de horas: Bono 10 horas");
    expect(within(cards).getByRole("listitem")).toHaveTextContent("$120.00");
    const memberships = await screen.findByRole("list", { name: "Recibos de membresías" });
    const row = within(memberships).getByRole("listitem");
    expect(row).toHaveTextContent("Membresía de socio: Socio anual");
    expect(row).toHaveTextContent("Efectivo en el club");
    await userEvent.click(within(row).getByRole("button", { name: /Descargar recibo/ }));
    await waitFor(() => expect(saved).toEqual([{ name: "factura-R-m1.pdf", type: "application/pdf" }]));
  });

  it("when the player bought nothing yet, then each list says so; when a receipt cannot be downloaded, the server's message shows", async () => {
    mockApi({
      ...base,
      "GET /api/user/purchases?kind=punch_card&page=1&pageSize=5": () => paged([purchase("p1", { kind: "punch_card", name: "Bono de horas: Bono 5 horas" })]),
      "GET /api/user/purchases?kind=membership&page=1&pageSize=5": () => paged([]),
      "GET /api/user/purchases/p1/invoice": () => json({ code: "INVOICE_UNAVAILABLE", message: "Solo las compras completadas tienen factura" }, 409),
    });
    catchDownloads();
    renderWithProviders(<SettingsScreen />, "/settings?tab=bonos");
    expect(await screen.findByText("Aún no eres socio de ninguna sede")).toBeInTheDocument();
    const cards = await screen.findByRole("list", { name: "Recibos de bonos" });
    await userEvent.click(within(cards).getByRole("button", { name: /Descargar recibo/ }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error al descargar el recibo", description: "Solo las compras completadas tienen factura" }));
  });

  it("when there are more top-ups than a page, then 'Siguientes' asks for the next page", async () => {
    const fetchMock = mockApi({
      ...base,
      "GET /api/user/purchases?kind=topup&page=1&pageSize=5": () => paged([1, 2, 3, 4, 5].map((n) => purchase(`a${n}`)), 7),
      "GET /api/user/purchases?kind=topup&page=2&pageSize=5": () => paged([purchase("b1", { amount: "75.00" }), purchase("b2")], 7),
    });
    renderWithProviders(<SettingsScreen />, "/settings?tab=wallet");
    const list = await screen.findByRole("list", { name: "Recibos de recargas" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    const pages = screen.getByRole("navigation", { name: "Páginas de recibos de recargas" });
    expect(pages).toHaveTextContent("Página 1 de 2");
    await userEvent.click(within(pages).getByRole("button", { name: "Siguientes" }));
    await waitFor(() => expect(screen.getByRole("list", { name: "Recibos de recargas" })).toHaveTextContent("$75.00"));
    expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain("/api/user/purchases?kind=topup&page=2&pageSize=5");
  });
});
