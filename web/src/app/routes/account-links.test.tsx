import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import { renderRoute } from "../../testing/render-route";
import ForgotPasswordScreen from "./forgot-password";
import LoginScreen from "./login";
import ResetPasswordScreen from "./reset-password";
import VerifyEmailScreen from "./verify-email";

const LINK_GONE = "Este enlace ya no es válido: se usó, venció o pediste uno más nuevo. Pide otro.";
const TOKEN = "tok_0123456789abcdefghij";
const ANA = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: false };

const posts = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([p, init]) => String(p) === path && init?.method === "POST").map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));

describe("/login", () => {
  it("when a player forgot the password, then '¿Olvidaste tu contraseña?' leads to /recuperar", async () => {
    mockApi(GUEST);
    renderWithProviders(<LoginScreen />, "/login");
    expect(await screen.findByRole("link", { name: "¿Olvidaste tu contraseña?" })).toHaveAttribute("href", "/recuperar");
  });
});

describe("/recuperar", () => {
  it("when an email is sent, then the screen says the same words whatever the address, and posts it once", async () => {
    const fetchMock = mockApi({ ...GUEST, "POST /api/auth/password-reset": () => new Response(null, { status: 202 }) });
    renderWithProviders(<ForgotPasswordScreen />, "/recuperar");
    await userEvent.type(screen.getByLabelText("Email"), "Nadie@X.test ");
    await userEvent.click(screen.getByRole("button", { name: "Enviar enlace" }));
    expect(await screen.findByText("Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.")).toBeInTheDocument();
    // decoded as the server does: trimmed and lower-cased
    expect(posts(fetchMock, "/api/auth/password-reset")).toEqual([{ email: "nadie@x.test" }]);
    expect(screen.queryByRole("button", { name: "Enviar enlace" })).toBeNull();
    // the card's request ('te enviaremos...') gives way to its answer
    expect(screen.queryByText(/te enviaremos un enlace/)).toBeNull();
  });

  it("when the address is not one, then the field says so and nothing is sent", async () => {
    const fetchMock = mockApi(GUEST);
    renderWithProviders(<ForgotPasswordScreen />, "/recuperar");
    await userEvent.type(screen.getByLabelText("Email"), "ana@");
    await userEvent.click(screen.getByRole("button", { name: "Enviar enlace" }));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("El campo «Email» debe ser un correo electrónico válido");
    expect(posts(fetchMock, "/api/auth/password-reset")).toEqual([]);
  });

  it("when the server asks to wait (429), then 'Error' shows its message and the form stays", async () => {
    mockApi({ ...GUEST, "POST /api/auth/password-reset": () => json({ message: "Demasiadas solicitudes. Intenta de nuevo en un minuto.", code: "RATE_LIMITED" }, 429) });
    renderWithProviders(<ForgotPasswordScreen />, "/recuperar");
    await userEvent.type(screen.getByLabelText("Email"), "ana@x.test");
    await userEvent.click(screen.getByRole("button", { name: "Enviar enlace" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error", description: "Demasiadas solicitudes. Intenta de nuevo en un minuto." }));
    expect(screen.getByRole("button", { name: "Enviar enlace" })).toBeInTheDocument();
  });
});

describe("/restablecer/:token", () => {
  const open = () => renderRoute("/restablecer/:token", <ResetPasswordScreen />, `/restablecer/${TOKEN}`);

  it("when the new password is saved, then the browser goes to /login with 'Contraseña actualizada'", async () => {
    const fetchMock = mockApi({ ...GUEST, [`POST /api/auth/password-reset/${TOKEN}`]: () => new Response(null, { status: 204 }) });
    open();
    await userEvent.type(screen.getByLabelText("Nueva contraseña"), "nueva-clave-2026");
    await userEvent.type(screen.getByLabelText("Confirmar contraseña"), "nueva-clave-2026");
    await userEvent.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
    expect(currentToast()).toMatchObject({ title: "Contraseña actualizada", description: "Ya puedes iniciar sesión con tu nueva contraseña." });
    expect(posts(fetchMock, `/api/auth/password-reset/${TOKEN}`)).toEqual([{ password: "nueva-clave-2026" }]);
  });

  it("when the link was used or expired (410), then the screen says why and links to ask for a new one", async () => {
    mockApi({ ...GUEST, [`POST /api/auth/password-reset/${TOKEN}`]: () => json({ message: LINK_GONE, code: "ACCOUNT_LINK_GONE" }, 410) });
    open();
    await userEvent.type(screen.getByLabelText("Nueva contraseña"), "nueva-clave-2026");
    await userEvent.type(screen.getByLabelText("Confirmar contraseña"), "nueva-clave-2026");
    await userEvent.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(`Enlace no válido${LINK_GONE}`);
    expect(screen.getByRole("link", { name: "Pedir un enlace nuevo" })).toHaveAttribute("href", "/recuperar");
    expect(screen.getByTestId("location")).toHaveTextContent(`/restablecer/${TOKEN}`);
    expect(screen.queryByText("Elige la contraseña con la que entrarás desde ahora.")).toBeNull();
  });

  it("when the password is too common (WEAK_PASSWORD) or the two differ, then the form says so under the field", async () => {
    const fetchMock = mockApi({ ...GUEST, [`POST /api/auth/password-reset/${TOKEN}`]: () => json({ message: "Esa contraseña es demasiado común", code: "WEAK_PASSWORD", field: "password" }, 400) });
    open();
    await userEvent.type(screen.getByLabelText("Nueva contraseña"), "1234567890");
    await userEvent.type(screen.getByLabelText("Confirmar contraseña"), "1234567899");
    await userEvent.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    expect(screen.getByLabelText("Confirmar contraseña")).toHaveAccessibleDescription("Las contraseñas no coinciden");
    expect(posts(fetchMock, `/api/auth/password-reset/${TOKEN}`)).toEqual([]);
    await userEvent.type(screen.getByLabelText("Confirmar contraseña"), "{Backspace}0");
    await userEvent.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    await waitFor(() => expect(screen.getByLabelText("Nueva contraseña")).toHaveAccessibleDescription("Esa contraseña es demasiado común"));
  });
});

describe("/verificar/:token", () => {
  // as boot.tsx renders the app in development: StrictMode runs each mount's effects twice
  const open = () => renderRoute("/verificar/:token", <VerifyEmailScreen />, `/verificar/${TOKEN}`, {}, { strict: true });

  it("when the link is opened under StrictMode (its effects run twice), then it is posted once and 'Correo confirmado' shows", async () => {
    let confirmed = false;
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: { ...ANA, emailVerified: confirmed } }),
      // a second POST would find the link used
      [`POST /api/auth/verify-email/${TOKEN}`]: () => {
        if (confirmed) return json({ message: LINK_GONE, code: "ACCOUNT_LINK_GONE" }, 410);
        confirmed = true;
        return new Response(null, { status: 204 });
      },
    });
    open();
    expect(await screen.findByRole("heading", { name: "Correo confirmado" })).toBeInTheDocument();
    expect(screen.getByText("Gracias: tu correo quedó confirmado.")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Ir a Mi Dashboard" })).toHaveAttribute("href", "/user-dashboard");
    expect(posts(fetchMock, `/api/auth/verify-email/${TOKEN}`)).toHaveLength(1);
  });

  it("when a guest's link was used or expired (410), then the reason shows and a way to ask for another after signing in", async () => {
    const token = "tok_gone_0123456789abc";
    mockApi({ ...GUEST, [`POST /api/auth/verify-email/${token}`]: () => json({ message: LINK_GONE, code: "ACCOUNT_LINK_GONE" }, 410) });
    renderRoute("/verificar/:token", <VerifyEmailScreen />, `/verificar/${token}`);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(LINK_GONE);
    expect(screen.getByRole("link", { name: "Iniciar Sesión" })).toHaveAttribute("href", "/login?next=%2Fsettings");
  });

  it("when a signed-in player's link is gone, then 'Reenviar enlace' is offered there", async () => {
    const token = "tok_gone_signed_in_0123";
    const fetchMock = mockApi({
      ...GUEST,
      "GET /api/auth/me": () => json({ user: ANA }),
      [`POST /api/auth/verify-email/${token}`]: () => json({ message: LINK_GONE, code: "ACCOUNT_LINK_GONE" }, 410),
      "POST /api/auth/verify-email": () => new Response(null, { status: 202 }),
    });
    renderRoute("/verificar/:token", <VerifyEmailScreen />, `/verificar/${token}`);
    await userEvent.click(await screen.findByRole("button", { name: "Reenviar enlace" }));
    expect(await screen.findByRole("button", { name: "Enlace enviado" })).toBeDisabled();
    expect(posts(fetchMock, "/api/auth/verify-email")).toHaveLength(1);
  });

  it("when the server cannot be reached, then 'Intentar de nuevo' posts again", async () => {
    const token = "tok_offline_0123456789";
    let online = false;
    const fetchMock = mockApi({
      ...GUEST,
      [`POST /api/auth/verify-email/${token}`]: () => {
        if (!online) throw new TypeError("Failed to fetch");
        return new Response(null, { status: 204 });
      },
    });
    renderRoute("/verificar/:token", <VerifyEmailScreen />, `/verificar/${token}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("No se pudo conectar con el servidor");
    online = true;
    await userEvent.click(screen.getByRole("button", { name: "Intentar de nuevo" }));
    expect(await screen.findByRole("heading", { name: "Correo confirmado" })).toBeInTheDocument();
    expect(posts(fetchMock, `/api/auth/verify-email/${token}`)).toHaveLength(2);
  });
});
