import { useId, type ReactNode } from "react";
import { cn } from "../../../lib/cn";

/**
 * One choice among a list, one under the other, each a card with its radio button: ChoiceCards'
 * look for choices with several lines (a bono's name, price, hours, venue and validity), which two
 * columns in a side panel squeezed to a few words a line.
 */
export function StackedChoices<T extends string>({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly { readonly value: T; readonly children: ReactNode }[];
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="grid grid-cols-1 gap-3">
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={cn(
            "flex cursor-pointer items-start gap-3 rounded-2xl border-2 border-stone-200 bg-white p-4 text-left transition hover:border-court-400",
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
            className={cn(
              "m-0 mt-0.5 h-5 w-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-stone-400 bg-white focus-visible:outline-none",
              "checked:border-court-700 checked:bg-court-700 checked:shadow-[inset_0_0_0_3px_white]",
            )}
          />
          {choice.children}
        </label>
      ))}
    </div>
  );
}
