import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { formatInstant, money } from "../../../lib/format";
import { useRecordDeskMembership, type MembershipPlan } from "../api/membership-plans";
import { plural, refusalOf } from "../product-texts";

export interface DeskPlayer {
  readonly id: string;
  readonly username: string;
  readonly fullName: string | null;
}

/**
 * 'Registrar en el mostrador': a membership the player paid in cash. The player comes from the
 * desk's player search (`picker`), the plan from the venue's plans; the server writes the receipt.
 */
export function DeskMembership({
  picker,
  player,
  plans,
  timeZone,
  onRecorded,
}: {
  picker: ReactNode;
  player: DeskPlayer | null;
  plans: readonly MembershipPlan[];
  timeZone?: string;
  onRecorded: () => void;
}) {
  const [planId, setPlanId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const { trigger: record, isMutating: pending } = useRecordDeskMembership();
  const plan = plans.find((p) => p.id === planId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!player) return setProblem("Elige al jugador que pagó la membresía.");
    if (!plan) return setProblem("Elige el plan que pagó.");
    setProblem(null);
    try {
      const membership = await record({ userId: player.id, planId: plan.id });
      toast({
        title: "Membresía registrada",
        description: `${player.fullName ?? player.username} es socio con ${membership.name} hasta el ${formatInstant(membership.endsAt, "dd/MM/yyyy", timeZone)}. Pago en efectivo: ${money(plan.price)}`,
      });
      setPlanId("");
      onRecorded();
    } catch (error) {
      setProblem(refusalOf(error, "No se pudo registrar la membresía").message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {picker}
      <SelectField label="Plan" value={planId} onChange={(e) => { setPlanId(e.target.value); setProblem(null); }} aria-required="true" disabled={plans.length === 0}>
        <option value="">{plans.length === 0 ? "Esta sede aún no tiene planes" : "Elige un plan"}</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.name} · ${money(p.price)} · ${plural(p.months, "mes", "meses")} · ${p.discountPercent}%`}
          </option>
        ))}
      </SelectField>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} aria-busy={pending} className="w-full sm:w-auto">
          {pending ? "Registrando..." : "Registrar membresía (efectivo)"}
        </Button>
      </div>
    </form>
  );
}
