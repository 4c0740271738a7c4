import { RadioGroup } from "radix-ui";
import { displayMoney, GAME_TYPE_LABEL, GAME_TYPES, type Cents, type GameType } from "@courts/core";
import { Users } from "lucide-react";
import { cn } from "../../../lib/cn";

/** Singles or doubles, each with its price for the chosen slot's band. */
export function GameTypePicker({
  value,
  onChange,
  priceOf,
}: {
  value: GameType;
  onChange: (value: GameType) => void;
  priceOf: (gameType: GameType) => Cents;
}) {
  return (
    <RadioGroup.Root
      aria-label="Modalidad de juego"
      value={value}
      onValueChange={(v) => onChange(v as GameType)}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
    >
      {GAME_TYPES.map((gameType) => (
        <RadioGroup.Item
          key={gameType}
          value={gameType}
          className={cn(
            "group flex cursor-pointer items-center gap-3 rounded-2xl border-2 bg-white p-4 text-left transition",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-2",
            "data-[state=checked]:border-court-700 data-[state=checked]:bg-court-50 data-[state=unchecked]:border-stone-200 hover:border-court-400",
          )}
        >
          <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-stone-400 group-data-[state=checked]:border-court-700">
            {/* not RadioGroup.Indicator: its presence check reads the computed style on mount, a
                style recalculation of the whole page in the middle of the screen's first render */}
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-court-700 opacity-0 group-data-[state=checked]:opacity-100" />
          </span>
          <Users aria-hidden="true" className="h-5 w-5 text-stone-500" />
          <span className="flex-1">
            <span className="block font-semibold text-stone-900">{GAME_TYPE_LABEL[gameType]}</span>
          </span>
          <span className="text-lg font-bold text-court-800">{displayMoney(priceOf(gameType))}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
