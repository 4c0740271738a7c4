import { Profiler, type ProfilerOnRenderCallback } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { es } from "react-day-picker/locale";
import { DateLib, type Modifiers } from "react-day-picker";
import { differenceInCalendarDays, format, getWeek } from "date-fns";
import { BookingDatePicker, DATE_LIB, DAY_FORMATTERS, DAY_LABELS } from "./booking-date-picker";

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

  it("when the venue's window is longer than 180 days, then its last day is the last one enabled; a shorter one still offers 180 days (a day not open yet says when it opens)", () => {
    // 2030-01-10 + 300 days = 2030-11-06
    const { unmount } = render(<BookingDatePicker today="2030-01-10" selected="2030-11-01" windowDays={300} onSelect={() => {}} />);
    expect(screen.getByRole("button", { name: /, 6 de noviembre de 2030/i })).toBeEnabled();
    expect(screen.getByRole("button", { name: /, 7 de noviembre de 2030/i })).toBeDisabled();
    unmount();
    render(<BookingDatePicker today="2030-01-10" selected="2030-07-01" windowDays={7} onSelect={() => {}} />);
    expect(screen.getByRole("button", { name: /, 9 de julio de 2030/i })).toBeEnabled();
    expect(screen.getByRole("button", { name: /, 10 de julio de 2030/i })).toBeDisabled();
  });

  it("when a day is named or numbered, then it reads exactly as react-day-picker's Spanish locale would say it, on every day of two years", () => {
    const lib = new DateLib({ locale: es });
    const options = lib.options;
    const theirs = es.labels!.labelDayButton as (date: Date, modifiers: Modifiers, options: unknown, lib: DateLib) => string;
    const ours = DAY_LABELS.labelDayButton as (date: Date, modifiers: Modifiers) => string;
    let checked = 0;
    for (let date = new Date(2030, 0, 1); date < new Date(2032, 0, 1); date = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1)) {
      for (const [today, selected] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        const modifiers = { today, selected, disabled: false, outside: false, hidden: false, focused: false } as Modifiers;
        expect(ours(date, modifiers)).toBe(theirs(date, modifiers, options, lib));
      }
      expect(DAY_FORMATTERS.formatDay!(date, options, lib)).toBe(lib.format(date, "d"));
      checked++;
    }
    expect(checked).toBe(730);
    expect(ours(new Date(2030, 0, 10), { today: true, selected: true } as unknown as Modifiers)).toBe("Hoy, jueves, 10 de enero de 2030, seleccionado");
  });

  it("when the grid asks its date library, then the quick answers equal date-fns' with the Spanish locale, across years and summer-time changes", () => {
    const lib = new DateLib({ locale: es, weekStartsOn: 1 });
    const options = lib.options;
    const bounds = [new Date(2030, 0, 10), new Date(2030, 6, 9), new Date(2031, 2, 30)];
    let checked = 0;
    // 1999-2034: years that begin on every weekday, leap years, 53-week ISO years (2004, 2009, 2015, 2020, 2026, 2032)
    for (let date = new Date(1999, 0, 1); date < new Date(2035, 0, 1); date = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1)) {
      expect(DATE_LIB.format!(date, "yyyy-MM-dd", options)).toBe(format(date, "yyyy-MM-dd"));
      expect(DATE_LIB.format!(date, "yyyy-MM", options)).toBe(format(date, "yyyy-MM"));
      // the picker's own options (Spanish: from Monday, week 1 holds 1 January), and two other rules of week 1
      for (const weeks of [options, { ...options, firstWeekContainsDate: 4 as const }, { weekStartsOn: 0 as const }]) {
        expect(DATE_LIB.getWeek!(date, weeks)).toBe(getWeek(date, weeks));
      }
      for (const bound of bounds) expect(DATE_LIB.differenceInCalendarDays!(date, bound)).toBe(differenceInCalendarDays(date, bound));
      checked++;
    }
    expect(checked).toBe(13149);
    // any other pattern is date-fns' own, in the locale it is given
    expect(DATE_LIB.format!(new Date(2030, 0, 10), "LLLL y", options)).toBe("enero 2030");
  });
});
