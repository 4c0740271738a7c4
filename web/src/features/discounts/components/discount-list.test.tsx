import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../testing/render-app";
import { aDiscountCodeAnswer } from "../../../testing/answers";
import { codeState, DiscountList } from "./discount-list";

const NOW = new Date("2030-01-10T12:00:00Z");
const code = aDiscountCodeAnswer;

describe("a discount code's state", () => {
  it("when switched on, then 'Activo' only while it can still be used: past its expiry 'Vencido', out of uses 'Agotado'; switched off 'Inactivo'", () => {
    expect(codeState(code({}), NOW).text).toBe("Activo");
    expect(codeState(code({ expiresAt: "2030-01-11T00:00:00.000Z" }), NOW).text).toBe("Activo");
    expect(codeState(code({ expiresAt: "2030-01-10T11:59:59.000Z" }), NOW).text).toBe("Vencido");
    expect(codeState(code({ maxUsage: 3, usageCount: 3 }), NOW).text).toBe("Agotado");
    expect(codeState(code({ isActive: false, expiresAt: "2000-01-01T00:00:00.000Z" }), NOW).text).toBe("Inactivo");
  });

  it("when a switched-on code expired, then the phone's card does not call it 'Activo'", () => {
    renderWithProviders(<DiscountList codes={[code({ expiresAt: "2000-01-01T00:00:00.000Z" })]} onEdit={() => {}} />);
    const card = screen.getAllByRole("listitem")[0]!;
    expect(within(card).getByText("Vencido")).toBeInTheDocument();
    expect(within(card).queryByText("Activo")).toBeNull();
  });
});
