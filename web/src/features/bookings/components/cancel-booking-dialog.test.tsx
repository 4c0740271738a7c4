import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import type { Booking } from "../../../types/api";
import { estimateRefund } from "../refund-estimate";
import { CancelBookingDialog } from "./cancel-booking-dialog";

const ZONE = "America/Guayaquil"; // UTC-5
const booking: Booking = {
  id: "b1",
  userId: "u1",
  courtId: "c1",
  bookingDate: "2030-03-10T00:00:00",
  date: "2030-03-10",
  timeSlot: "18:00", // 23:00 UTC
  gameType: "singles",
  tariffType: "night",
  totalAmount: "16.50",
  paidAmount: "8.25",
  paymentStatus: "partial",
  status: "active",
  cancellationReason: null,
  refundPercentage: null,
  createdAt: "2030-03-01T12:00:00.000Z",
  holdExpiresAt: null,
  shareDeadlineAt: null,
  balanceDue: "0.00",
  court: { id: "c1", name: "Cancha Central", courtNumber: 1, venueId: "v1", venueName: "Club Norte" },
};

describe("estimateRefund", () => {
  it("when more than 24 h remain, then 100% of what was paid", () => {
    expect(estimateRefund(booking, new Date("2030-03-09T22:59:00Z"), ZONE)).toEqual({ percentage: 100, amount: 825, paid: 825 });
  });

  it("when exactly 24 h or 12 h remain, then 50% (both ends included)", () => {
    expect(estimateRefund(booking, new Date("2030-03-09T23:00:00Z"), ZONE)).toMatchObject({ percentage: 50, amount: 413 });
    expect(estimateRefund(booking, new Date("2030-03-10T11:00:00Z"), ZONE)).toMatchObject({ percentage: 50 });
  });

  it("when under 12 h remain, then nothing", () => {
    expect(estimateRefund(booking, new Date("2030-03-10T11:00:01Z"), ZONE)).toMatchObject({ percentage: 0, amount: 0 });
  });
});

describe("CancelBookingDialog", () => {
  it("when opened two days ahead, then it estimates the full paid amount back", () => {
    vi.useFakeTimers({ now: new Date("2030-03-08T12:00:00Z"), toFake: ["Date"] });
    try {
      render(<CancelBookingDialog booking={booking} user={{ id: "u1", username: "ana", email: "a@x.test" }} timeZone={ZONE} open onOpenChange={() => {}} />);
      expect(screen.getByTestId("refund-amount")).toHaveTextContent("$8.25 (100%)");
      expect(within(screen.getByTestId("refund-estimate")).getByText(/Pagado: \$8\.25/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("when confirmed with a reason, then it posts the cancellation and announces the refund percentage", async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ refundPercentage: 50, refundAmount: "4.13" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const onOpenChange = vi.fn();
    render(<CancelBookingDialog booking={booking} user={{ id: "u1", username: "ana", email: "a@x.test" }} timeZone={ZONE} open onOpenChange={onOpenChange} />);
    await userEvent.type(screen.getByLabelText(/Motivo/), "Lluvia");
    await userEvent.click(screen.getByRole("button", { name: "Confirmar cancelación" }));
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/cancellations");
    expect(JSON.parse(String(init.body))).toEqual({ bookingId: "b1", userId: "u1", cancellationReason: "Lluvia" });
    expect(currentToast()).toMatchObject({ title: "Reserva cancelada", description: "Se reembolsará 50% del monto pagado." });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("when the refund is 0%, then the toast says it was cancelled without a percentage", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response(JSON.stringify({ refundPercentage: 0 }), { status: 200 })));
    render(<CancelBookingDialog booking={booking} user={{ id: "u1", username: "ana", email: "a@x.test" }} timeZone={ZONE} open onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Confirmar cancelación" }));
    expect(currentToast()).toMatchObject({ title: "Reserva cancelada", description: "Reserva cancelada exitosamente." });
  });
});
