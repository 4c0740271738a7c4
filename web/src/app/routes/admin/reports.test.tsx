import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { configAnswer, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminReportsScreen from "./reports";

const PERIOD = "from=2030-01-01&to=2030-01-31";

const cells = Array.from({ length: 7 }, (_, i) =>
  ["06:00", "19:00"].map((timeSlot) => ({ weekday: i + 1, timeSlot, booked: timeSlot === "19:00" && i === 3 ? 3 : 0, capacity: 4, rate: 0 })),
).flat();

const month = { key: "2030-01", label: "enero 2030", gross: "43.50", discounts: "2.90", fees: "1.92", refunds: "14.50", net: "24.18", bookings: 3 };
const court = { ...month, key: "c1", label: "Club Norte · Central" };
const total = { gross: "43.50", discounts: "2.90", fees: "1.92", refunds: "14.50", net: "24.18", bookings: 3 };
const summary = {
  cancellations: { count: 2, refunded: "14.50" },
  outstanding: [{ userId: "u2", name: "Luis Mora", amount: "7.25", bookings: 1 }],
  topPlayers: [{ userId: "u1", name: "Ana Pérez", bookings: 2, spent: "29.00" }],
};

const api = (period = PERIOD) => ({
  "GET /api/auth/me": () => new Response(null, { status: 204 }),
  "GET /api/admin/check": () => json({ isAdmin: true }),
  "GET /api/config": () => configAnswer("2030-01-10"),
  "GET /api/venues": () => json([{ id: "v1", name: "Club Norte" }]),
  [`GET /api/admin/reports/occupancy?${period}`]: () => json({ cells }),
  [`GET /api/admin/reports/revenue?${period}&groupBy=month`]: () => json({ rows: [month], total }),
  [`GET /api/admin/reports/revenue?${period}&groupBy=court`]: () => json({ rows: [court], total }),
  [`GET /api/admin/reports/summary?${period}`]: () => json(summary),
});

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const open = (path = "/admin/reports") =>
  renderWithProviders(
    <Routes>
      <Route
        path="/admin/reports"
        element={
          <>
            <AdminReportsScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    path,
  );

const region = (name: string) => screen.getByRole("region", { name });

beforeEach(() => {
  // jsdom draws no canvas (and says so on the console): no chart, its numbers are in its table
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});

describe("Admin reports", () => {
  it("when opened without a period, then it reads the club's current month and shows the heatmap, revenue, balances and players", async () => {
    const fetchMock = mockApi(api());
    open();
    const heatmap = await screen.findByTestId("occupancy-heatmap");
    expect(within(heatmap).getByTestId("heat-4-19:00")).toHaveTextContent("75%");
    expect(within(heatmap).getByTestId("heat-4-19:00")).toHaveClass("bg-court-700");
    expect(within(heatmap).getByTestId("heat-1-06:00")).toHaveTextContent("0%");
    // an hour the answer left out has no capacity: no percentage
    expect(within(heatmap).getByTestId("heat-1-10:00")).toHaveTextContent("—");
    expect(screen.getByText(/La más llena: jueves a las 19:00 \(75%\)/)).toBeInTheDocument();

    const byMonth = region("Ingresos por mes");
    const row = within(byMonth).getByRole("row", { name: /enero 2030/ });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual(["3", "$43.50", "-$2.90", "-$1.92", "-$14.50", "$24.18"]);
    expect(within(region("Ingresos por cancha")).getByRole("row", { name: /Club Norte · Central/ })).toBeInTheDocument();
    expect(within(region("Saldos pendientes")).getByRole("row", { name: /Luis Mora/ })).toHaveTextContent("$7.25");
    expect(within(region("Jugadores con más reservas")).getByRole("row", { name: /Ana Pérez/ })).toHaveTextContent("$29.00");
    expect(within(region("Cancelaciones y reembolsos")).getByText("2")).toBeInTheDocument();
    // key figures: net, bookings, occupancy of the whole week (3 of 56 hours), cancellations
    const figure = (label: string) => screen.getByText(label).parentElement!.parentElement!;
    expect(figure("Ingresos netos")).toHaveTextContent("$24.18");
    expect(figure("Ingresos netos")).toHaveTextContent("Bruto $43.50");
    expect(figure("Ocupación")).toHaveTextContent("5%");
    expect(figure("Ocupación")).toHaveTextContent("3 de 56 horas reservadas");
    expect(figure("Cancelaciones")).toHaveTextContent("Reembolsado $14.50");
    expect(screen.getByText("Juegos del 1 de enero de 2030 al 31 de enero de 2030.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain(`/api/admin/reports/summary?${PERIOD}`);
  });

  it("when a chart's 'Ver tabla' is pressed, then its table, always there for screen readers, shows to everyone", async () => {
    mockApi(api());
    open();
    const byMonth = await screen.findByRole("region", { name: "Ingresos por mes" });
    const toggle = within(byMonth).getByRole("button", { name: "Ver tabla" });
    const table = within(byMonth).getByRole("table", { name: "Ingresos por mes" });
    expect(table.parentElement).toHaveClass("sr-only");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveTextContent("Ocultar tabla");
    expect(table.parentElement).not.toHaveClass("sr-only");
    expect(within(byMonth).getByRole("region", { name: "Tabla: Ingresos por mes" })).toBeInTheDocument();
  });

  it("when 'Descargar CSV' of the revenue is pressed, then a CSV of its rows and total, ';' and decimal commas, is saved under the period's name", async () => {
    mockApi(api());
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), "blob:informe"), revokeObjectURL: () => undefined });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    open();
    const byMonth = await screen.findByRole("region", { name: "Ingresos por mes" });
    await userEvent.click(within(byMonth).getByRole("button", { name: "Descargar CSV: Ingresos por mes" }));
    expect(names).toEqual(["informe-ingresos-por-mes-2030-01-01-a-2030-01-31.csv"]);
    // the bytes as saved: the BOM a Spanish spreadsheet needs to read UTF-8 is kept
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0]!);
    });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.split("\r\n")).toEqual([
      "\uFEFFMes;Reservas;Bruto;Descuentos;Comisiones de tarjeta;Reembolsos;Neto",
      "enero 2030;3;43,50;2,90;1,92;14,50;24,18",
      "Total;3;43,50;2,90;1,92;14,50;24,18",
      "",
    ]);
  });

  it("when a preset or a venue is chosen, then the address keeps the period and venue and the reports read them", async () => {
    const lastMonth = "from=2029-12-01&to=2029-12-31";
    const fetchMock = mockApi({ ...api(), ...api(lastMonth), ...api(`${PERIOD}&venueId=v1`) });
    open();
    await screen.findByTestId("occupancy-heatmap");
    expect(screen.getByRole("button", { name: "Este mes" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Mes pasado" }));
    expect(screen.getByTestId("location")).toHaveTextContent(`/admin/reports?${lastMonth}`);
    await waitFor(() => expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain(`/api/admin/reports/occupancy?${lastMonth}`));
    await userEvent.click(screen.getByRole("button", { name: "Este mes" }));
    await userEvent.selectOptions(await screen.findByLabelText("Complejo"), "Club Norte");
    expect(screen.getByTestId("location")).toHaveTextContent(`/admin/reports?${PERIOD}&venueId=v1`);
    await waitFor(() => expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain(`/api/admin/reports/revenue?${PERIOD}&venueId=v1&groupBy=month`));
  });

  it("when both dates are typed one right after the other, then neither undoes the other and the reports read the period typed", async () => {
    const typed = "from=2030-03-01&to=2030-03-31";
    const fetchMock = mockApi({ ...api(), ...api(typed) });
    open();
    await screen.findByTestId("occupancy-heatmap");
    fireEvent.change(screen.getByLabelText("Desde (fecha de juego)"), { target: { value: "2030-03-01" } });
    fireEvent.change(screen.getByLabelText("Hasta (fecha de juego)"), { target: { value: "2030-03-31" } });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(`/admin/reports?${typed}`));
    expect(screen.getByLabelText("Desde (fecha de juego)")).toHaveValue("2030-03-01");
    await waitFor(() => expect(fetchMock.mock.calls.map(([p]) => String(p))).toContain(`/api/admin/reports/occupancy?${typed}`));
    // a date being typed is empty until whole: the field stays empty, the reports read the month meanwhile
    fireEvent.change(screen.getByLabelText("Desde (fecha de juego)"), { target: { value: "" } });
    expect(screen.getByLabelText("Desde (fecha de juego)")).toHaveValue("");
  });

  it("when the server refuses the period, then its Spanish message is shown once, instead of the reports", async () => {
    const bad = "from=2030-02-01&to=2030-01-01";
    const refused = () => json({ message: "La fecha 'from' debe ser anterior o igual a 'to'", code: "INVALID_INPUT", field: "from" }, 400);
    mockApi({
      ...api(),
      [`GET /api/admin/reports/occupancy?${bad}`]: refused,
      [`GET /api/admin/reports/revenue?${bad}&groupBy=month`]: refused,
      [`GET /api/admin/reports/revenue?${bad}&groupBy=court`]: refused,
      [`GET /api/admin/reports/summary?${bad}`]: refused,
    });
    open(`/admin/reports?${bad}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("La fecha 'from' debe ser anterior o igual a 'to'");
    expect(screen.getAllByText("La fecha 'from' debe ser anterior o igual a 'to'")).toHaveLength(1);
    expect(screen.queryByTestId("occupancy-heatmap")).toBeNull();
    expect(screen.getByLabelText("Desde (fecha de juego)")).toHaveValue("2030-02-01");
  });

  it("when nothing was booked or paid in the period, then each report says so instead of an empty chart", async () => {
    const empty = { rows: [], total: { gross: "0.00", discounts: "0.00", fees: "0.00", refunds: "0.00", net: "0.00", bookings: 0 } };
    mockApi({
      ...api(),
      [`GET /api/admin/reports/occupancy?${PERIOD}`]: () => json({ cells: [] }),
      [`GET /api/admin/reports/revenue?${PERIOD}&groupBy=month`]: () => json(empty),
      [`GET /api/admin/reports/revenue?${PERIOD}&groupBy=court`]: () => json(empty),
      [`GET /api/admin/reports/summary?${PERIOD}`]: () => json({ cancellations: { count: 0, refunded: "0.00" }, outstanding: [], topPlayers: [] }),
    });
    open();
    expect(await screen.findByText("No hay pagos de reservas en este período.")).toBeInTheDocument();
    expect(screen.getByText("Ninguna cancha tuvo pagos en este período.")).toBeInTheDocument();
    expect(screen.getByText("No hay saldos pendientes en este período.")).toBeInTheDocument();
    expect(screen.getByText("Nadie reservó en este período.")).toBeInTheDocument();
    expect(screen.getByText(/Sin reservas en el período/)).toBeInTheDocument();
  });
});
