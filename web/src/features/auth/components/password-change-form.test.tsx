import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { PasswordChangeForm } from "./password-change-form";

const fill = async (current: string, next: string, confirm = next) => {
  await userEvent.type(screen.getByLabelText("Contraseña actual"), current);
  await userEvent.type(screen.getByLabelText("Nueva contraseña"), next);
  await userEvent.type(screen.getByLabelText("Confirmar nueva contraseña"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
};

describe("PasswordChangeForm", () => {
  it("when the current password is right, then the change is sent once and the toast says the other sessions ended", async () => {
    const fetchMock = mockApi({ "POST /api/user/password": () => new Response(null, { status: 204 }) });
    const done = vi.fn();
    renderWithProviders(<PasswordChangeForm onDone={done} />);
    await fill("vieja-clave-1", "nueva-clave-2026");
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ currentPassword: "vieja-clave-1", newPassword: "nueva-clave-2026" }]);
    expect(currentToast()).toMatchObject({ title: "Contraseña actualizada", description: "Cerramos tus sesiones en otros dispositivos." });
  });

  it("when the current password is wrong, then the server's message shows under 'Contraseña actual' and the form stays", async () => {
    mockApi({ "POST /api/user/password": () => json({ message: "La contraseña actual no es correcta", code: "WRONG_PASSWORD" }, 400) });
    const done = vi.fn();
    renderWithProviders(<PasswordChangeForm onDone={done} />);
    await fill("otra-clave-1", "nueva-clave-2026");
    await waitFor(() => expect(screen.getByLabelText("Contraseña actual")).toHaveAccessibleDescription("La contraseña actual no es correcta"));
    expect(done).not.toHaveBeenCalled();
    expect(currentToast()).toBeNull();
  });

  it("when the new password is too common, then the server's message (about 'password') shows under 'Nueva contraseña'", async () => {
    mockApi({ "POST /api/user/password": () => json({ message: "Esa contraseña es demasiado común", code: "WEAK_PASSWORD", field: "password" }, 400) });
    renderWithProviders(<PasswordChangeForm />);
    await fill("vieja-clave-1", "1234567890");
    await waitFor(() => expect(screen.getByLabelText("Nueva contraseña")).toHaveAccessibleDescription("Esa contraseña es demasiado común"));
  });

  it("when the new password is short or the two differ, then nothing is sent", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<PasswordChangeForm />);
    await fill("vieja-clave-1", "corta", "corta");
    expect(screen.getByLabelText("Nueva contraseña")).toHaveAccessibleDescription("La contraseña debe tener al menos 10 caracteres (y hasta 200)");
    await userEvent.clear(screen.getByLabelText("Nueva contraseña"));
    await userEvent.type(screen.getByLabelText("Nueva contraseña"), "nueva-clave-2026");
    await userEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect(screen.getByLabelText("Confirmar nueva contraseña")).toHaveAccessibleDescription("Las contraseñas no coinciden");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
