import { useId, type ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface Choice<T extends string> {
  readonly value: T;
  /** what a screen reader says for this choice, when its text alone would not say it well */
  readonly ariaLabel?: string;
  /** what the card shows beside its radio button */
  readonly children: ReactNode;
}

/**
 * One choice among a few, each a card with its radio button: the browser's own radio buttons (arrow
 * keys move between them; a screen reader says "1 de 2"). A library radio group set state from its
 * refs while a screen's first render was committed, which rendered the screen a second time in
 * that same task of a phone's main thread (docs/PERFORMANCE.md, 30 November).
 */
export function ChoiceCards<T extends string>({
  label,
  value,
  onChange,
  choices,
  align = "center",
  columns = 2,
}: {
  /** the group's name, as a screen reader says it */
  label: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  /** the radio button beside one line of text (center) or at the top of several (start) */
  align?: "center" | "start";
  /** two side by side from a tablet's width, or always one under the other (choices of several lines in a side panel) */
  columns?: 1 | 2;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={cn("grid grid-cols-1 gap-3", columns === 2 && "sm:grid-cols-2")}>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            "flex cursor-pointer gap-3 rounded-2xl border-2 border-stone-200 bg-white p-4 text-left transition hover:border-court-400",
            align === "center" ? "items-center" : "items-start",
            "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ball-400 has-[:focus-visible]:ring-offset-2",
            "has-[:checked]:border-court-700 has-[:checked]:bg-court-50",
          )}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            aria-label={choice.ariaLabel}
            className={cn(
              "m-0 h-5 w-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-stone-400 bg-white focus-visible:outline-none",
              // a ring and a dot: the white inset between the green border and the green fill
              "checked:border-court-700 checked:bg-court-700 checked:shadow-[inset_0_0_0_3px_white]",
              align === "start" && "mt-0.5",
            )}
          />
          {choice.children}
        </label>
      ))}
    </div>
  );
}
