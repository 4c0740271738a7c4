import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { money } from "../../../lib/format";
import type { MembershipPlan } from "../api/membership-plans";
import { plural } from "../product-texts";

export const windowText = (windowDays: number | null): string =>
  windowDays === null ? "La de la sede" : `${plural(windowDays, "día", "días")} de anticipación`;

/** A venue's plans on sale: name, price, length, discount and booking window. */
export function PlanList({ plans }: { plans: readonly MembershipPlan[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Planes de socio">
      {plans.map((plan) => (
        <li key={plan.id}>
          <Card className="h-full p-4">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-words text-lg font-bold text-stone-900">{plan.name}</p>
              <p className="whitespace-nowrap text-lg font-bold text-court-800">{money(plan.price)}</p>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Duración</dt>
              <dd className="font-medium text-stone-900">{plural(plan.months, "mes", "meses")}</dd>
              <dt className="text-stone-600">Descuento</dt>
              <dd className="font-medium text-stone-900">
                <Badge tone="ball">{plan.discountPercent}% en reservas</Badge>
              </dd>
              <dt className="text-stone-600">Ventana</dt>
              <dd className="font-medium text-stone-900">{windowText(plan.windowDays)}</dd>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
