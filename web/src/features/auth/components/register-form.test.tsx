import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { RegisterForm } from "./register-form";

const fill = async (password: string, confirm: string) => {
  await userEvent.type(screen.getByLabelText("Nombre completo"), "Ana Torres");
  await userEvent.type(screen.getByLabelText("Email"), "ana@x.test");
  await userEvent.type(screen.getByLabelText("Usuario"), "ana");
  await userEvent.type(screen.getByLabelText("Contraseña"), password);
  await userEvent.type(screen.getByLabelText("Confirmar contraseña"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Crear Cuenta" }));
};

const ANA = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null };

/** The JSON bodies the form posted. */
const sentBodies = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe("RegisterForm", () => {
  it("when the passwords differ, then 'Las contraseñas no coinciden' and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await fill("secreto-123", "secreto-456");
    expect(currentToast()).toMatchObject({ title: "Error", description: "Las contraseñas no coinciden" });
    expect(screen.getByText("Las contraseñas no coinciden")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when registration succeeds, then the full name goes with it, a blank phone as none, '¡Bienvenido!' shows and the screen moves on", async () => {
    const fetchMock = mockApi({ "POST /api/auth/register": () => json({ user: { ...ANA, emailVerified: false } }, 201) });
    const onDone = vi.fn();
    renderWithProviders(<RegisterForm onDone={onDone} />);
    await fill("secreto-123", "secreto-123");
    expect(currentToast()).toMatchObject({ title: "¡Bienvenido!" });
    expect(onDone).toHaveBeenCalled();
    expect(sentBodies(fetchMock)).toEqual([{ fullName: "Ana Torres", email: "ana@x.test", username: "ana", phone: null, password: "secreto-123" }]);
  });

  it("when a phone is typed, then it goes as typed (the server reads it in the club's region)", async () => {
    const fetchMock = mockApi({ "POST /api/auth/register": () => json({ user: { ...ANA, phone: "+593991234567", emailVerified: false } }, 201) });
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Teléfono (opcional)"), "099 123 4567");
    await fill("secreto-123", "secreto-123");
    expect(sentBodies(fetchMock)).toEqual([expect.objectContaining({ phone: "099 123 4567" })]);
  });

  it("when the full name is left out or is one letter, then the form says so and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Crear Cuenta" }));
    expect(screen.getByLabelText("Nombre completo")).toHaveAccessibleDescription("El nombre completo debe tener entre 2 y 80 caracteres");
    await userEvent.type(screen.getByLabelText("Nombre completo"), "A");
    expect(screen.getByLabelText("Nombre completo")).toHaveAccessibleDescription("El nombre completo debe tener entre 2 y 80 caracteres");
    // the phone is optional: no message under it
    expect(screen.getByLabelText("Teléfono (opcional)")).not.toHaveAttribute("aria-invalid");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the server cannot read the phone, then its message shows under the phone as well as in the toast, until the phone changes", async () => {
    const PHONE_INVALID = "El teléfono no es un número válido (p. ej. 099 123 4567 o +593 99 123 4567)";
    mockApi({ "POST /api/auth/register": () => json({ message: PHONE_INVALID, code: "INVALID_INPUT", field: "phone" }, 400) });
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Teléfono (opcional)"), "12");
    await fill("secreto-123", "secreto-123");
    expect(currentToast()).toMatchObject({ title: "Error al registrar", description: PHONE_INVALID });
    expect(screen.getByLabelText("Teléfono (opcional)")).toHaveAccessibleDescription(PHONE_INVALID);
    await userEvent.type(screen.getByLabelText("Teléfono (opcional)"), "3");
    expect(screen.getByLabelText("Teléfono (opcional)")).not.toHaveAttribute("aria-invalid");
  });

  it("when the username is taken, then the message shows under 'Usuario'", async () => {
    mockApi({ "POST /api/auth/register": () => json({ message: "El nombre de usuario ya está en uso", code: "USERNAME_TAKEN" }, 409) });
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await fill("secreto-123", "secreto-123");
    expect(screen.getByLabelText("Usuario")).toHaveAccessibleDescription("El nombre de usuario ya está en uso");
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
  });

  it("when the server refuses, then 'Error al registrar' shows its message", async () => {
    mockApi({ "POST /api/auth/register": () => json({ message: "El usuario ya existe", code: "USERNAME_TAKEN" }, 409) });
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await fill("secreto-123", "secreto-123");
    expect(currentToast()).toMatchObject({ title: "Error al registrar", description: "El usuario ya existe" });
  });

  it("when the password is shorter than the server accepts, then the server's own message shows and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await fill("corta-123", "corta-123");
    expect(screen.getByText("La contraseña debe tener al menos 10 caracteres (y hasta 200)")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when the email has no domain, then the request schema's email message shows", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Email"), "ana@");
    await userEvent.click(screen.getByRole("button", { name: "Crear Cuenta" }));
    expect(screen.getByText("El campo «Email» debe ser un correo electrónico válido")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when a refused attempt is followed by one the form stops, then the old server toast is gone and only the field's message shows", async () => {
    mockApi({ "POST /api/auth/register": () => json({ message: "El usuario ya existe", code: "USERNAME_TAKEN" }, 409) });
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await fill("secreto-123", "secreto-123");
    expect(currentToast()).toMatchObject({ title: "Error al registrar" });
    await userEvent.clear(screen.getByLabelText("Usuario"));
    await userEvent.click(screen.getByRole("button", { name: "Crear Cuenta" }));
    expect(currentToast()).toBeNull();
    expect(screen.getByText(/El campo «Usuario»/)).toBeInTheDocument();
  });
});
