import { Moon, Sun } from "lucide-react";
import { displayMoney, type Cents } from "@courts/core";
import { cn } from "../../../lib/cn";
import type { SlotState } from "../slot-rules";

function SlotButton({
  state,
  selected,
  onSelect,
  price,
}: {
  state: SlotState;
  selected: boolean;
  onSelect: (slot: string) => void;
  price: Cents | undefined;
}) {
  const night = state.band === "night";
  const blocked = state.blockedReason !== null && !state.past;
  // a free slot shows its price: night costs more, and a player should see it before choosing
  const freeText = price === undefined ? (night ? "Nocturno" : "Libre") : displayMoney(price);
  const takenText = state.mine ? "Tu reserva" : "Ocupado";
  const statusText = state.booked ? takenText : state.past ? "No disponible" : freeText;
  return (
    <button
      type="button"
      disabled={state.disabled}
      aria-pressed={selected}
      aria-label={`${state.slot}${night ? ", horario nocturno" : ""}${blocked ? `, Cerrado: ${state.blockedReason}` : state.booked ? `, ${takenText}` : state.past ? ", ya pasó" : price === undefined ? "" : `, ${displayMoney(price)}`}`}
      title={blocked ? `Cerrado: ${state.blockedReason}` : undefined}
      onClick={() => onSelect(state.slot)}
      className={cn(
        "relative flex h-16 cursor-pointer flex-col items-center justify-center gap-0.5 rounded-xl border text-sm font-semibold transition",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400 focus-visible:ring-offset-1",
        "disabled:cursor-not-allowed",
        selected
          ? night
            ? "border-indigo-800 bg-indigo-800 text-white shadow-md"
            : "border-court-700 bg-court-700 text-white shadow-md"
          : blocked
            ? "border-amber-300 bg-amber-50 text-amber-900"
            : state.mine
            ? "border-court-300 bg-court-50 text-court-900"
            : state.booked
            ? "border-red-200 bg-red-50 text-red-800"
            : state.past
              ? "border-stone-200 bg-stone-100 text-stone-500"
              : night
                ? "border-indigo-200 bg-indigo-50 text-indigo-950 hover:border-indigo-400"
                : "border-stone-200 bg-white text-stone-900 hover:border-court-400 hover:bg-court-50",
      )}
    >
      <span className="flex items-center gap-1">
        {night && <Moon aria-hidden="true" data-testid="moon" className="h-3.5 w-3.5" />}
        {state.slot}
      </span>
      {blocked ? (
        // 'Cerrado' first, so the tile says the hour is closed and not only why; the reason below in
        // smaller type fits a third of a 390 px phone
        <span aria-hidden="true" className="flex max-w-full flex-col items-center px-1 leading-tight">
          <span className="text-[11px] font-semibold">Cerrado</span>
          <span className="max-w-full truncate text-[10px] font-medium">{state.blockedReason}</span>
        </span>
      ) : (
        <span aria-hidden="true" className={cn("text-[11px] font-medium", state.booked && !state.mine && !selected && "line-through decoration-1")}>
          {statusText}
        </span>
      )}
    </button>
  );
}

/**
 * The day's slots split into day (06:00-17:00) and night (18:00-21:00, moon mark); booked and
 * past slots are disabled, booked ones read 'Ocupado'; free ones show their price when given.
 */
export function SlotPicker({
  slots,
  selected,
  onSelect,
  priceOf,
}: {
  slots: readonly SlotState[];
  selected: string | null;
  onSelect: (slot: string) => void;
  /** the price of a slot for the chosen game type, shown on each free slot */
  priceOf?: (slot: string) => Cents;
}) {
  const groups = [
    {
      id: "day",
      title: "Horario diurno",
      range: "6:00 - 17:00",
      icon: <Sun aria-hidden="true" className="h-4 w-4 text-amber-500" />,
      items: slots.filter((s) => s.band === "day"),
    },
    {
      id: "night",
      title: "Horario nocturno",
      range: "18:00 - 21:00 · con iluminación",
      icon: <Moon aria-hidden="true" className="h-4 w-4 text-indigo-600" />,
      items: slots.filter((s) => s.band === "night"),
    },
  ];
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <fieldset key={group.id}>
          <legend className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm font-semibold text-stone-800">
            {group.icon}
            {group.title}
            <span className="font-normal text-stone-500">({group.range})</span>
          </legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {group.items.map((state) => (
              <SlotButton key={state.slot} state={state} selected={selected === state.slot} onSelect={onSelect} price={priceOf?.(state.slot)} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
