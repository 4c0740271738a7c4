import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import SettingsScreen from "./settings";
import UserDashboardScreen from "./user-dashboard";

const ANA = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: "+593991234567", emailVerified: true };

const signedIn = (user: typeof ANA | Record<string, unknown>, more: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ ...GUEST, "GET /api/auth/me": () => json({ user }), ...more });

/** The read-only lines of Perfil: label and value. */
const lines = () =>
  screen.getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe("Settings · Perfil", () => {
  it("when a player opens it, then SPEC's lines (Usuario, Email, ID de usuario) show with the name and phone, and no notice for a confirmed email", async () => {
    signedIn(ANA);
    renderWithProviders(<SettingsScreen />, "/settings");
    await screen.findByRole("button", { name: "Editar perfil" });
    expect(lines()).toEqual([
      ["Nombre completo", "Ana Torres"],
      ["Usuario", "ana"],
      ["Email", "ana@x.test"],
      ["Teléfono", "+593991234567"],
      ["ID de usuario", "u1"],
    ]);
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("when 'Editar perfil' saves, then the dialog closes, 'Perfil actualizado' shows and the lines read the new session", async () => {
    let me: Record<string, unknown> = { ...ANA, fullName: null, phone: null };
    const fetchMock = signedIn(me, {
      "GET /api/auth/me": () => json({ user: me }),
      "PUT /api/user/profile": (init) => {
        me = { ...me, ...(JSON.parse(String(init.body)) as object), phone: "+593991234567" };
        return json({ user: me });
      },
    });
    renderWithProviders(<SettingsScreen />, "/settings");
    expect(await screen.findAllByText("Sin indicar")).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Editar perfil" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar perfil" });
    await user.type(within(dialog).getByLabelText("Nombre completo"), "Ana Torres");
    await user.type(within(dialog).getByLabelText("Teléfono (opcional)"), "099 123 4567");
    await user.click(within(dialog).getByRole("button", { name: "Guardar Cambios" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(currentToast()).toMatchObject({ title: "Perfil actualizado" });
    expect(await screen.findByText("Ana Torres")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "PUT").map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { fullName: "Ana Torres", username: "ana", email: "ana@x.test", phone: "099 123 4567" },
    ]);
  });

  it("when 'Cambiar contraseña' is refused for a wrong current password, then the dialog stays open with the message under that field", async () => {
    signedIn(ANA, { "POST /api/user/password": () => json({ message: "La contraseña actual no es correcta", code: "WRONG_PASSWORD" }, 400) });
    renderWithProviders(<SettingsScreen />, "/settings");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Cambiar contraseña" }));
    const dialog = await screen.findByRole("dialog", { name: "Cambiar contraseña" });
    expect(dialog).toHaveAccessibleDescription("Al cambiarla se cierran tus sesiones en otros dispositivos.");
    await user.type(within(dialog).getByLabelText("Contraseña actual"), "otra-clave-1");
    await user.type(within(dialog).getByLabelText("Nueva contraseña"), "nueva-clave-2026");
    await user.type(within(dialog).getByLabelText("Confirmar nueva contraseña"), "nueva-clave-2026");
    await user.click(within(dialog).getByRole("button", { name: "Cambiar contraseña" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Contraseña actual")).toHaveAccessibleDescription("La contraseña actual no es correcta"));
    expect(screen.getByRole("dialog", { name: "Cambiar contraseña" })).toBeInTheDocument();
  });

  it("when the email is not confirmed, then a notice names it and 'Reenviar enlace' sends one new link", async () => {
    const fetchMock = signedIn({ ...ANA, emailVerified: false }, { "POST /api/auth/verify-email": () => new Response(null, { status: 202 }) });
    renderWithProviders(<SettingsScreen />, "/settings");
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent("Confirma tu correo. Te enviamos un enlace a ana@x.test.");
    await userEvent.click(within(note).getByRole("button", { name: "Reenviar enlace" }));
    expect(await within(note).findByRole("button", { name: "Enlace enviado" })).toBeDisabled();
    expect(currentToast()).toMatchObject({ title: "Enlace enviado", description: "Revisa tu correo ana@x.test." });
    expect(fetchMock.mock.calls.filter(([path, init]) => String(path) === "/api/auth/verify-email" && init?.method === "POST")).toHaveLength(1);
  });

  it("when the email was confirmed meanwhile (409), then the notice goes once the session is read again", async () => {
    let verified = false;
    signedIn(ANA, {
      "GET /api/auth/me": () => json({ user: { ...ANA, emailVerified: verified } }),
      "POST /api/auth/verify-email": () => {
        verified = true;
        return json({ message: "Tu correo ya está confirmado", code: "EMAIL_ALREADY_VERIFIED" }, 409);
      },
    });
    renderWithProviders(<SettingsScreen />, "/settings");
    await userEvent.click(within(await screen.findByRole("note")).getByRole("button", { name: "Reenviar enlace" }));
    await waitFor(() => expect(screen.queryByRole("note")).toBeNull());
    expect(currentToast()).toMatchObject({ title: "Correo confirmado", description: "Tu correo ya está confirmado" });
  });
});

describe("Dashboard · unconfirmed email", () => {
  it("when the player's email is not confirmed, then a short notice with 'Reenviar enlace' sits above the tabs; once confirmed, none", async () => {
    const page = () => new Response("[]", { status: 200, headers: { "Content-Type": "application/json", "X-Total-Count": "0" } });
    const answers = { "GET /api/user/bookings?scope=upcoming&page=1&pageSize=12": page, "GET /api/user/payments?page=1&pageSize=50": page };
    signedIn({ ...ANA, emailVerified: false }, answers);
    const { unmount } = renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent(/^Confirma tu correo\. Te enviamos un enlace a ana@x\.test\.Reenviar enlace$/);
    unmount();
    signedIn(ANA, answers);
    renderWithProviders(<UserDashboardScreen />, "/user-dashboard");
    await screen.findByRole("tab", { name: "Mis Reservas" });
    expect(screen.queryByRole("note")).toBeNull();
  });
});
