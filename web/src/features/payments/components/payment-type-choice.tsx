import { RadioGroup } from "radix-ui";
import { displayMoney, type GameType } from "@courts/core";
import { cn } from "../../../lib/cn";
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
    <RadioGroup.Root
      aria-label="Tipo de pago"
      value={value}
      onValueChange={(v) => onChange(v as PaymentType)}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2"
    >
      {options.map((option) => (
        <RadioGroup.Item
          key={option.value}
          value={option.value}
          aria-label={`${option.title}: ${displayMoney(option.amount)}`}
          className={cn(
            "group flex cursor-pointer items-start gap-3 rounded-2xl border-2 bg-white p-4 text-left transition",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-2",
            "data-[state=checked]:border-court-700 data-[state=checked]:bg-court-50 data-[state=unchecked]:border-stone-200 hover:border-court-400",
          )}
        >
          <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-stone-400 group-data-[state=checked]:border-court-700">
            <RadioGroup.Indicator className="h-2.5 w-2.5 rounded-full bg-court-700" />
          </span>
          <span className="flex-1">
            <span className="block font-semibold text-stone-900">{option.title}</span>
            <span className="mt-0.5 block text-xs text-stone-600">{option.text}</span>
          </span>
          <span data-testid={`amount-${option.value}`} className="text-lg font-bold text-court-800">
            {displayMoney(option.amount)}
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
