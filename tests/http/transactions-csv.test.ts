import { describe, expect, it } from "vitest";
import { csvStatusText } from "@courts/adapters/http/transactions-csv";

/** The export's Estado column reads as the admin's payments screen does. */
describe("transactions CSV: Estado", () => {
  const charged = { amount: 1450, discount: 145, refundOwed: 0 } as const;

  it("when a payment was refunded in part (a 50% tier), then it reads 'Reembolso parcial'; all of it, 'Reembolsado'", () => {
    expect(csvStatusText({ ...charged, status: "refunded", refundedAmount: 653 })).toBe("Reembolso parcial");
    expect(csvStatusText({ ...charged, status: "refunded", refundedAmount: 1305 })).toBe("Reembolsado");
  });

  it("when a refund is owed and not yet confirmed, then it reads 'Reembolso pendiente', whatever its part", () => {
    expect(csvStatusText({ ...charged, status: "refunded", refundedAmount: 0, refundOwed: 653 })).toBe("Reembolso pendiente");
    expect(csvStatusText({ ...charged, status: "refunded", refundedAmount: 0, refundOwed: 1305 })).toBe("Reembolso pendiente");
    expect(csvStatusText({ ...charged, status: "succeeded", refundedAmount: 0 })).toBe("Completado");
  });
});
