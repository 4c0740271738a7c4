import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { ProfileForm } from "./profile-form";

const user = { id: "u1", username: "ana", email: "ana@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };

describe("ProfileForm", () => {
  it("when a refused username is followed by another attempt, then the old refusal does not stay beside the new answer", async () => {
    mockApi({ "PUT /api/user/profile": () => json({ message: "El nombre de usuario ya está en uso", code: "USERNAME_TAKEN" }, 409) });
    renderWithProviders(<ProfileForm user={user} />);
    await userEvent.clear(screen.getByLabelText("Usuario"));
    await userEvent.type(screen.getByLabelText("Usuario"), "beto");
    await userEvent.click(screen.getByRole("button", { name: /Guardar/ }));
    expect(currentToast()).toMatchObject({ description: "El nombre de usuario ya está en uso" });
    // back to their own name, and an email that is not one: the form says what is wrong, the old toast is gone
    await userEvent.clear(screen.getByLabelText("Usuario"));
    await userEvent.type(screen.getByLabelText("Usuario"), "ana");
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "no-es-correo");
    await userEvent.click(screen.getByRole("button", { name: /Guardar/ }));
    expect(currentToast()).toBeNull();
  });
});

describe("ProfileForm: name, phone and a new email", () => {
  const bodies = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown);

  it("when the phone is emptied, then it is sent as none (removed) with the other fields", async () => {
    const withPhone = { ...user, phone: "+593991234567" };
    const fetchMock = mockApi({ "PUT /api/user/profile": () => json({ user: { ...withPhone, phone: null } }) });
    const done = vi.fn();
    renderWithProviders(<ProfileForm user={withPhone} onDone={done} />);
    expect(screen.getByLabelText("Teléfono (opcional)")).toHaveValue("+593991234567");
    await userEvent.clear(screen.getByLabelText("Teléfono (opcional)"));
    await userEvent.click(screen.getByRole("button", { name: /Guardar/ }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(bodies(fetchMock)).toEqual([{ fullName: "Ana Torres", email: "ana@x.test", username: "ana", phone: null }]);
    expect(currentToast()).toMatchObject({ title: "Perfil actualizado", description: "Tus datos se guardaron correctamente" });
  });

  it("when the email changes, then the toast says where the confirmation link went", async () => {
    mockApi({ "PUT /api/user/profile": () => json({ user: { ...user, email: "ana@nuevo.test", emailVerified: false } }) });
    renderWithProviders(<ProfileForm user={user} />);
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "ana@nuevo.test");
    await userEvent.click(screen.getByRole("button", { name: /Guardar/ }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Perfil actualizado", description: "Te enviamos un enlace a ana@nuevo.test para confirmar tu nuevo correo." }),
    );
  });

  it("when the email belongs to another account, then 'Error' toasts and the message stays under 'Email'", async () => {
    const done = vi.fn();
    mockApi({ "PUT /api/user/profile": () => json({ message: "El correo electrónico ya está registrado", code: "EMAIL_TAKEN" }, 409) });
    renderWithProviders(<ProfileForm user={user} onDone={done} />);
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "beto@x.test");
    await userEvent.click(screen.getByRole("button", { name: /Guardar/ }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error", description: "El correo electrónico ya está registrado" }));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("El correo electrónico ya está registrado");
    expect(done).not.toHaveBeenCalled();
  });

  it("when an account without a full name saves, then the name is asked for", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<ProfileForm user={{ ...user, fullName: null }} />);
    await userEvent.click(screen.getByRole("button", { name: /Guardar/ }));
    expect(screen.getByLabelText("Nombre completo")).toHaveAccessibleDescription("El nombre completo debe tener entre 2 y 80 caracteres");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
