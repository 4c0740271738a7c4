import { Profiler, type ProfilerOnRenderCallback } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { BookingDatePicker } from "./booking-date-picker";

/** Each time react-day-picker's month grid renders. */
const gridRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-day-picker", async (importOriginal) => {
  const original = await importOriginal<typeof import("react-day-picker")>();
  return {
    ...original,
    DayPicker: (props: Parameters<typeof original.DayPicker>[0]) => {
      gridRenders.count++;
      return original.DayPicker(props);
    },
  };
});

const renders = () => {
  const phases: string[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase);
  return { phases, onRender };
};

describe("BookingDatePicker", () => {
  it("when it mounts, then the month grid is rendered once, not a second time by the picker's own effect", () => {
    const { phases, onRender } = renders();
    render(
      <Profiler id="picker" onRender={onRender}>
        <BookingDatePicker today="2030-01-10" selected="2030-01-12" onSelect={() => {}} />
      </Profiler>,
    );
    expect(screen.getByRole("grid")).toBeInTheDocument();
    // react-day-picker sets its month again after mounting; a new Date of the same month re-rendered the grid
    expect(phases).toEqual(["mount"]);
  });

  it("when the screen around it renders again with the same days, then the month grid is not rendered again; a new day renders it", () => {
    const onSelect = () => {};
    const picker = (selected: string) => <BookingDatePicker today="2030-01-10" selected={selected} onSelect={onSelect} />;
    const { rerender } = render(picker("2030-01-12"));
    const afterMount = gridRenders.count;
    // an answer of the booking screen arrives: the screen renders again with the same days and callback
    rerender(picker("2030-01-12"));
    rerender(picker("2030-01-12"));
    expect(gridRenders.count).toBe(afterMount);
    rerender(picker("2030-01-13"));
    expect(gridRenders.count).toBe(afterMount + 1);
    expect(screen.getByRole("gridcell", { selected: true })).toHaveTextContent(/^13$/);
  });

  it("when a day is chosen or the next month is opened, then it still answers: the day, and the next month's grid", async () => {
    const onSelect = vi.fn();
    render(<BookingDatePicker today="2030-01-10" selected="2030-01-12" onSelect={onSelect} />);
    expect(screen.getByRole("grid", { name: /enero 2030/i })).toBeInTheDocument();
    // days before today cannot be chosen, and neither can the months before the current one
    expect(screen.getByRole("button", { name: /, 9 de enero de 2030/i })).toBeDisabled();
    expect(screen.getByRole("button", { name: /mes anterior/i })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(screen.getByRole("button", { name: /, 20 de enero de 2030/i }));
    expect(onSelect).toHaveBeenCalledWith("2030-01-20");
    await userEvent.click(screen.getByRole("button", { name: /mes siguiente/i }));
    expect(await screen.findByRole("grid", { name: /febrero 2030/i })).toBeInTheDocument();
  });

  it("when the horizon's month is shown, then days after the 180th are disabled and no later month can be opened", async () => {
    // 2030-01-10 + 180 days = 2030-07-09
    render(<BookingDatePicker today="2030-01-10" selected="2030-07-01" onSelect={() => {}} />);
    expect(screen.getByRole("grid", { name: /julio 2030/i })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /, 9 de julio de 2030/i })).toBeEnabled();
    expect(screen.getByRole("button", { name: /, 10 de julio de 2030/i })).toBeDisabled();
    expect(screen.getByRole("button", { name: /mes siguiente/i })).toHaveAttribute("aria-disabled", "true");
  });
});
