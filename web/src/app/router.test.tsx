import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { currentToast, ToastHost } from "../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../testing/render-app";
import { AppRouter } from "./router";
import homeShell from "../../public/home-shell.html?raw";

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

const app = (path: string) =>
  renderWithProviders(
    <>
      <AppRouter />
      <Where />
    </>,
    path,
  );

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = (path) => void navigate(path);
  }, [navigate]);
  return null;
}

/** The app as AppProvider mounts it: the screens, then the toast region that clears on navigation. */
const appWithToasts = (path: string, strict = false, cached: Record<string, unknown> = {}) => {
  const tree = (
    <>
      <AppRouter />
      <Where />
      <Navigator />
      <ToastHost />
    </>
  );
  return renderWithProviders(strict ? <StrictMode>{tree}</StrictMode> : tree, path, cached);
};

describe("AppRouter", () => {
  it("when the path is unknown, then the not-found screen shows '404 Page Not Found'", async () => {
    mockApi(GUEST);
    app("/no-existe");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
  });

  it("when a guest opens home, then the top bar offers 'Iniciar Sesión' and 'Registrarse' and the hero 'Comenzar Ahora'", async () => {
    mockApi({ ...GUEST, "GET /api/venues": () => json([]) });
    app("/");
    expect(await screen.findByRole("link", { name: "Registrarse" })).toHaveAttribute("href", "/register");
    expect(screen.getAllByRole("link", { name: "Iniciar Sesión" })[0]).toHaveAttribute("href", "/login");
    expect(await screen.findByRole("link", { name: "Comenzar Ahora" })).toHaveAttribute("href", "/register");
    expect(await screen.findByText("Próximamente más canchas")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Mi Cuenta" })).toHaveAttribute("href", "/login");
  });

  it("when home renders, then its hero says what the server's first paint said (web/public/home-shell.html), word for word", async () => {
    mockApi({ ...GUEST, "GET /api/venues": () => json([]) });
    app("/");
    const hero = (await screen.findByRole("heading", { level: 1, name: /Reserva tu cancha de tenis/ })).closest("section")!;
    const shell = new DOMParser().parseFromString(homeShell, "text/html");
    const paragraphs = (root: ParentNode) => [...root.querySelectorAll("p, h1")].map((el) => el.textContent);
    expect(paragraphs(shell.querySelector("section")!)).toEqual(paragraphs(hero));
    // a claim that holds at any hour (at night no court is free today)
    expect(paragraphs(hero)[0]).toBe("Reserva en línea las 24 horas");
  });

  it("when a player is logged in, then the hero hides the guest buttons and the bottom bar links to the account", async () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
      "GET /api/venues": () => json([]),
    });
    app("/");
    expect(await screen.findByRole("button", { name: /Menú de la cuenta de ana/ })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Comenzar Ahora" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Mi Cuenta" })).toHaveAttribute("href", "/user-dashboard");
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
  });

  it("when an admin is signed in, then the top bar shows 'Panel Admin' and 'Salir'", async () => {
    mockApi({ ...GUEST, "GET /api/admin/check": () => json({ isAdmin: true }), "GET /api/venues": () => json([]) });
    app("/");
    expect(await screen.findByRole("link", { name: "Panel Admin" })).toHaveAttribute("href", "/admin");
    expect(screen.getByRole("button", { name: "Salir" })).toBeInTheDocument();
  });

  it("when a guest opens a booking screen, then 'Inicia sesión' is toasted and they land on /login", async () => {
    mockApi(GUEST);
    app("/booking/c1");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(currentToast()).toMatchObject({ title: "Inicia sesión", description: "Debes iniciar sesión para hacer una reserva" });
  });

  it("when a guest moves from a venue to a booking screen in the app, then 'Inicia sesión' reaches /login", async () => {
    mockApi(GUEST);
    appWithToasts("/venue/nope");
    expect(await screen.findByText("Complejo no encontrado")).toBeInTheDocument();
    act(() => go("/booking/c1"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(currentToast()).toMatchObject({ title: "Inicia sesión", description: "Debes iniciar sesión para hacer una reserva" });
    // and it goes with the move after that
    act(() => go("/register"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/register"));
    expect(currentToast()).toBeNull();
  });

  it("when a guest opens a booking screen under StrictMode (development), then 'Inicia sesión' still reaches /login", async () => {
    mockApi(GUEST);
    // the session check already answered (the page's preload): the guard redirects as it mounts,
    // and StrictMode runs the mount's effects twice
    appWithToasts("/booking/c1", true, { "/api/auth/me": null });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(currentToast()).toMatchObject({ title: "Inicia sesión" });
  });

  it("when a player logs out on home itself, then 'Sesión cerrada' belongs to home and goes with the next move", async () => {
    mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }),
      "GET /api/venues": () => json([]),
      "POST /api/auth/logout": () => json({ message: "ok" }),
    });
    appWithToasts("/");
    await userEvent.click(await screen.findByRole("button", { name: /Menú de la cuenta de ana/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Salir" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Sesión cerrada", description: "Has cerrado sesión exitosamente" }));
    act(() => go("/venue/nope"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/venue/nope"));
    expect(currentToast()).toBeNull();
  });

  it("when the calendar of a venue that does not exist opens, then only the venue is asked for, once", async () => {
    const fetchMock = mockApi(GUEST);
    app("/venue/nope/calendar");
    expect(await screen.findByText("Complejo no encontrado")).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([p]) => String(p)).filter((p) => p.startsWith("/api/venues/nope"));
    expect(asked).toEqual(["/api/venues/nope"]);
  });

  it("when a non-admin opens /admin, then they are sent to /admin/login", async () => {
    mockApi(GUEST);
    app("/admin");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/admin/login"));
  });

  it.each(["/venue/nope", "/venue/nope/calendar"])("when a venue does not exist (%s), then 'Complejo no encontrado' links home", async (path) => {
    mockApi(GUEST);
    app(path);
    expect(await screen.findByText("Complejo no encontrado")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
    expect(screen.queryByText(/Failed to fetch bookings/)).toBeNull();
  });

  it("when an admin clicks 'Salir', then the admin session ends with its toast and the app goes home", async () => {
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/admin/check": () => json({ isAdmin: true }),
      "GET /api/venues": () => json([]),
      "POST /api/admin/logout": () => json({ message: "ok" }),
    });
    app("/user-dashboard");
    await userEvent.click(await screen.findByRole("button", { name: "Salir" }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Sesión cerrada", description: "Sesión de administrador cerrada exitosamente" }),
    );
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(fetchMock.mock.calls.some(([p, init]) => p === "/api/admin/logout" && (init as RequestInit).method === "POST")).toBe(true);
  });

  /** ana on /my-bookings (and then home): the session check reads `session.signedIn` each time. */
  const anaOnMyBookings = (session: { signedIn: boolean }, logout: () => Response | Promise<Response>) => ({
    ...GUEST,
    "GET /api/auth/me": () => (session.signedIn ? json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }) : new Response(null, { status: 204 })),
    "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": () => json([]),
    "GET /api/user/bookings?scope=past&page=1&pageSize=12": () => json([]),
    "GET /api/venues": () => json([]),
    "POST /api/auth/logout": logout,
  });

  it("when a player picks 'Salir' in the account menu, then 'Has cerrado sesión exitosamente' and home", async () => {
    const session = { signedIn: true };
    mockApi(anaOnMyBookings(session, () => ((session.signedIn = false), json({ message: "ok" }))));
    appWithToasts("/my-bookings");
    expect(await screen.findByText("No tienes reservas activas")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: /Menú de la cuenta de ana/ }));
    expect(await screen.findByRole("menuitem", { name: "Mi Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("menuitem", { name: "Mis Reservas" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("menuitem", { name: "Salir" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole("link", { name: "Comenzar Ahora" })).toBeInTheDocument();
    // the screen left behind did not send the player to /login on its way out
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
    expect(currentToast()).toMatchObject({ title: "Sesión cerrada", description: "Has cerrado sesión exitosamente" });
  });

  it("when the player moves home while their logout is on its way, then a screen that needs a login still sends the guest to /login afterwards", async () => {
    const session = { signedIn: true };
    let answer: (response: Response) => void = () => undefined;
    mockApi(anaOnMyBookings(session, () => new Promise<Response>((resolve) => (answer = resolve))));
    appWithToasts("/my-bookings");
    expect(await screen.findByText("No tienes reservas activas")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: /Menú de la cuenta de ana/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Salir" }));
    act(() => go("/"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/));
    session.signedIn = false;
    await act(async () => answer(json({ message: "ok" })));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Sesión cerrada" }));
    act(() => go("/settings"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });

  it("when a player logs out from their dashboard, then it goes to /login and their bookings and payments are not asked for again", async () => {
    let signedIn = true;
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => (signedIn ? json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }) : new Response(null, { status: 204 })),
      "GET /api/user/bookings?scope=all&page=1&pageSize=12": () => json([]),
      "GET /api/user/payments?page=1&pageSize=20": () => json([]),
      "POST /api/auth/logout": () => ((signedIn = false), json({ message: "ok" })),
    });
    app("/user-dashboard");
    await userEvent.click(await screen.findByRole("button", { name: /Cerrar Sesión/ }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/login$/));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([p]) => String(p).startsWith("/api/auth/me")).length).toBeGreaterThan(1));
    const afterLogout = fetchMock.mock.calls.slice(fetchMock.mock.calls.findIndex(([p]) => p === "/api/auth/logout") + 1).map(([p]) => String(p));
    expect(afterLogout.filter((p) => p.startsWith("/api/user/"))).toEqual([]);
  });
});
