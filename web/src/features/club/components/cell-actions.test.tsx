import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { json, mockApi, renderWithProviders } from "../../../testing/render-app";
import type { PickedCell } from "./schedule-grid";
import { CellActions } from "./cell-actions";

/** What the screen asked of the server. */
const sent = (fetchMock: { mock: { calls: unknown[][] } }) => fetchMock.mock.calls.map(([path]) => String(path));

const free: PickedCell = {
  court: { id: "c1", name: "Cancha Central", courtNumber: 1, status: "available", cells: [] },
  cell: { timeSlot: "10:00", booking: null, block: null },
};

/** A booked cell of 2030-01-10 at 10:00: ana paid 4.50 of 14.50. */
const bookedCell = (fields: Record<string, unknown> = {}): PickedCell => ({
  court: free.court,
  cell: {
    timeSlot: "10:00",
    block: null,
    booking: {
      id: "b1", courtId: "c1", bookingDate: "2030-01-10T00:00:00", date: "2030-01-10", timeSlot: "10:00", gameType: "singles",
      totalAmount: "14.50", paidAmount: "4.50", paymentStatus: "partial", status: "active", userName: "ana", playerName: "ana", playerPhone: null, seriesId: null, remainingAmount: "10.00",
      ...fields,
    } as PickedCell["cell"]["booking"],
  },
});

