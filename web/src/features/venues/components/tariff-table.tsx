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
 * The venue's price table, from its courts' own prices: with the default prices it reads as
 * SPEC.md section 9 (14.50 / 29.00 day, 16.50 / 33.00 night); a venue without courts shows those.
 * Rendered again only when the prices change.
 */
export const TariffTable = memo(function TariffTable({ prices = [] }: { prices?: readonly CourtPrices[] }) {
  const ranges = tariffRanges(prices) ?? DEFAULT_RANGES;
  const varies = Object.values(ranges).some((r) => r.min !== r.max);
  const rows = [
    { label: "Singles (2 personas)", day: ranges.daySingles, night: ranges.nightSingles },
    { label: "Dobles (4 personas)", day: ranges.dayDoubles, night: ranges.nightDoubles },
  ];
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
              <td className="px-4 py-3 text-base font-bold text-court-800">{showRange(row.day)}</td>
              <td className="px-4 py-3 text-base font-bold text-clay-700">{showRange(row.night)}</td>
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
