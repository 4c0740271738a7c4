import { act, render } from "@testing-library/react";
import { useEffect } from "react";
import { MemoryRouter, useNavigate } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { currentToast, dismissToast, toast, toastForNextScreen, ToastHost } from "./toast";

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = (path) => navigate(path);
  }, [navigate]);
  return null;
}

const app = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <ToastHost />
    </MemoryRouter>,
  );

describe("toasts and navigation", () => {
  afterEach(() => {
    const shown = currentToast();
    if (shown) dismissToast(shown.id);
  });

  it("when a screen's toast was raised just before the player leaves it, then the next screen does not show it", () => {
    app("/booking/c1");
    // 'Selecciona una hora', then an hour chosen and 'Continuar al Pago' at once: no time passes
    act(() => toast({ title: "Selecciona una hora", variant: "destructive" }));
    act(() => go("/checkout/b1"));
    expect(currentToast()).toBeNull();
  });

  it("when a toast is raised for the next screen, then it stays there and goes with the navigation after", () => {
    app("/login");
    act(() => {
      toastForNextScreen({ title: "Inicio de sesión exitoso" });
      go("/user-dashboard");
    });
    expect(currentToast()).toMatchObject({ title: "Inicio de sesión exitoso" });
    act(() => go("/my-bookings"));
    expect(currentToast()).toBeNull();
  });

  it("when the toast for the next screen is raised after the navigation, then it stays too", () => {
    app("/user-dashboard");
    // logout: the navigation first, then 'Sesión cerrada'
    act(() => {
      go("/login");
      toastForNextScreen({ title: "Sesión cerrada" });
    });
    expect(currentToast()).toMatchObject({ title: "Sesión cerrada" });
  });

  it("when a newer toast replaces a carried one on the new screen, then the newer one is about that screen", () => {
    app("/login");
    act(() => {
      toastForNextScreen({ title: "¡Bienvenido!" });
      go("/user-dashboard");
    });
    act(() => toast({ title: "Perfil actualizado" }));
    act(() => go("/my-bookings"));
    expect(currentToast()).toBeNull();
  });
});
