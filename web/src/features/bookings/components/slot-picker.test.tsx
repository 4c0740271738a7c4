import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { slotStates } from "../slot-rules";
import { SlotPicker } from "./slot-picker";

const ZONE = "America/Guayaquil"; // UTC-5, no daylight saving

describe("slotStates", () => {
  it("when a date is given, then there are 16 slots: 12 day (06-17) and 4 night (18-21)", () => {
    const states = slotStates({ date: "2030-01-10", bookedSlots: [], now: new Date("2030-01-01T00:00:00Z"), timeZone: ZONE });
    expect(states.map((s) => s.slot)).toHaveLength(16);
    expect(states.filter((s) => s.band === "day").map((s) => s.slot)).toEqual([
      "06:00", "07:00", "08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00",
    ]);
    expect(states.filter((s) => s.band === "night").map((s) => s.slot)).toEqual(["18:00", "19:00", "20:00", "21:00"]);
  });

  it("when today is shown, then slots that already started on the club's clock are disabled", () => {
    // 15:30 UTC is 10:30 in Guayaquil: 06:00..10:00 have started, 11:00 has not.
    const states = slotStates({ date: "2030-01-10", bookedSlots: [], now: new Date("2030-01-10T15:30:00Z"), timeZone: ZONE });
    const past = states.filter((s) => s.past).map((s) => s.slot);
    expect(past).toEqual(["06:00", "07:00", "08:00", "09:00", "10:00"]);
    expect(states.find((s) => s.slot === "11:00")?.disabled).toBe(false);
  });

  it("when a slot is booked, then it is disabled and marked booked", () => {
    const states = slotStates({ date: "2030-01-10", bookedSlots: ["19:00"], now: new Date("2030-01-01T00:00:00Z"), timeZone: ZONE });
    expect(states.find((s) => s.slot === "19:00")).toMatchObject({ booked: true, disabled: true, band: "night" });
  });
});

describe("blocked slots", () => {
  it("when the club closes a slot, then it is disabled and its tile reads 'Cerrado' and the reason instead of 'Ocupado'", () => {
    const blocked = slotStates({
      date: "2030-01-10",
      bookedSlots: ["10:00"],
      blockedSlots: [{ timeSlot: "10:00", reason: "Mantenimiento" }],
      now: new Date("2030-01-01T00:00:00Z"),
      timeZone: ZONE,
    });
    expect(blocked.find((s) => s.slot === "10:00")).toMatchObject({ booked: true, disabled: true, blockedReason: "Mantenimiento" });
    render(<SlotPicker slots={blocked} selected={null} onSelect={vi.fn()} />);
    const button = screen.getByRole("button", { name: "10:00, Cerrado: Mantenimiento" });
    expect(button).toBeDisabled();
    // visible, not only in aria-label and title: a sighted player reads the tile
    expect(button).toHaveTextContent(/^10:00CerradoMantenimiento$/);
    expect(button).not.toHaveTextContent("Ocupado");
  });
});

describe("SlotPicker", () => {
  const states = slotStates({
    date: "2030-01-10",
    bookedSlots: ["08:00", "20:00"],
    now: new Date("2030-01-10T12:30:00Z"), // 07:30 local: 06:00 and 07:00 have passed
    timeZone: ZONE,
  });

  it("when rendered, then day and night slots are in separate groups and only night slots carry a moon", () => {
    render(<SlotPicker slots={states} selected={null} onSelect={() => {}} />);
    const day = screen.getByRole("group", { name: /Horario diurno/ });
    const night = screen.getByRole("group", { name: /Horario nocturno/ });
    expect(within(day).getAllByRole("button")).toHaveLength(12);
    expect(within(night).getAllByRole("button")).toHaveLength(4);
    expect(within(night).getAllByTestId("moon")).toHaveLength(4);
    expect(within(day).queryAllByTestId("moon")).toHaveLength(0);
  });

  it("when slots are booked or past, then they are disabled and booked ones read 'Ocupado'", () => {
    render(<SlotPicker slots={states} selected={null} onSelect={() => {}} />);
    const booked = screen.getByRole("button", { name: /^08:00/ });
    expect(booked).toBeDisabled();
    expect(booked).toHaveTextContent("Ocupado");
    expect(screen.getByRole("button", { name: /^20:00/ })).toHaveTextContent("Ocupado");
    expect(screen.getByRole("button", { name: /^06:00/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /^06:00/ })).not.toHaveTextContent("Ocupado");
    expect(screen.getByRole("button", { name: /^09:00/ })).toBeEnabled();
  });

  it("when a free slot is clicked, then it is chosen; a disabled one cannot be", async () => {
    const onSelect = vi.fn();
    const { rerender } = render(<SlotPicker slots={states} selected={null} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole("button", { name: /^18:00/ }));
    await userEvent.click(screen.getByRole("button", { name: /^08:00/ }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith("18:00");
    rerender(<SlotPicker slots={states} selected="18:00" onSelect={onSelect} />);
    expect(screen.getByRole("button", { name: /^18:00/ })).toHaveAttribute("aria-pressed", "true");
  });
});
