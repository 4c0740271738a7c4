import { describe, expect, it } from "vitest";
import { paymentFlagLabel, refundNote } from "./payment-texts";

describe("refundNote", () => {
  it("when a refund is owed, then it says how much is pending", () => {
    expect(refundNote({ refundOwed: "29.00", refundSentAt: null, refundedAmount: "0.00" })).toMatch(/^Reembolso pendiente: \$29\.00/);
  });

  it("when the provider confirmed it, then it says how much was sent and when, in the club's zone", () => {
    expect(refundNote({ refundOwed: "0.00", refundSentAt: "2026-11-23T18:05:00.000Z", refundedAmount: "14.50" }, "America/Guayaquil")).toBe(
      "Reembolso de $14.50 enviado el 23/11/2026 13:05",
    );
  });

  it("when nothing went back, then there is no note", () => {
    expect(refundNote({ refundOwed: "0.00", refundSentAt: null, refundedAmount: "0.00" })).toBeNull();
  });
});

describe("paymentFlagLabel", () => {
  it("names both flags for the admin and nothing otherwise", () => {
    expect(paymentFlagLabel("mismatch")).toBe("Monto no coincide: reembolsado");
    expect(paymentFlagLabel("refunded_on_arrival")).toBe("Reembolsado al llegar");
    expect(paymentFlagLabel(null)).toBeNull();
  });
});
