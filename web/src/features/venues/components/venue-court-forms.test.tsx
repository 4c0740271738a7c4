import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { courtAnswer, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { CourtForm } from "./court-form";
import { VenueForm } from "./venue-form";

const VENUES = [{ id: "v1", name: "Club Norte", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 0 }];

describe("VenueForm (VenueBody decides)", () => {
  it("when the location is blank, then 'El nombre y la ubicación son requeridos' and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<VenueForm />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Club Sur");
    await userEvent.type(screen.getByLabelText("Ubicación"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Crear Venue" }));
    expect(currentToast()).toMatchObject({ title: "Error", description: "El nombre y la ubicación son requeridos" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the name is longer than 120 characters, then the message says so, not that it is missing", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<VenueForm />);
    await userEvent.click(screen.getByLabelText("Nombre"));
    await userEvent.paste("Club ".repeat(30));
    await userEvent.type(screen.getByLabelText("Ubicación"), "Quito");
    await userEvent.click(screen.getByRole("button", { name: "Crear Venue" }));
    expect(currentToast()).toMatchObject({ title: "Error", description: "El nombre admite hasta 120 caracteres" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the server refuses the image URL, then its message names the field by the form's label", async () => {
    mockApi({
      "POST /api/venues": () =>
        json({ message: "El campo 'imageUrl' debe empezar por http://, https:// o /", code: "INVALID_INPUT", field: "imageUrl" }, 400),
    });
    renderWithProviders(<VenueForm />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Club Sur");
    await userEvent.type(screen.getByLabelText("Ubicación"), "Quito");
    await userEvent.type(screen.getByLabelText("URL de imagen (opcional)"), "ftp://x");
    await userEvent.click(screen.getByRole("button", { name: "Crear Venue" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Error", description: "El campo «URL de imagen» debe empezar por http://, https:// o /" }),
    );
  });

  it("when the venue is valid, then the trimmed body is sent and 'Venue creado' shows", async () => {
    const fetchMock = mockApi({
      "POST /api/venues": () => json({ ...VENUES[0], id: "v2", name: "Club Sur" }, 201),
      "GET /api/venues": () => json(VENUES),
    });
    renderWithProviders(<VenueForm />);
    await userEvent.type(screen.getByLabelText("Nombre"), "  Club Sur ");
    await userEvent.type(screen.getByLabelText("Ubicación"), "Cuenca");
    await userEvent.click(screen.getByRole("button", { name: "Crear Venue" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Venue creado" }));
    const [, init] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === "POST") as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ name: "Club Sur", location: "Cuenca" });
  });
});

describe("CourtForm (CourtBody decides)", () => {
  it("when the court number is missing, then the toast starts with 'Todos los campos son requeridos' and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CourtForm venues={VENUES} defaultVenueId="v1" onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Central");
    await userEvent.click(screen.getByRole("button", { name: "Crear Cancha" }));
    expect(currentToast()?.description).toMatch(/^Todos los campos son requeridos: «Número de cancha»/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when every field is filled but the court number is 0, -3 or 1.5, then the toast says the range, not that a field is missing", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CourtForm venues={VENUES} defaultVenueId="v1" onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Central");
    for (const number of ["0", "-3", "1.5"]) {
      await userEvent.clear(screen.getByLabelText("Número de cancha"));
      await userEvent.type(screen.getByLabelText("Número de cancha"), number);
      await userEvent.click(screen.getByRole("button", { name: "Crear Cancha" }));
      expect(currentToast()).toMatchObject({ title: "Error", description: "El campo «Número de cancha» debe ser un número entero entre 1 y 999" });
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when a price has three decimals, then the server's price message shows and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CourtForm venues={VENUES} defaultVenueId="v1" onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Central");
    await userEvent.type(screen.getByLabelText("Número de cancha"), "3");
    await userEvent.clear(screen.getByLabelText("Día · Singles"));
    await userEvent.type(screen.getByLabelText("Día · Singles"), "14.555");
    await userEvent.click(screen.getByRole("button", { name: "Crear Cancha" }));
    expect(currentToast()).toMatchObject({
      title: "Error",
      description: "El campo «Día · Singles» debe ser un precio entre 1.00 y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde $0.50",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when a doubles price is too low for four card shares, then it says the least price and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CourtForm venues={VENUES} defaultVenueId="v1" onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Central");
    await userEvent.type(screen.getByLabelText("Número de cancha"), "3");
    await userEvent.clear(screen.getByLabelText("Noche · Dobles"));
    await userEvent.type(screen.getByLabelText("Noche · Dobles"), "0");
    await userEvent.click(screen.getByRole("button", { name: "Crear Cancha" }));
    expect(currentToast()).toMatchObject({
      title: "Error",
      description: "El campo «Noche · Dobles» debe ser un precio entre 2.00 y 10000.00 con hasta 2 decimales: cada parte se paga con tarjeta, desde $0.50",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the court is valid, then the prices go as typed and the form closes", async () => {
    const fetchMock = mockApi({ "POST /api/courts": () => json({ id: "c9" }, 201) });
    const onDone = vi.fn();
    renderWithProviders(<CourtForm venues={VENUES} defaultVenueId="v1" onDone={onDone} />);
    await userEvent.type(screen.getByLabelText("Nombre"), "Central");
    await userEvent.type(screen.getByLabelText("Número de cancha"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Crear Cancha" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ name: "Central", courtNumber: 3, venueId: "v1", daySinglesPrice: "14.50" });
  });

  it("when an open court is set under maintenance, then the form says the bookings already made stay, and how to cancel them with a refund", async () => {
    mockApi({});
    renderWithProviders(<CourtForm venues={VENUES} court={courtAnswer()} defaultVenueId="v1" onDone={() => {}} />);
    const hint = "Deja de aceptar reservas nuevas; las ya hechas siguen en pie. Para cancelarlas con reembolso a cada pagador, cierra esas fechas desde Horario.";
    expect(screen.queryByText(hint)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText("Estado"), "maintenance");
    expect(screen.getByText(hint)).toBeInTheDocument();
  });
});
