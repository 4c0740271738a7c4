import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAdminCheck } from "../../features/auth/api/get-admin-check";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import LoginScreen from "./login";

/** Shows the admin check's answer once it is in the cache the screen reads (the same SWR key). */
function AdminCheckSeen() {
  const { isAdmin, isChecking } = useAdminCheck();
  return isChecking ? null : <output data-testid="admin-check-answered">{String(isAdmin)}</output>;
}

describe("Login screen", () => {
  it("when the admin arrives signed in to the panel only ('Mi Cuenta' on a phone), then the screen says that session is not a player's, and links back to the panel", async () => {
    mockApi({ ...GUEST, "GET /api/admin/check": () => json({ isAdmin: true }) });
    renderWithProviders(<LoginScreen />, "/login");
    const note = await screen.findByRole("note");
    expect(note).toHaveTextContent("Entraste como administrador: esa sesión no es una cuenta de jugador.");
    expect(screen.getByRole("link", { name: "Panel Admin" })).toHaveAttribute("href", "/admin");
    expect(screen.getByRole("button", { name: /Iniciar Sesión|Ingresar/ })).toBeInTheDocument();
  });

  it("when a guest arrives, then there is no such note", async () => {
    mockApi(GUEST);
    renderWithProviders(
      <>
        <LoginScreen />
        <AdminCheckSeen />
      </>,
      "/login",
    );
    await screen.findByRole("button", { name: /Iniciar Sesión|Ingresar/ });
    // the check was answered 'not an admin', and the screen rendered with that answer
    expect(await screen.findByTestId("admin-check-answered")).toHaveTextContent("false");
    expect(screen.queryByRole("note")).toBeNull();
  });
});
