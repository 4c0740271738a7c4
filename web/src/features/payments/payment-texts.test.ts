import { describe, expect, it } from "vitest";
import { paymentStatusLabel } from "./payment-texts";

const payment = (status: string, refundedAmount: string) => ({ status, amount: "14.50", discount: "1.45", refundedAmount });

describe("a payment's status in words", () => {
  it("when all that was charged went back, then 'Reembolsado'; when only part did (a 50% cancellation), then 'Reembolso parcial'", () => {
    // charged 13.05 (14.50 less the 1.45 discount)
    expect(paymentStatusLabel(payment("refunded", "13.05"))).toBe("Reembolsado");
    expect(paymentStatusLabel(payment("refunded", "6.53"))).toBe("Reembolso parcial");
    expect(paymentStatusLabel(payment("refunded", "6.53"), "admin")).toBe("Reembolso parcial");
  });

  it("when it is not refunded, then SPEC's words for player and admin", () => {
    expect(paymentStatusLabel(payment("succeeded", "0.00"))).toBe("Completado");
    expect(paymentStatusLabel(payment("succeeded", "0.00"), "admin")).toBe("Exitoso");
    expect(paymentStatusLabel(payment("failed", "0.00"))).toBe("Fallido");
    expect(paymentStatusLabel(payment("requires_action", "0.00"))).toBe("Pendiente");
  });
});
