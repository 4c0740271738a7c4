import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import type { Booking } from "../../../types/api";
import { estimateRefund, type PaidShare } from "../refund-estimate";
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

const organiser = (amount: string, refunded = "0.00") => ({ amount, refunded, isOrganiser: true });
const friend = (amount: string, refunded = "0.00") => ({ amount, refunded, isOrganiser: false });

describe("estimateRefund", () => {
  it("when more than 24 h remain, then 100% of what each payment was charged", () => {
    expect(estimateRefund(booking, [organiser("8.25")], new Date("2030-03-09T22:59:00Z"), ZONE)).toEqual({
      percentage: 100,
      yours: { paid: 825, amount: 825, payers: 1 },
      others: { paid: 0, amount: 0, payers: 0 },
    });
  });

  it("when exactly 24 h or 12 h remain, then 50% (both ends included), rounded half up per payment", () => {
    expect(estimateRefund(booking, [organiser("8.25")], new Date("2030-03-09T23:00:00Z"), ZONE)).toMatchObject({ percentage: 50, yours: { amount: 413 } });
    expect(estimateRefund(booking, [], new Date("2030-03-10T11:00:00Z"), ZONE)).toMatchObject({ percentage: 50 });
  });

  it("when under 12 h remain, then nothing", () => {
    expect(estimateRefund(booking, [organiser("8.25")], new Date("2030-03-10T11:00:01Z"), ZONE)).toMatchObject({
      percentage: 0,
      yours: { paid: 825, amount: 0 },
    });
  });

  it("when others paid shares and part was already refunded, then each side gets its own, capped by what it still holds", () => {
    const estimate = estimateRefund(booking, [organiser("8.25", "8.00"), friend("8.25"), friend("4.10")], new Date("2030-03-08T12:00:00Z"), ZONE);
    expect(estimate.yours).toEqual({ paid: 25, amount: 25, payers: 1 });
    expect(estimate.others).toEqual({ paid: 1235, amount: 1235, payers: 2 });
  });
});

const me = { id: "u1", username: "ana", email: "a@x.test", fullName: "Ana Torres", phone: null, emailVerified: true };
const openDialog = (payers: ReadonlyArray<PaidShare & Record<string, unknown>>, of: Booking = booking) =>
  renderWithProviders(<CancelBookingDialog booking={of} user={me} timeZone={ZONE} paid={{ data: payers }} open onOpenChange={() => {}} />);
const doubles: Booking = { ...booking, gameType: "doubles", totalAmount: "33.00" };

