import { act, render } from "@testing-library/react";
import { useEffect } from "react";
import { MemoryRouter, useNavigate } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearToastsOfPreviousScreen, currentToast, dismissToast, NAVIGATION_TOAST_WINDOW_MS, toast, ToastHost } from "./toast";

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = (path) => navigate(path);
  }, [navigate]);
  return null;
}

describe("toasts and navigation", () => {
  afterEach(() => {
    const shown = currentToast();
    if (shown) dismissToast(shown.id);
    vi.useRealTimers();
  });

  it("when a toast was raised on a screen the player then leaves, then it is cleared", () => {
    toast({ title: "Selecciona una hora", description: "Por favor selecciona un horario disponible", variant: "destructive" });
    const raisedAt = currentToast()!.at;
    clearToastsOfPreviousScreen(raisedAt + NAVIGATION_TOAST_WINDOW_MS + 1);
    expect(currentToast()).toBeNull();
  });

  it("when a toast is raised together with the navigation, then it stays on the new screen", () => {
    toast({ title: "Pago exitoso", description: "Tu reserva ha sido confirmada" });
    clearToastsOfPreviousScreen(currentToast()!.at + 5);
    expect(currentToast()).toMatchObject({ title: "Pago exitoso" });
  });

  it("when the route changes in the app, then the old screen's toast goes away", () => {
    render(
      <MemoryRouter initialEntries={["/booking/c1"]}>
        <Navigator />
        <ToastHost />
      </MemoryRouter>,
    );
    const now = vi.spyOn(performance, "now");
    now.mockReturnValue(1_000);
    act(() => toast({ title: "Selecciona una hora", variant: "destructive" }));
    now.mockReturnValue(1_000 + NAVIGATION_TOAST_WINDOW_MS + 500);
    act(() => go("/checkout/b1"));
    expect(currentToast()).toBeNull();
    now.mockRestore();
  });
});
