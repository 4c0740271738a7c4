import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import { DiscountForm, toDiscountInput } from "./discount-form";
import { expiryText, usesText } from "./discount-list";

describe("toDiscountInput", () => {
  it("when limits are empty, then they are null; the code is upper-cased; the expiry is ISO", () => {
    expect(
      toDiscountInput({ code: " verano ", type: "percentage", value: "10", maxUsage: "", expiresAt: "", isActive: true }),
    ).toEqual({ code: "VERANO", type: "percentage", value: 10, maxUsage: null, expiresAt: null, isActive: true });
    const withExpiry = toDiscountInput({ code: "X5", type: "fixed", value: "5.50", maxUsage: "3", expiresAt: "2030-01-31T23:59", isActive: false });
    expect(withExpiry).toMatchObject({ value: 5.5, maxUsage: 3, isActive: false });
    expect(withExpiry.expiresAt).toBe(new Date("2030-01-31T23:59").toISOString());
  });

  it("when listed, then uses read 'used / max' or '∞' and a missing expiry reads 'Sin vencimiento'", () => {
    expect(usesText({ usageCount: 2, maxUsage: 10 })).toBe("2 / 10");
    expect(usesText({ usageCount: 7, maxUsage: null })).toBe("7 / ∞");
    expect(expiryText({ expiresAt: null })).toBe("Sin vencimiento");
    expect(expiryText({ expiresAt: new Date(2030, 0, 31, 12).toISOString() })).toBe("31/01/2030");
  });
});

describe("DiscountForm", () => {
  it("when code or value is missing, then submit is disabled; typed codes show upper-case", async () => {
    renderWithProviders(<DiscountForm onDone={() => {}} />);
    const submit = screen.getByRole("button", { name: "Crear Código" });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Código"), "promo");
    expect(screen.getByLabelText("Código")).toHaveValue("PROMO");
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Valor (%)"), "15");
    expect(submit).toBeEnabled();
    expect(screen.getByLabelText("Valor (%)")).toHaveAttribute("step", "1");
  });

  it("when the type is fixed, then the value steps by cents; maxUsage below 1 blocks submit", async () => {
    renderWithProviders(<DiscountForm onDone={() => {}} />);
    await userEvent.selectOptions(screen.getByLabelText("Tipo"), "fixed");
    expect(screen.getByLabelText("Valor ($)")).toHaveAttribute("step", "0.01");
    await userEvent.type(screen.getByLabelText("Código"), "fijo");
    await userEvent.type(screen.getByLabelText("Valor ($)"), "2.5");
    await userEvent.type(screen.getByLabelText("Usos máximos (opcional)"), "0");
    expect(screen.getByRole("button", { name: "Crear Código" })).toBeDisabled();
    // the request schema's own message, the one the API answers
    expect(screen.getByText("El campo «Usos máximos» debe ser un número entero mayor o igual a 1")).toBeInTheDocument();
  });

  it("when 'Usos máximos' is not whole (1.9), then it is refused as the API would, never saved as 1", async () => {
    renderWithProviders(<DiscountForm onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Código"), "promo");
    await userEvent.type(screen.getByLabelText("Valor (%)"), "10");
    await userEvent.type(screen.getByLabelText("Usos máximos (opcional)"), "1.9");
    expect(screen.getByRole("button", { name: "Crear Código" })).toBeDisabled();
    expect(screen.getByText("El campo «Usos máximos» debe ser un número entero mayor o igual a 1")).toBeInTheDocument();
  });

  it.each([
    ["-5", "percentage"],
    ["150", "percentage"],
    ["12.5", "percentage"],
    ["2.555", "fixed"],
  ])("when the value is %s (%s), then the form says the type's own rule, as the API words it, and submit is off", async (value, type) => {
    renderWithProviders(<DiscountForm onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText("Código"), "promo");
    await userEvent.selectOptions(screen.getByLabelText("Tipo"), type);
    await userEvent.type(screen.getByLabelText(type === "percentage" ? "Valor (%)" : "Valor ($)"), value);
    expect(screen.getByRole("button", { name: "Crear Código" })).toBeDisabled();
    expect(
      screen.getByText(
        type === "percentage" ? "El porcentaje debe ser un número entero entre 0 y 100" : "El monto fijo debe ser un número mayor o igual a 0 con hasta 2 decimales",
      ),
    ).toBeInTheDocument();
  });

  it("when editing, then the code cannot change and the PATCH leaves it out", async () => {
    const fetchMock = mockApi({ "PATCH /api/admin/discount-codes/d1": () => json({ id: "d1" }) });
    const code = { id: "d1", code: "VERANO", type: "percentage" as const, value: 10, maxUsage: null, usageCount: 0, expiresAt: null, isActive: true, createdAt: "2030-01-01T00:00:00.000Z" };
    renderWithProviders(<DiscountForm code={code} onDone={() => {}} />);
    expect(screen.getByLabelText("Código")).toBeDisabled();
    await userEvent.clear(screen.getByLabelText("Valor (%)"));
    await userEvent.type(screen.getByLabelText("Valor (%)"), "20");
    await userEvent.click(screen.getByRole("button", { name: "Guardar Cambios" }));
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ type: "percentage", value: 20, maxUsage: null, expiresAt: null, isActive: true });
    expect(currentToast()).toMatchObject({ title: "Código actualizado" });
  });
});