describe("CancelBookingDialog", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2030-03-08T12:00:00Z"), toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("when opened two days ahead, then it estimates the full amount the player was charged back", async () => {
    openDialog([{ paymentId: "p1", name: "ana", isOrganiser: true, kind: "partial", amount: "8.25", refunded: "0.00", paidAt: "2030-03-01T12:00:00.000Z" }]);
    expect(await screen.findByTestId("refund-amount")).toHaveTextContent("$8.25 (100%)");
    expect(within(screen.getByTestId("refund-estimate")).getByText(/Pagado: \$8\.25\./)).toBeInTheDocument();
  });

  it("when a discount was used, then 'Pagado' is what the card was charged, not the booking's price", async () => {
    openDialog([{ paymentId: "p1", name: "ana", isOrganiser: true, kind: "full", amount: "14.85", refunded: "0.00", paidAt: "2030-03-01T12:00:00.000Z" }]);
    expect(await screen.findByTestId("refund-amount")).toHaveTextContent("$14.85 (100%)");
    expect(within(screen.getByTestId("refund-estimate")).getByText(/Pagado: \$14\.85\./)).toBeInTheDocument();
  });

  it("when a friend paid the other share, then it says what the organiser gets back and what goes to the others' cards", async () => {
    openDialog([
      { paymentId: "p1", name: "ana", isOrganiser: true, kind: "partial", amount: "8.25", refunded: "0.00", paidAt: "2030-03-01T12:00:00.000Z" },
      { paymentId: "p2", name: "Luis", isOrganiser: false, kind: "partial", amount: "8.25", refunded: "0.00", paidAt: "2030-03-02T12:00:00.000Z" },
    ]);
    // the headline is this player's own refund; the others' go to their own cards
    expect(await screen.findByTestId("refund-amount")).toHaveTextContent("$8.25 (100%)");
    expect(screen.getByTestId("refund-estimate")).toHaveTextContent("Pagaste $8.25. El otro jugador pagó $8.25 y recibe $8.25 en su tarjeta.");
  });

  it("when two friends paid their shares of a doubles booking, then it counts them: 'Otros 2 jugadores'", async () => {
    openDialog([organiser("8.25"), friend("8.25"), friend("8.25")], doubles);
    expect(await screen.findByTestId("refund-amount")).toHaveTextContent("$8.25 (100%)");
    expect(screen.getByTestId("refund-estimate")).toHaveTextContent("Pagaste $8.25. Otros 2 jugadores pagaron $16.50 y reciben $16.50 en sus tarjetas.");
  });

  it("when one friend paid a share of a doubles booking, then 'Otro jugador', not 'El otro'", async () => {
    openDialog([organiser("8.25"), friend("8.25")], doubles);
    expect(await screen.findByTestId("refund-estimate")).toHaveTextContent("Pagaste $8.25. Otro jugador pagó $8.25 y recibe $8.25 en su tarjeta.");
  });

  it("when nothing was paid yet, then it says there is nothing to refund", async () => {
    openDialog([]);
    // no "$0.00 (100%)": a percentage of nothing promises a refund that does not exist
    expect(await screen.findByTestId("refund-amount")).toHaveTextContent(/^Sin pagos$/);
    expect(screen.getByTestId("refund-estimate")).toHaveTextContent("Aún no hay pagos: no hay nada que reembolsar.");
  });

  it("while the payments are read, then it says so; when they cannot be read, it still states the tier, with no invented amount", () => {
    const { rerender } = renderWithProviders(<CancelBookingDialog booking={booking} user={me} timeZone={ZONE} paid={{}} open onOpenChange={() => {}} />);
    expect(screen.getByText("Calculando el reembolso...")).toBeInTheDocument();
    rerender(<CancelBookingDialog booking={booking} user={me} timeZone={ZONE} paid={{ error: new Error("500") }} open onOpenChange={() => {}} />);
    expect(screen.getByText(/Se reembolsará 100% de lo pagado\./)).toBeInTheDocument();
    expect(screen.queryByTestId("refund-amount")).toBeNull();
  });
});

describe("CancelBookingDialog, confirming", () => {
  it("when confirmed with a reason, then it posts the cancellation and announces the refund percentage", async () => {
    const fetchMock = mockApi({ "POST /api/cancellations": () => json({ refundPercentage: 50, refundAmount: "4.13" }) });
    const onOpenChange = vi.fn();
    renderWithProviders(<CancelBookingDialog booking={booking} user={me} timeZone={ZONE} paid={{ data: [] }} open onOpenChange={onOpenChange} />);
    await userEvent.type(screen.getByLabelText(/Motivo/), "Lluvia");
    await userEvent.click(screen.getByRole("button", { name: "Confirmar cancelación" }));
    const [, init] = fetchMock.mock.calls.find(([path]) => path === "/api/cancellations") as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ bookingId: "b1", userId: "u1", cancellationReason: "Lluvia" });
    expect(currentToast()).toMatchObject({ title: "Reserva cancelada", description: "Se reembolsará 50% del monto pagado." });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("when nothing was paid, then the toast says it was cancelled, not that a percentage of it comes back", async () => {
    mockApi({ "POST /api/cancellations": () => json({ refundPercentage: 100, refundAmount: "0.00", refundPending: "0.00" }) });
    renderWithProviders(<CancelBookingDialog booking={booking} user={me} timeZone={ZONE} paid={{ data: [] }} open onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Confirmar cancelación" }));
    expect(currentToast()).toMatchObject({ title: "Reserva cancelada", description: "Reserva cancelada exitosamente." });
  });

  it("when the refund is 0%, then the toast says it was cancelled without a percentage", async () => {
    mockApi({ "POST /api/cancellations": () => json({ refundPercentage: 0 }) });
    renderWithProviders(<CancelBookingDialog booking={booking} user={me} timeZone={ZONE} paid={{ data: [] }} open onOpenChange={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Confirmar cancelación" }));
    expect(currentToast()).toMatchObject({ title: "Reserva cancelada", description: "Reserva cancelada exitosamente." });
  });
});
