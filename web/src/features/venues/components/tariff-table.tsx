import { memo } from "react";
import { Moon, Sun } from "lucide-react";
import { DEFAULT_PRICES, displayMoney, type CourtPrices } from "@courts/core";
import { tariffRanges, type PriceRange } from "../prices";

const point = (cents: number): PriceRange => ({ min: cents, max: cents });
const DEFAULT_RANGES = {
  daySingles: point(DEFAULT_PRICES.daySingles),
  dayDoubles: point(DEFAULT_PRICES.dayDoubles),
  nightSingles: point(DEFAULT_PRICES.nightSingles),
  nightDoubles: point(DEFAULT_PRICES.nightDoubles),
};

/** One price, or 'lowest - highest' when the venue's courts differ. */
const showRange = ({ min, max }: PriceRange) => (min === max ? displayMoney(min) : `${displayMoney(min)} - ${displayMoney(max)}`);

/**
 * 'Precio socio' (DESIGN.md section 16) beside the prices: `mine` for a member (the member's price
 * stands, the court's is struck through), else what a member would pay, as a hint.
 */
export interface MemberTariff {
  readonly prices: readonly CourtPrices[];
  readonly mine: boolean;
}

function PriceCell({ price, member, mine, tone }: { price: PriceRange; member: PriceRange | undefined; mine: boolean; tone: string }) {
  if (!member) return <span className={`text-base font-bold ${tone}`}>{showRange(price)}</span>;
  if (mine) {
    return (
      <span className="flex flex-col">
        <s className="text-xs font-medium text-stone-500">
          <span className="sr-only">Precio normal </span>
          {showRange(price)}
        </s>
        <span className={`text-base font-bold ${tone}`}>{showRange(member)}</span>
        <span className="text-xs font-semibold text-court-800">Precio socio</span>
      </span>
    );
  }
  return (
    <span className="flex flex-col">
      <span className={`text-base font-bold ${tone}`}>{showRange(price)}</span>
      <span className="text-xs font-medium text-stone-600">Precio socio: {showRange(member)}</span>
    </span>
  );
}

/**
 * The venue's price table, from its courts' own prices: with the default prices it reads as
 * SPEC.md section 9 (14.50 / 29.00 day, 16.50 / 33.00 night); a venue without courts shows those.
 * With `member`, each price has its 'Precio socio'. Rendered again only when the prices change.
 */
export const TariffTable = memo(function TariffTable({ prices = [], member }: { prices?: readonly CourtPrices[]; member?: MemberTariff | undefined }) {
  const ranges = tariffRanges(prices) ?? DEFAULT_RANGES;
  const memberRanges = member ? tariffRanges(member.prices) : null;
  const varies = Object.values(ranges).some((r) => r.min !== r.max);
  const rows = [
    { label: "Singles (2 personas)", day: ranges.daySingles, night: ranges.nightSingles, memberDay: memberRanges?.daySingles, memberNight: memberRanges?.nightSingles },
    { label: "Dobles (4 personas)", day: ranges.dayDoubles, night: ranges.nightDoubles, memberDay: memberRanges?.dayDoubles, memberNight: memberRanges?.nightDoubles },
  ];
  const mine = member?.mine ?? false;
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Tarifas por hora</caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Modalidad
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {/* on a phone the hours go under the word: which hours are night is what the price depends on */}
              <span className="inline-flex flex-wrap items-center gap-x-1.5">
                <Sun aria-hidden="true" className="h-4 w-4 text-amber-500" />
                Día <span className="basis-full whitespace-nowrap text-xs font-normal text-stone-500 sm:basis-auto sm:text-sm">(6:00 - 17:00)</span>
              </span>
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {/* on a phone the hours go under the word: which hours are night is what the price depends on */}
              <span className="inline-flex flex-wrap items-center gap-x-1.5">
                <Moon aria-hidden="true" className="h-4 w-4 text-indigo-500" />
                Noche <span className="basis-full whitespace-nowrap text-xs font-normal text-stone-500 sm:basis-auto sm:text-sm">(18:00 - 21:00)</span>
              </span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-4 py-3 font-medium text-stone-800">
                {row.label}
              </th>
              <td className="px-4 py-3">
                <PriceCell price={row.day} member={row.memberDay} mine={mine} tone="text-court-800" />
              </td>
              <td className="px-4 py-3">
                <PriceCell price={row.night} member={row.memberNight} mine={mine} tone="text-clay-700" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-stone-100 bg-stone-50 px-4 py-2.5 text-xs text-stone-600">
        Precio por hora de cancha{varies ? "; varía según la cancha" : ""}. La tarifa nocturna incluye iluminación artificial.
      </p>
    </div>
  );
});
