import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ScheduleCourt } from "../api/types";
import { ScheduleGrid } from "./schedule-grid";

const cells = (slots: string[]) => slots.map((timeSlot) => ({ timeSlot, booking: null, block: null }));
const court = (id: string, courtNumber: number, status: string): ScheduleCourt => ({ id, name: `Cancha ${courtNumber}`, courtNumber, status, cells: cells(["10:00", "11:00"]) });

describe("the club's day schedule", () => {
  it("when a court is under maintenance, then its free hours read 'Fuera de servicio', not 'Libre'", () => {
    render(<ScheduleGrid courts={[court("c1", 1, "available"), court("c2", 2, "maintenance")]} isPast={() => false} onPick={vi.fn()} />);
    const table = screen.getByRole("table");
    expect(within(table).getAllByRole("button", { name: /^Cancha 1 1[01]:00: Libre$/ })).toHaveLength(2);
    const closed = within(table).getAllByRole("button", { name: /^Cancha 2 1[01]:00: Cancha fuera de servicio$/ });
    expect(closed.map((cell) => cell.textContent)).toEqual(["Fuera de servicio", "Fuera de servicio"]);
  });
});
