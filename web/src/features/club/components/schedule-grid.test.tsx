import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ScheduleCell, ScheduleCourt } from "../api/types";
import { ScheduleGrid } from "./schedule-grid";

const cells = (slots: string[]) => slots.map((timeSlot) => ({ timeSlot, booking: null, block: null }));
const court = (id: string, courtNumber: number, status: string): ScheduleCourt => ({ id, name: `Cancha ${courtNumber}`, courtNumber, status, cells: cells(["10:00", "11:00"]) });

/** A booked cell at `timeSlot` of the player named so (their username and how the desk names them). */
const booked = (timeSlot: string, player: { userName: string; playerName: string; playerPhone: string | null }, paid = "0.00"): ScheduleCell => ({
  timeSlot,
  block: null,
  booking: {
    id: `b-${timeSlot}`, courtId: "c1", bookingDate: "2030-01-10T00:00:00", date: "2030-01-10", timeSlot, gameType: "singles",
    totalAmount: "14.50", paidAmount: paid, paymentStatus: paid === "14.50" ? "completed" : "pending", status: "active", seriesId: null, remainingAmount: "14.50",
    ...player,
  } as ScheduleCell["booking"],
});

describe("the club's day schedule", () => {
  it("when a court is under maintenance, then its free hours read 'Fuera de servicio', not 'Libre'", () => {
    render(<ScheduleGrid courts={[court("c1", 1, "available"), court("c2", 2, "maintenance")]} isPast={() => false} onPick={vi.fn()} />);
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("button", { name: /^Cancha 1 1[01]:00: Libre$/ })).toHaveLength(2);
    const closed = within(table).getAllByRole("button", { name: /^Cancha 2 1[01]:00: Cancha fuera de servicio$/ });
    expect(closed.map((cell) => cell.textContent)).toEqual(["Fuera de servicio", "Fuera de servicio"]);
  });

  it("when a player gave their full name, then their cell names them by it, on the table and on the phone; one who did not, by their username", () => {
    const central: ScheduleCourt = {
      ...court("c1", 1, "available"),
      cells: [
        booked("10:00", { userName: "mjpena", playerName: "María José Peña Núñez", playerPhone: "+593991234567" }, "14.50"),
        booked("11:00", { userName: "bob_pena", playerName: "bob_pena", playerPhone: null }),
      ],
    };
    render(<ScheduleGrid courts={[central]} isPast={() => false} onPick={vi.fn()} />);
    for (const view of [screen.getByRole("table"), screen.getByTestId("schedule-phone")]) {
      const named = within(view).getByRole("button", { name: "Cancha 1 10:00: María José Peña Núñez · Pagado" });
      expect(named).toHaveTextContent("María José Peña Núñez");
      expect(named).not.toHaveTextContent("mjpena");
      expect(within(view).getByRole("button", { name: "Cancha 1 11:00: bob_pena · Pendiente" })).toHaveTextContent("bob_pena");
    }
  });
});
