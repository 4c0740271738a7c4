import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { breakdown } from "@courts/core";
import { describe, expect, it, vi } from "vitest";
import { amountFor, paymentAmounts } from "../amounts";
import { PaymentSummary } from "./payment-summary";
import { PaymentTypeChoice } from "./payment-type-choice";

describe("paymentAmounts", () => {
  it("when singles, then the share is half the total; full is the whole total", () => {
    const a = paymentAmounts({ totalAmount: "29.00", paidAmount: "0.00", gameType: "singles" });
    expect(a).toEqual({ total: 2900, paid: 0, remaining: 2900, share: 1450 });
  });

  it("when doubles, then the share is a quarter (organiser carries the odd cent)", () => {
    expect(paymentAmounts({ totalAmount: "33.00", paidAmount: "0.00", gameType: "doubles" }).share).toBe(825);
    expect(paymentAmounts({ totalAmount: "16.50", paidAmount: "0.00", gameType: "doubles" }).share).toBe(413);
  });

  it("when part is already paid, then full is what remains and the share never exceeds it", () => {
    const a = paymentAmounts({ totalAmount: "29.00", paidAmount: "20.00", gameType: "singles" });
    expect(amountFor(a, "full")).toBe(900);
    expect(amountFor(a, "partial")).toBe(900);
  });
});

describe("PaymentTypeChoice", () => {
  it("when shown for doubles at $33.00, then partial reads $8.25 and full $33.00, and choosing full reports it", async () => {
    const onChange = vi.fn();
    const amounts = paymentAmounts({ totalAmount: "33.00", paidAmount: "0.00", gameType: "doubles" });
    render(<PaymentTypeChoice value="partial" onChange={onChange} amounts={amounts} gameType="doubles" />);
    expect(screen.getByTestId("amount-partial")).toHaveTextContent("$8.25");
    expect(screen.getByTestId("amount-full")).toHaveTextContent("$33.00");
    expect(screen.getByText(/1\/4 del total/)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Pago parcial/ })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: /Pago completo/ }));
    expect(onChange).toHaveBeenCalledWith("full");
  });

  it("when shown for singles, then the share is 1/2 of the total", () => {
    const amounts = paymentAmounts({ totalAmount: "14.50", paidAmount: "0.00", gameType: "singles" });
    render(<PaymentTypeChoice value="partial" onChange={() => {}} amounts={amounts} gameType="singles" />);
    expect(screen.getByTestId("amount-partial")).toHaveTextContent("$7.25");
    expect(screen.getByText(/1\/2 del total/)).toBeInTheDocument();
  });

  it("when the organiser already paid their share of doubles, then the partial option is one more share, not 'tu parte' again", () => {
    const amounts = paymentAmounts({ totalAmount: "33.00", paidAmount: "8.25", gameType: "doubles" });
    render(<PaymentTypeChoice value="full" onChange={() => {}} amounts={amounts} gameType="doubles" />);
    expect(screen.getByRole("radio", { name: "Pago parcial (otra parte): $8.25" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "Pago completo: $24.75" })).toBeChecked();
    expect(screen.queryByText(/tu parte/)).toBeNull();
  });

  it("when the organiser already paid half of singles, then only the full rest is offered: one more share would be the same", () => {
    const amounts = paymentAmounts({ totalAmount: "14.50", paidAmount: "7.25", gameType: "singles" });
    render(<PaymentTypeChoice value="full" onChange={() => {}} amounts={amounts} gameType="singles" />);
    expect(screen.getAllByRole("radio").map((r) => r.getAttribute("aria-label"))).toEqual(["Pago completo: $7.25"]);
  });
});

describe("PaymentSummary", () => {
  it("when a 10% code applies to $14.50, then the discount is $1.45 and the total to pay $13.05", () => {
    render(<PaymentSummary breakdown={breakdown(1450, { type: "percentage", value: 10 })} code="VERANO10" />);
    expect(screen.getByText("Descuento (VERANO10)")).toBeInTheDocument();
    expect(screen.getByText("-$1.45")).toBeInTheDocument();
    expect(screen.getByTestId("charge-total")).toHaveTextContent("$13.05");
  });

  it("when there is no discount, then no discount row shows and the total is the amount", () => {
    render(<PaymentSummary breakdown={breakdown(825)} />);
    expect(screen.queryByText(/Descuento/)).not.toBeInTheDocument();
    expect(screen.getByTestId("charge-total")).toHaveTextContent("$8.25");
  });
});
