import { displayMoney, GAME_TYPE_LABEL, GAME_TYPES, type Cents, type GameType } from "@courts/core";
import { Users } from "lucide-react";
import { ChoiceCards } from "../../../components/ui/choice-cards";

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
    <ChoiceCards
      label="Modalidad de juego"
      value={value}
      onChange={onChange}
      choices={GAME_TYPES.map((gameType) => ({
        value: gameType,
        children: (
          <>
            <Users aria-hidden="true" className="h-5 w-5 text-stone-500" />
            <span className="flex-1">
              <span className="block font-semibold text-stone-900">{GAME_TYPE_LABEL[gameType]}</span>
            </span>
            <span className="text-lg font-bold text-court-800">{displayMoney(priceOf(gameType))}</span>
          </>
        ),
      }))}
    />
  );
}
