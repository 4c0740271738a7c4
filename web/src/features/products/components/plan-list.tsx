import { useState } from "react";
import { Ban } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { money } from "../../../lib/format";
import { useWithdrawMembershipPlan, type MembershipPlan } from "../api/membership-plans";
import { plural } from "../product-texts";

export const windowText = (windowDays: number | null): string =>
  windowDays === null ? "La de la sede" : `${plural(windowDays, "día", "días")} de anticipación`;

/** A venue's plans on sale: name, price, length, discount and booking window; 'Retirar' asks first. */
export function PlanList({ plans, venueId }: { plans: readonly MembershipPlan[]; venueId: string }) {
  const [withdrawing, setWithdrawing] = useState<MembershipPlan | null>(null);
  const { trigger: withdraw, isMutating: pending } = useWithdrawMembershipPlan(venueId);

  const confirm = async () => {
    if (!withdrawing) return;
    try {
      await withdraw(withdrawing.id);
      toast({ title: "Plan retirado", description: `${withdrawing.name} ya no está a la venta` });
      setWithdrawing(null);
    } catch (error) {
      setWithdrawing(null);
      toastError("Error", describeError(error, "No se pudo retirar el plan"));
    }
  };

  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Planes de socio">
        {plans.map((plan) => (
          <li key={plan.id}>
            <Card className="flex h-full flex-col p-4">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 break-words text-lg font-bold text-stone-900">{plan.name}</p>
                <p className="whitespace-nowrap text-lg font-bold text-court-800">{money(plan.price)}</p>
              </div>
              <dl className="mt-3 grid flex-1 grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1 text-sm">
                <dt className="text-stone-600">Duración</dt>
                <dd className="font-medium text-stone-900">{plural(plan.months, "mes", "meses")}</dd>
                <dt className="text-stone-600">Descuento</dt>
                <dd className="font-medium text-stone-900">
                  <Badge tone="ball">{plan.discountPercent}% en reservas</Badge>
                </dd>
                <dt className="text-stone-600">Ventana</dt>
                <dd className="font-medium text-stone-900">{windowText(plan.windowDays)}</dd>
              </dl>
              <Button variant="outline" size="sm" className="mt-4 w-full sm:w-auto sm:self-end" onClick={() => setWithdrawing(plan)} aria-label={`Retirar el plan ${plan.name}`}>
                <Ban aria-hidden="true" className="h-4 w-4" /> Retirar
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && !pending && setWithdrawing(null)}
        title="¿Retirar este plan?"
        description={
          <>
            <p>
              <strong className="text-stone-900">{withdrawing?.name}</strong> dejará de estar a la venta y de mostrarse a los jugadores.
            </p>
            <p>Los socios que ya lo compraron conservan su membresía hasta que termine.</p>
          </>
        }
        confirmLabel={pending ? "Retirando..." : "Retirar plan"}
        busy={pending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