describe("CellActions", () => {
  it("when the court is under maintenance, then a free hour offers no booking for a player, only closing it", () => {
    mockApi({});
    renderWithProviders(<CellActions picked={{ ...free, court: { ...free.court, status: "maintenance" } }} date="2030-01-10" venueId="v1" past={false} onDone={() => {}} />);
    expect(screen.getByRole("status")).toHaveTextContent("Cancha fuera de servicio: no se puede reservar");
    expect(screen.queryByRole("tab", { name: "Reservar para un jugador" })).toBeNull();
    expect(screen.getByRole("button", { name: "Bloquear" })).toBeInTheDocument();
  });

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
    // the note is not private: the players it cancels read it
    expect(screen.getByLabelText("Nota (opcional)")).toHaveAccessibleDescription("Los jugadores cuyas reservas cancele este cierre la verán junto al motivo.");
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
    expect(currentToast()).toMatchObject({ title: "Cierre registrado", description: "Se canceló 1 reserva y se reembolsó el 100% a cada pagador." });
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
    const booked = bookedCell();
    const done = vi.fn();
    renderWithProviders(<CellActions picked={booked} date="2030-01-10" venueId="v1" past={false} onDone={done} />);
    expect(screen.getByLabelText("Pago en efectivo ($)")).toHaveValue("10.00");
    await userEvent.setup().click(screen.getByRole("button", { name: "Registrar efectivo" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted).toEqual([{ amount: "10.00" }]);
    expect(screen.queryByRole("button", { name: "Cancelar toda la serie" })).toBeNull();
  });
  it("when the player gave a full name and a phone, then the details name them by it, with the username and the phone to call; cash is recorded under that name", async () => {
    mockApi({ "POST /api/admin/bookings/b1/cash-payments": () => json({ payment: { id: "p1", kind: "cash" }, booking: { id: "b1" } }, 201) });
    renderWithProviders(
      <CellActions picked={bookedCell({ playerName: "Ana Pérez Núñez", playerPhone: "+593991234567" })} date="2030-01-10" venueId="v1" past={false} onDone={vi.fn()} />,
    );
    const details = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;
    expect(details("Jugador")).toHaveTextContent("Ana Pérez Núñez");
    expect(details("Usuario")).toHaveTextContent("@ana");
    expect(screen.getByRole("link", { name: "+593991234567" })).toHaveAttribute("href", "tel:+593991234567");
    await userEvent.setup().click(screen.getByRole("button", { name: "Registrar efectivo" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Pago en efectivo registrado", description: "$10.00 de Ana Pérez Núñez" }));
  });

  it("when the player gave no full name nor phone, then the details name them by their username once, without a phone", () => {
    mockApi({});
    renderWithProviders(<CellActions picked={bookedCell()} date="2030-01-10" venueId="v1" past={false} onDone={vi.fn()} />);
    expect(screen.getByText("Jugador", { selector: "dt" }).nextElementSibling).toHaveTextContent("ana");
    expect(screen.queryByText("Usuario", { selector: "dt" })).toBeNull();
    expect(screen.queryByText("Teléfono", { selector: "dt" })).toBeNull();
  });

  it("when the cash amount is typed with a decimal comma ('4,50'), then $4.50 is recorded", async () => {
    const posted: unknown[] = [];
    mockApi({
      "POST /api/admin/bookings/b1/cash-payments": (init) => {
        posted.push(JSON.parse(String(init.body)));
        return json({ payment: { id: "p1", kind: "cash" }, booking: { id: "b1" } }, 201);
      },
    });
    const done = vi.fn();
    renderWithProviders(<CellActions picked={bookedCell()} date="2030-01-10" venueId="v1" past={false} onDone={done} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Pago en efectivo ($)"));
    await user.type(screen.getByLabelText("Pago en efectivo ($)"), "4,50");
    await user.click(screen.getByRole("button", { name: "Registrar efectivo" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(posted).toEqual([{ amount: "4.50" }]);
    expect(currentToast()).toMatchObject({ title: "Pago en efectivo registrado", description: "$4.50 de ana" });
  });

  it("when the cash amount is not a sum of money, or the server refuses it, then the message names the field by its label", async () => {
    const fetchMock = mockApi({
      "POST /api/admin/bookings/b1/cash-payments": () =>
        json({ message: "El campo 'amount' no puede superar lo pendiente ($10.00)", code: "INVALID_INPUT", field: "amount" }, 400),
    });
    renderWithProviders(<CellActions picked={bookedCell()} date="2030-01-10" venueId="v1" past={false} onDone={() => {}} />);
    const user = userEvent.setup();
    const amount = screen.getByLabelText("Pago en efectivo ($)");
    await user.clear(amount);
    await user.type(amount, "4,555");
    await user.click(screen.getByRole("button", { name: "Registrar efectivo" }));
    expect(currentToast()).toMatchObject({ title: "Error", description: "El campo «Pago en efectivo» debe ser un monto mayor que 0 con hasta 2 decimales" });
    expect(sent(fetchMock)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, "12");
    await user.click(screen.getByRole("button", { name: "Registrar efectivo" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error", description: "El campo «Pago en efectivo» no puede superar lo pendiente ($10.00)" }));
  });

  it("when 'Cancelar reserva' is pressed, then nothing is cancelled until the admin confirms what will happen", async () => {
    const fetchMock = mockApi({ "POST /api/cancellations": () => json({ refundPercentage: 100, refundAmount: "4.50", refundPending: false, booking: { id: "b1" } }) });
    const done = vi.fn();
    renderWithProviders(<CellActions picked={bookedCell()} date="2030-01-10" venueId="v1" past={false} onDone={done} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Cancelar reserva" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Cancelar esta reserva?" });
    expect(dialog).toHaveTextContent("Se cancelará la reserva de ana: Cancha Central, jueves 10 de enero a las 10:00.");
    expect(dialog).toHaveTextContent("Faltan más de 24 h: lo pagado ($4.50) se reembolsa completo a quien lo pagó.");
    await user.click(within(dialog).getByRole("button", { name: "Volver" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(sent(fetchMock)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Cancelar reserva" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancelar la reserva" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
    expect(currentToast()).toMatchObject({ title: "Reserva cancelada", description: "Se reembolsará 100% del monto pagado." });
  });

  it("when the booking starts in 3 hours or in 18, then the dialog says what this cancellation gives back now, not the list of tiers", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      mockApi({});
      // 07:00 in Guayaquil on the day of the 10:00 booking
      vi.setSystemTime(new Date("2030-01-10T12:00:00Z"));
      const { unmount } = renderWithProviders(<CellActions picked={bookedCell()} date="2030-01-10" venueId="v1" past={false} onDone={() => {}} />);
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: "Cancelar reserva" }));
      expect(await screen.findByRole("alertdialog")).toHaveTextContent("Faltan menos de 12 h: lo pagado ($4.50) no se reembolsa.");
      unmount();
      vi.setSystemTime(new Date("2030-01-09T21:00:00Z"));
      renderWithProviders(<CellActions picked={bookedCell()} date="2030-01-10" venueId="v1" past={false} onDone={() => {}} />);
      await user.click(screen.getByRole("button", { name: "Cancelar reserva" }));
      expect(await screen.findByRole("alertdialog")).toHaveTextContent("Faltan entre 12 y 24 h: se reembolsa el 50% de lo pagado ($4.50) a quien lo pagó.");
    } finally {
      vi.useRealTimers();
    }
  });

  it("when 'Cancelar toda la serie' is confirmed with a reason, then every remaining week is cancelled, the reason is sent for the player's mail, and the toast agrees in number", async () => {
    const fetchMock = mockApi({ "DELETE /api/admin/booking-series/s1": () => json({ cancelled: ["b1"] }) });
    const done = vi.fn();
    renderWithProviders(<CellActions picked={bookedCell({ seriesId: "s1" })} date="2030-01-10" venueId="v1" past={false} onDone={done} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Cancelar toda la serie" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Cancelar toda la serie?" });
    expect(dialog).toHaveTextContent("Se cancelarán todas las semanas que quedan de la reserva fija de ana (Cancha Central a las 10:00)");
    expect(dialog).toHaveTextContent("El club cancela: lo pagado en cada semana se reembolsa completo (100%) a quien lo pagó");
    expect(sent(fetchMock)).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Motivo/), "Torneo interno");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar la serie" }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([path]) => String(path).includes("/api/admin/booking-series/s1")) as unknown[] | undefined;
    expect(JSON.parse(String((call?.[1] as RequestInit | undefined)?.body))).toEqual({ reason: "Torneo interno" });
    expect(currentToast()).toMatchObject({ title: "Serie cancelada", description: "Se canceló 1 reserva de la serie." });
  });

  it("when the chosen weekdays never fall between the block's dates, then the form says so and sends nothing", async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<CellActions picked={free} date="2030-01-10" venueId="v1" past={false} onDone={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Bloquear" }));
    const until = screen.getByLabelText("Hasta el día");
    await user.clear(until);
    // Thursday 10 to Saturday 12 January 2030: no Monday, no Wednesday
    await user.type(until, "2030-01-12");
    await user.click(screen.getByText("Lun"));
    await user.click(screen.getByText("Mié"));
    await user.click(screen.getByRole("button", { name: "Bloquear" }));
    expect(currentToast()).toMatchObject({
      title: "No se puede bloquear",
      description: "Ningún día entre el 10 de enero y el 12 de enero cae en lunes ni miércoles: el bloqueo no cerraría nada. Elige otros días o amplía las fechas.",
    });
    expect(sent(fetchMock)).toEqual([]);
  });
});
