import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { toDiscountRule } from "../discount-rule";
import { DiscountBox } from "./discount-box";

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("toDiscountRule", () => {
  it("when the code is fixed in dollars, then the rule is in cents", () => {
    expect(toDiscountRule({ type: "fixed", value: 5.5 })).toEqual({ type: "fixed", value: 550 });
    expect(toDiscountRule({ type: "percentage", value: 15 })).toEqual({ type: "percentage", value: 15 });
  });
});

describe("DiscountBox", () => {
  it("when the field is empty, then 'Aplicar' is disabled", () => {
    render(<DiscountBox amount={1450} applied={null} onApply={() => {}} onRemove={() => {}} />);
    expect(screen.getByRole("button", { name: "Aplicar" })).toBeDisabled();
  });

  it("when a valid code is applied, then it is validated upper-cased, reported, and 'Código aplicado' shows the amount", async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(200, { code: "VERANO10", type: "percentage", value: 10 }));
    vi.stubGlobal("fetch", fetchMock);
    const onApply = vi.fn();
    render(<DiscountBox amount={1450} applied={null} onApply={onApply} onRemove={() => {}} />);
    await userEvent.type(screen.getByLabelText("Código de descuento"), "verano10");
    await userEvent.click(screen.getByRole("button", { name: "Aplicar" }));

    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/discount-codes/validate");
    expect(JSON.parse(String(init.body))).toEqual({ code: "VERANO10" });
    expect(onApply).toHaveBeenCalledWith({ code: "VERANO10", type: "percentage", value: 10 });
    expect(currentToast()).toMatchObject({ title: "Código aplicado", description: "Descuento de $1.45 aplicado" });
  });

  it("when the server rejects the code, then 'Código inválido' shows the server message", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(jsonResponse(410, { message: "El código ha expirado", code: "DISCOUNT_UNUSABLE" })));
    const onApply = vi.fn();
    render(<DiscountBox amount={1450} applied={null} onApply={onApply} onRemove={() => {}} />);
    await userEvent.type(screen.getByLabelText("Código de descuento"), "viejo");
    await userEvent.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(onApply).not.toHaveBeenCalled();
    expect(currentToast()).toMatchObject({ title: "Código inválido", description: "El código ha expirado", variant: "destructive" });
  });

  it("when a code is applied, then it shows with a button to remove it", async () => {
    const onRemove = vi.fn();
    render(<DiscountBox amount={1450} applied={{ code: "FIJO5", type: "fixed", value: 5 }} onApply={() => {}} onRemove={onRemove} />);
    expect(screen.getByText("FIJO5")).toBeInTheDocument();
    expect(screen.getByText(/\$5\.00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: /Quitar/ }));
    expect(onRemove).toHaveBeenCalled();
  });
});
