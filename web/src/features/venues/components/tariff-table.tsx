import { Moon, Sun } from "lucide-react";
import { DEFAULT_PRICES, displayMoney } from "@courts/core";

/** The public price table (SPEC.md section 9): 14.50 / 29.00 day, 16.50 / 33.00 night. */
export function TariffTable() {
  const rows = [
    { label: "Singles (2 personas)", day: DEFAULT_PRICES.daySingles, night: DEFAULT_PRICES.nightSingles },
    { label: "Dobles (4 personas)", day: DEFAULT_PRICES.dayDoubles, night: DEFAULT_PRICES.nightDoubles },
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
              <span className="inline-flex items-center gap-1.5">
                <Sun aria-hidden="true" className="h-4 w-4 text-amber-500" />
                Día <span className="hidden font-normal text-stone-500 sm:inline">(6:00 - 17:00)</span>
              </span>
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="inline-flex items-center gap-1.5">
                <Moon aria-hidden="true" className="h-4 w-4 text-indigo-500" />
                Noche <span className="hidden font-normal text-stone-500 sm:inline">(18:00 - 21:00)</span>
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
              <td className="px-4 py-3 text-base font-bold text-court-800">{displayMoney(row.day)}</td>
              <td className="px-4 py-3 text-base font-bold text-clay-700">{displayMoney(row.night)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="border-t border-stone-100 bg-stone-50 px-4 py-2.5 text-xs text-stone-600">
        Precio por hora de cancha. La tarifa nocturna incluye iluminación artificial.
      </p>
    </div>
  );
}
