import { Profiler, useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ChoiceCards } from "./choice-cards";

const choices = [
  { value: "singles", children: <span>Singles (2 personas) $14.50</span> },
  { value: "doubles", ariaLabel: "Dobles: $29.00", children: <span>Dobles (4 personas) $29.00</span> },
] as const;

describe("ChoiceCards", () => {
  it("when it mounts, then it renders once: nothing it commits asks for a second render", () => {
    const phases: string[] = [];
    render(
      <Profiler id="choices" onRender={(_id, phase) => phases.push(phase)}>
        <ChoiceCards label="Modalidad de juego" value="singles" onChange={() => {}} choices={choices} />
      </Profiler>,
    );
    expect(screen.getByRole("radiogroup", { name: "Modalidad de juego" })).toBeInTheDocument();
    expect(phases).toEqual(["mount"]);
  });

  it("when a card's text is tapped, then its value is reported, and the checked radio follows the value it is given", async () => {
    const onChange = vi.fn();
    function Picker() {
      const [value, setValue] = useState<"singles" | "doubles">("singles");
      return (
        <ChoiceCards
          label="Modalidad de juego"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
          choices={choices}
        />
      );
    }
    render(<Picker />);
    expect(screen.getByRole("radio", { name: /^Singles/ })).toBeChecked();
    // a choice's own aria-label is its name; otherwise its card's text is
    expect(screen.getByRole("radio", { name: "Dobles: $29.00" })).not.toBeChecked();
    await userEvent.click(screen.getByText("Dobles (4 personas) $29.00"));
    expect(onChange).toHaveBeenCalledWith("doubles");
    expect(screen.getByRole("radio", { name: "Dobles: $29.00" })).toBeChecked();
    expect(screen.getByRole("radio", { name: /^Singles/ })).not.toBeChecked();
  });
});
