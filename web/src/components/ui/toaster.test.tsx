import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast, toastError } from "./toast";
import Toaster from "./toaster";

describe("Toaster", () => {
  it("when two toasts are raised, then only the last one is visible", () => {
    render(<Toaster />);
    act(() => toast({ title: "Link copiado", description: "El link de pago se copió al portapapeles" }));
    act(() => toastError("Error al cancelar", "No se pudo cancelar la reserva"));
    expect(screen.queryByText("Link copiado")).not.toBeInTheDocument();
    expect(screen.getByText("Error al cancelar")).toBeInTheDocument();
    expect(screen.getByText("No se pudo cancelar la reserva")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: /Notificaciones \(F8\)/ })).toBeInTheDocument();
  });
});
