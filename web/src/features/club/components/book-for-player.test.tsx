import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { BookForPlayer } from "./book-for-player";
import type { PickedCell } from "./schedule-grid";

const free: PickedCell = {
  court: { id: "c1", name: "Cancha Central", courtNumber: 1, status: "available", cells: [] },
  cell: { timeSlot: "10:00", booking: null, block: null },
};

const ana = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: "+593991234567", emailVerified: true };
const anabel = { id: "u2", username: "anabel", email: "", fullName: "Anabel Ruiz", phone: null, emailVerified: false };

/** The GET paths the dialog asked, in order. */
const searched = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") === "GET").map(([path]) => String(path));
const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([p, init]) => String(p) === path && init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const render = (done = () => {}) => renderWithProviders(<BookForPlayer picked={free} date="2030-01-10" onDone={done} />);

describe("BookForPlayer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("when the admin types, then the server is asked once the typing pauses, never under 2 characters", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const fetchMock = mockApi({ "GET /api/admin/users?q=ana": () => json({ items: [ana, anabel] }) });
    render();
    // keys as the input sees them, the debounce's clock moved by hand (userEvent waits on the faked clock)
    const search = screen.getByLabelText("Buscar jugador");
    fireEvent.change(search, { target: { value: "a" } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searched(fetchMock)).toEqual([]);
    fireEvent.change(search, { target: { value: "an" } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(search, { target: { value: "ana" } });
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(searched(fetchMock)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    const results = await screen.findByRole("list", { name: "Jugadores encontrados" });
    expect(searched(fetchMock)).toEqual(["/api/admin/users?q=ana"]);
    // each row: the name, then what tells players apart (username, phone, email; a walk-in may have neither)
    expect(within(results).getAllByRole("button").map((row) => row.textContent)).toEqual([
      "Ana Torres@ana · +593991234567 · ana@x.test",
      "Anabel Ruiz@anabel",
    ]);
  });

  it("when a found player is picked, then the booking is made for them and the toast names them", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/users?q=torres": () => json({ items: [ana] }),
      "POST /api/bookings": () => json({ id: "b1" }, 201),
    });
    const done = vi.fn();
    render(done);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Buscar jugador"), "torres");
    await user.click(await screen.findByRole("button", { name: /Ana Torres/ }));
    expect(screen.queryByLabelText("Buscar jugador")).toBeNull();
    expect(screen.getByText("Ana Torres")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Modalidad"), "doubles");
    await user.click(screen.getByRole("button", { name: "Reservar" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted(fetchMock, "/api/bookings")).toEqual([{ courtId: "c1", bookingDate: "2030-01-10T00:00:00", timeSlot: "10:00", gameType: "doubles", userId: "u1" }]);
    expect(currentToast()).toMatchObject({ title: "Reserva creada", description: "Cancha Central a las 10:00 para Ana Torres" });
  });

  it("when 'Cambiar' is pressed, then the search comes back with its text and no booking can be sent meanwhile", async () => {
    mockApi({ "GET /api/admin/users?q=ana": () => json({ items: [ana] }) });
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Buscar jugador"), "ana");
    // one match: Enter takes it
    await screen.findByRole("button", { name: /Ana Torres/ });
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Reservar" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cambiar" }));
    expect(screen.getByLabelText("Buscar jugador")).toHaveValue("ana");
    expect(screen.getByLabelText("Buscar jugador")).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Reservar" })).toBeNull();
  });

  it("when nobody matches, then 'Nuevo jugador' starts from what was typed and the walk-in is created and chosen", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/users?q=Zoe%20Paz": () => json({ items: [] }),
      "POST /api/admin/users": () => json({ id: "u9", username: "zoe.paz-3f9a", email: "", fullName: "Zoe Paz", phone: "+593991234567", emailVerified: false }, 201),
      "POST /api/bookings": () => json({ id: "b1" }, 201),
    });
    const done = vi.fn();
    render(done);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Buscar jugador"), "Zoe Paz");
    expect(await screen.findByText("Nadie coincide con «Zoe Paz».")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Nuevo jugador" }));
    const form = screen.getByRole("form", { name: "Nuevo jugador" });
    expect(within(form).getByLabelText("Nombre completo")).toHaveValue("Zoe Paz");
    await user.type(within(form).getByLabelText("Teléfono (opcional)"), "099 123 4567");
    await user.click(within(form).getByRole("button", { name: "Crear jugador" }));
    // the blank email is sent as none
    await waitFor(() => expect(posted(fetchMock, "/api/admin/users")).toEqual([{ fullName: "Zoe Paz", phone: "099 123 4567", email: null }]));
    expect(await screen.findByText("@zoe.paz-3f9a · +593991234567")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reservar" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted(fetchMock, "/api/bookings")).toEqual([expect.objectContaining({ userId: "u9" })]);
    expect(currentToast()).toMatchObject({ description: "Cancha Central a las 10:00 para Zoe Paz" });
  });

  it("when the server cannot read the walk-in's phone or the email is taken, then its message shows under that field and nobody is chosen", async () => {
    let answer = json({ message: "El teléfono no es un número válido (p. ej. 099 123 4567 o +593 99 123 4567)", code: "INVALID_INPUT", field: "phone" }, 400);
    mockApi({ "POST /api/admin/users": () => answer });
    render();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Nuevo jugador" }));
    const form = screen.getByRole("form", { name: "Nuevo jugador" });
    // a name is required, and said so before anything is sent
    await user.click(within(form).getByRole("button", { name: "Crear jugador" }));
    expect(within(form).getByLabelText("Nombre completo")).toHaveAccessibleDescription("El nombre completo debe tener entre 2 y 80 caracteres");
    await user.type(within(form).getByLabelText("Nombre completo"), "Zoe Paz");
    await user.type(within(form).getByLabelText("Teléfono (opcional)"), "12");
    await user.click(within(form).getByRole("button", { name: "Crear jugador" }));
    await waitFor(() =>
      expect(within(form).getByLabelText("Teléfono (opcional)")).toHaveAccessibleDescription("El teléfono no es un número válido (p. ej. 099 123 4567 o +593 99 123 4567)"),
    );
    // typing again takes the server's word away until it answers again
    await user.clear(within(form).getByLabelText("Teléfono (opcional)"));
    expect(within(form).getByLabelText("Teléfono (opcional)")).not.toHaveAccessibleDescription(/no es un número válido/);
    answer = json({ message: "El correo electrónico ya está registrado", code: "EMAIL_TAKEN" }, 409);
    await user.type(within(form).getByLabelText("Correo (opcional)"), "ana@x.test");
    await user.click(within(form).getByRole("button", { name: "Crear jugador" }));
    await waitFor(() => expect(within(form).getByLabelText("Correo (opcional)")).toHaveAccessibleDescription("El correo electrónico ya está registrado"));
    expect(screen.queryByRole("button", { name: "Reservar" })).toBeNull();
  });

  it("when the search fails, then the dialog says so instead of 'nobody matches'", async () => {
    mockApi({ "GET /api/admin/users?q=ana": () => json({ message: "Error interno", code: "INTERNAL" }, 500) });
    render();
    await userEvent.setup().type(screen.getByLabelText("Buscar jugador"), "ana");
    expect(await screen.findByText("No se pudo buscar: Error interno")).toBeInTheDocument();
  });

  it("when a weekly booking asks for 60 weeks, then 'Semanas' is named and nothing is asked of the server", async () => {
    const fetchMock = mockApi({ "GET /api/admin/users?q=ana": () => json({ items: [ana] }) });
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Buscar jugador"), "ana");
    await user.click(await screen.findByRole("button", { name: /Ana Torres/ }));
    await user.click(screen.getByLabelText("Repetir cada semana (reserva fija)"));
    await user.clear(screen.getByLabelText("Semanas"));
    await user.type(screen.getByLabelText("Semanas"), "60");
    await user.click(screen.getByRole("button", { name: "Crear reserva fija" }));
    expect(currentToast()).toMatchObject({ title: "Error al crear reserva", description: "El campo «Semanas» debe ser un número entero entre 1 y 52" });
    await user.clear(screen.getByLabelText("Semanas"));
    await user.click(screen.getByRole("button", { name: "Crear reserva fija" }));
    expect(currentToast()).toMatchObject({ title: "Error al crear reserva", description: "El campo «Semanas» debe ser un número entero entre 1 y 52" });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });
});
