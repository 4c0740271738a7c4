import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import type { PickedCell } from "./schedule-grid";
import { CellActions } from "./cell-actions";

const free: PickedCell = {
  court: { id: "c1", name: "Cancha Central", courtNumber: 1, status: "available", cells: [] },
  cell: { timeSlot: "10:00", booking: null, block: null },
};

describe("CellActions", () => {
  it("when a block over several weekdays meets a booking, then the conflicts are listed and confirming closes with a 100% refund", async () => {
    const bodies: unknown[] = [];
    mockApi({
      "POST /api/admin/blocks": (init) => {
        const body = JSON.parse(String(init.body)) as { cancelConflicts?: boolean };
        bodies.push(body);
        return body.cancelConflicts
          ? json({ block: { id: "k1" }, created: true, cancelledBookings: [{ booking: { id: "b1" }, refunds: [{ paymentId: "p1", amount: "14.50", status: "sent" }] }] }, 201)
          : json(
              {
                message: "Hay 1 reserva activa en ese horario.",
                code: "BLOCK_CONFLICTS",
                bookings: [{ id: "b1", date: "2030-01-14", timeSlot: "10:00", courtId: "c1", courtName: "Cancha Central", courtNumber: 1 }],
              },
              409,
            );
      },
    });
    const done = vi.fn();
    renderWithProviders(<CellActions picked={free} date="2030-01-10" venueId="v1" past={false} onDone={done} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Bloquear" }));
    await user.selectOptions(screen.getByLabelText("Motivo"), "Clases");
    expect(screen.queryByText("Solo estos días (opcional)")).toBeNull();
    const until = screen.getByLabelText("Hasta el día");
    await user.clear(until);
    await user.type(until, "2030-01-31");
    await user.click(screen.getByText("Lun"));
    await user.click(screen.getByText("Mié"));
    await user.click(screen.getByRole("button", { name: "Bloquear" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Hay 1 reserva activa en ese horario:")).toBeInTheDocument();
    expect(within(alert).getByText(/Cancha Central · .* · 10:00/)).toBeInTheDocument();
    expect(bodies[0]).toEqual({ courtId: "c1", startDate: "2030-01-10", endDate: "2030-01-31", timeSlots: ["10:00"], weekdays: [1, 3], reason: "Clases", cancelConflicts: false });

    await user.click(within(alert).getByRole("button", { name: "Cancelar reservas y reembolsar 100%" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(bodies[1]).toMatchObject({ cancelConflicts: true, weekdays: [1, 3] });
    expect(currentToast()).toMatchObject({ title: "Cierre registrado", description: "Se cancelaron 1 reserva y se reembolsó el 100% a cada pagador." });
    expect(bodies).toHaveLength(2);
  });

  it("when a booked cell is opened, then cash up to what is unpaid can be recorded", async () => {
    const posted: unknown[] = [];
    mockApi({
      "POST /api/admin/bookings/b1/cash-payments": (init) => {
        posted.push(JSON.parse(String(init.body)));
        return json({ payment: { id: "p1", kind: "cash" }, booking: { id: "b1" } }, 201);
      },
    });
    const booked: PickedCell = {
      court: free.court,
      cell: {
        timeSlot: "10:00",
        block: null,
        booking: {
          id: "b1", courtId: "c1", bookingDate: "2030-01-10T00:00:00", date: "2030-01-10", timeSlot: "10:00", gameType: "singles",
          totalAmount: "14.50", paidAmount: "4.50", paymentStatus: "partial", status: "active", userName: "ana", seriesId: null, remainingAmount: "10.00",
        } as PickedCell["cell"]["booking"],
      },
    };
    const done = vi.fn();
    renderWithProviders(<CellActions picked={booked} date="2030-01-10" venueId="v1" past={false} onDone={done} />);
    expect(screen.getByLabelText("Pago en efectivo ($)")).toHaveValue("10.00");
    await userEvent.setup().click(screen.getByRole("button", { name: "Registrar efectivo" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted).toEqual([{ amount: "10.00" }]);
    expect(screen.queryByRole("button", { name: "Cancelar toda la serie" })).toBeNull();
  });
});
