import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GUEST, json, mockApi, renderWithProviders } from "../../testing/render-app";
import LoginScreen from "./login";

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
    const fetchMock = mockApi(GUEST);
    renderWithProviders(<LoginScreen />, "/login");
    await screen.findByRole("button", { name: /Iniciar Sesión|Ingresar/ });
    // the check was asked and answered 'not an admin'
    await waitFor(() => expect(fetchMock.mock.calls.some(([p]) => String(p).startsWith("/api/admin/check"))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole("note")).toBeNull();
  });
});
