import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
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
