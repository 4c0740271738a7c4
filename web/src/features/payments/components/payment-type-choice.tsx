import { displayMoney, type GameType } from "@courts/core";
import { ChoiceCards } from "../../../components/ui/choice-cards";
import type { PaymentAmounts, PaymentType } from "../amounts";

/** Partial (your share: 1/2 singles, 1/4 doubles) or full (everything that remains). */
export function PaymentTypeChoice({
  value,
  onChange,
  amounts,
  gameType,
}: {
  value: PaymentType;
  onChange: (value: PaymentType) => void;
  amounts: PaymentAmounts;
  gameType: GameType;
}) {
  // back after paying their part, the organiser may pay one more share (a partner's), never "their part" again
  const again = amounts.paid > 0;
  const partial = {
    value: "partial" as const,
    title: again ? "Pago parcial (otra parte)" : "Pago parcial (tu parte)",
    text: again
      ? gameType === "singles"
        ? "1/2 del total: la parte del otro jugador."
        : "1/4 del total: la parte de otro jugador."
      : gameType === "singles"
        ? "1/2 del total: el otro jugador paga su parte."
        : "1/4 del total: cada jugador paga su parte.",
    amount: amounts.share,
  };
  const options: Array<{ value: PaymentType; title: string; text: string; amount: number }> = [
    // one more share that is the whole rest is the full payment: offered once
    ...(amounts.share < amounts.remaining ? [partial] : []),
    {
      value: "full",
      title: "Pago completo",
      text: amounts.paid > 0 ? "Paga todo lo que falta de la reserva." : "Paga el total de la reserva.",
      amount: amounts.remaining,
    },
  ];
  return (
    <ChoiceCards
      label="Tipo de pago"
      value={value}
      onChange={onChange}
      align="start"
      choices={options.map((option) => ({
        value: option.value,
        ariaLabel: `${option.title}: ${displayMoney(option.amount)}`,
        children: (
          <>
            <span className="flex-1">
              <span className="block font-semibold text-stone-900">{option.title}</span>
              <span className="mt-0.5 block text-xs text-stone-600">{option.text}</span>
            </span>
            <span data-testid={`amount-${option.value}`} className="text-lg font-bold text-court-800">
              {displayMoney(option.amount)}
            </span>
          </>
        ),
      }))}
    />
  );
}
