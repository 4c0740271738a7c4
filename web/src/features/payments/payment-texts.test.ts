import { describe, expect, it } from "vitest";
import { paymentFlagLabel, paymentStatusLabel, paymentStatusTone, refundNote } from "./payment-texts";

describe("refundNote", () => {
  it("when a refund is owed, then it says how much is pending", () => {
    expect(refundNote({ refundOwed: "29.00", refundSentAt: null, refundedAmount: "0.00" })).toBe(
      "Reembolso pendiente: $29.00 (se envía a tu tarjeta en cuanto el proveedor lo confirme)",
    );
  });

  it("when the admin reads an owed refund, then it goes to the payer's card, not to 'tu tarjeta'", () => {
    expect(refundNote({ refundOwed: "29.00", refundSentAt: null, refundedAmount: "0.00" }, undefined, "admin")).toBe(
      "Reembolso pendiente: $29.00 (se envía a la tarjeta del pagador en cuanto el proveedor lo confirme)",
    );
  });

  it("when the provider confirmed it, then it says how much was sent and when, in the club's zone", () => {
    expect(refundNote({ refundOwed: "0.00", refundSentAt: "2026-11-23T18:05:00.000Z", refundedAmount: "14.50" }, "America/Guayaquil")).toBe(
      "Reembolso de $14.50 enviado el 23/11/2026 13:05",
    );
  });

  it("when the payment was cash at the desk, then its refund is cash at the club, never a card", () => {
    expect(refundNote({ kind: "cash", refundOwed: "0.00", refundSentAt: "2026-11-23T18:05:00.000Z", refundedAmount: "5.00" }, "America/Guayaquil")).toBe(
      "Reembolso de $5.00 en efectivo: se entrega en el club (registrado el 23/11/2026 13:05)",
    );
    expect(refundNote({ kind: "cash", refundOwed: "0.00", refundSentAt: "2026-11-23T18:05:00.000Z", refundedAmount: "5.00" }, "America/Guayaquil", "admin")).toBe(
      "Reembolso de $5.00 en efectivo: entrégalo en el club (registrado el 23/11/2026 13:05)",
    );
    expect(refundNote({ kind: "cash", refundOwed: "5.00", refundSentAt: null, refundedAmount: "0.00" }, undefined, "admin")).toBe(
      "Reembolso pendiente: $5.00 (en efectivo, en el club)",
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

  it("when a refund is owed and the provider has not confirmed it, then 'Reembolso pendiente' in amber, for a cancellation (already 'refunded') and a closure (still 'succeeded'); once sent, 'Reembolsado'", () => {
    const cancelledFull = { ...payment("refunded", "0.00"), refundOwed: "13.05" };
    const cancelledHalf = { ...payment("refunded", "0.00"), refundOwed: "6.53" };
    const closed = { ...payment("succeeded", "0.00"), refundOwed: "13.05" };
    for (const owed of [cancelledFull, cancelledHalf, closed]) {
      expect(paymentStatusLabel(owed)).toBe("Reembolso pendiente");
      expect(paymentStatusLabel(owed, "admin")).toBe("Reembolso pendiente");
      expect(paymentStatusTone(owed)).toBe("amber");
    }
    const sent = { ...payment("refunded", "13.05"), refundOwed: "0.00" };
    expect(paymentStatusLabel(sent)).toBe("Reembolsado");
    expect(paymentStatusTone(sent)).toBe("blue");
    expect(paymentStatusTone({ ...payment("succeeded", "0.00"), refundOwed: "0.00" })).toBe("green");
    // an attempt never charged owes nothing back, whatever the field says
    expect(paymentStatusLabel({ ...payment("failed", "0.00"), refundOwed: "13.05" })).toBe("Fallido");
  });
});
