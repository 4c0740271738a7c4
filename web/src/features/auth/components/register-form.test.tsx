import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { RegisterForm } from "./register-form";

const fill = async (password: string, confirm: string) => {
  await userEvent.type(screen.getByLabelText("Email"), "ana@x.test");
  await userEvent.type(screen.getByLabelText("Usuario"), "ana");
  await userEvent.type(screen.getByLabelText("Contraseña"), password);
  await userEvent.type(screen.getByLabelText("Confirmar contraseña"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Crear Cuenta" }));
};

describe("RegisterForm", () => {
  it("when the passwords differ, then 'Las contraseñas no coinciden' and nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<RegisterForm onDone={() => {}} />);
    await fill("secreto-123", "secreto-456");
    expect(currentToast()).toMatchObject({ title: "Error", description: "Las contraseñas no coinciden" });
    expect(screen.getByText("Las contraseñas no coinciden")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("when registration succeeds, then '¡Bienvenido!' and the screen moves on", async () => {
    mockApi({ "POST /api/auth/register": () => json({ user: { id: "u1", username: "ana", email: "ana@x.test" } }, 201) });
    const onDone = vi.fn();
    renderWithProviders(<RegisterForm onDone={onDone} />);
    await fill("secreto-123", "secreto-123");
    expect(currentToast()).toMatchObject({ title: "¡Bienvenido!" });
    expect(onDone).toHaveBeenCalled();
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
