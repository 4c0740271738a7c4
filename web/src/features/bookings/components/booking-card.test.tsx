import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBookingAnswer } from "../../../testing/answers";
import type { Booking } from "../../../types/api";
import { BookingCard } from "./booking-card";

const aBooking = (overrides: Record<string, unknown>) => aBookingAnswer("b1", "2099-06-01", { cancellationReason: null, refundPercentage: null, createdAt: "2099-05-01T10:00:00.000Z", ...overrides }) as Booking;

describe("BookingCard", () => {
  it("when the club closed the court over a booking, then the card says why, not only 'Cancelada'", () => {
    render(<BookingCard booking={aBooking({ status: "cancelled", refundPercentage: 100, cancellationReason: "Cierre del club: Mantenimiento" })} />);
    expect(screen.getByText("Cancelada")).toBeInTheDocument();
    expect(screen.getByText("Motivo:").parentElement).toHaveTextContent("Motivo: Cierre del club: Mantenimiento");
  });

  it("when a booking is active, or cancelled with no reason given, then no reason line is shown", () => {
    const { unmount } = render(<BookingCard booking={aBooking({ status: "active", cancellationReason: "Cierre del club: Otro" })} />);
    expect(screen.queryByText("Motivo:")).toBeNull();
    unmount();
    render(<BookingCard booking={aBooking({ status: "cancelled", refundPercentage: 100 })} />);
    expect(screen.getByText("Cancelada")).toBeInTheDocument();
    expect(screen.queryByText("Motivo:")).toBeNull();
  });

  it("when a booking is partly paid, then beside 'Parcial ($paid)' the card says what is still missing", () => {
    const { unmount } = render(<BookingCard booking={aBooking({ status: "active", totalAmount: "36.00", paidAmount: "27.00", paymentStatus: "partial" })} />);
    expect(screen.getByText("Parcial ($27.00)")).toBeInTheDocument();
    expect(screen.getByTestId("remaining")).toHaveTextContent("Falta $9.00");
    unmount();
    // paid in full, or cancelled: nothing is missing
    render(<BookingCard booking={aBooking({ status: "confirmed", totalAmount: "36.00", paidAmount: "36.00", paymentStatus: "completed" })} />);
    expect(screen.getByText("Pagado")).toBeInTheDocument();
    expect(screen.queryByTestId("remaining")).toBeNull();
  });

  it("when a booking is an unpaid hold, then the card says until when to pay, in the club's time; once paid, cancelled or expired it does not", () => {
    // 23:43Z is 18:43 in Guayaquil (UTC-5), whatever the browser's own zone
    const hold = { status: "active", paidAmount: "0.00", paymentStatus: "pending", holdExpiresAt: "2099-05-01T23:43:00.000Z" };
    const { unmount } = render(<BookingCard booking={aBooking(hold)} timeZone="America/Guayaquil" />);
    expect(screen.getByTestId("hold-ends")).toHaveTextContent("Paga antes de las 18:43: si no, el horario se libera.");
    unmount();
    for (const after of [
      { holdExpiresAt: null, paidAmount: "9.00", paymentStatus: "partial" },
      { status: "cancelled", refundPercentage: 100 },
      { status: "expired" },
    ]) {
      const { unmount: gone } = render(<BookingCard booking={aBooking({ ...hold, ...after })} timeZone="America/Guayaquil" />);
      expect(screen.queryByTestId("hold-ends")).toBeNull();
      gone();
    }
  });

  it("when the organiser owes a balance, then the card says 'Saldo pendiente' once, not also 'Falta'", () => {
    render(<BookingCard booking={aBooking({ status: "active", totalAmount: "36.00", paidAmount: "9.00", paymentStatus: "partial", balanceDue: "27.00" })} />);
    expect(screen.getByText("Saldo pendiente $27.00")).toBeInTheDocument();
    expect(screen.queryByTestId("remaining")).toBeNull();
  });
});
