import type { FormEvent } from "react";
import { MembershipPlanBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useCreateMembershipPlan, type MembershipPlanInput } from "../api/membership-plans";
import { numberOrMissing } from "../product-texts";
import { useProductForm } from "./product-form-state";

interface PlanValues extends Record<string, string> {
  name: string;
  price: string;
  months: string;
  discountPercent: string;
  windowDays: string;
}

const EMPTY: PlanValues = { name: "", price: "", months: "", discountPercent: "", windowDays: "" };

export const PLAN_LABELS = { venueId: "Sede", name: "Nombre", price: "Precio", months: "Meses", discountPercent: "Descuento", windowDays: "Días de reserva anticipada" };

/** The form's values as the API body for the venue: numbers as typed, the price as its decimal text, no own window as null. */
export const toPlanInput = (venueId: string) => (v: PlanValues): MembershipPlanInput =>
  ({
    venueId,
    name: v.name.trim(),
    price: v.price.trim(),
    months: numberOrMissing(v.months),
    discountPercent: numberOrMissing(v.discountPercent),
    windowDays: numberOrMissing(v.windowDays) ?? null,
  }) as MembershipPlanInput;

/** 'Nuevo plan' of a venue: price, months, discount on bookings (0 to 100 %) and an optional own booking window. */
export function PlanForm({ venue, onDone }: { venue: { id: string; name: string }; onDone: () => void }) {
  const form = useProductForm(MembershipPlanBody, EMPTY, toPlanInput(venue.id), PLAN_LABELS);
  const { trigger: create, isMutating: pending } = useCreateMembershipPlan();
  const text = (name: keyof PlanValues & string) => ({
    value: form.values[name],
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    error: form.problem(name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submitted();
    if (!input || pending) return;
    try {
      const plan = await create(input);
      toast({ title: "Plan creado", description: `${plan.name} ya está a la venta en ${venue.name}` });
      onDone();
    } catch (error) {
      form.refused(error, "No se pudo crear el plan");
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Nombre" autoComplete="off" placeholder="Socio anual" aria-required="true" {...text("name")} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField label="Precio ($)" type="number" inputMode="decimal" min={1} step={0.01} aria-required="true" {...text("price")} />
        <TextField label="Meses" type="number" inputMode="numeric" min={1} step={1} aria-required="true" hint="Duración" {...text("months")} />
        <TextField label="Descuento (%)" type="number" inputMode="numeric" min={0} max={100} step={1} aria-required="true" hint="De 0 a 100" {...text("discountPercent")} />
      </div>
      <TextField
        label="Días de reserva anticipada (opcional)"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        step={1}
        hint="Vacío = la ventana de la sede"
        {...text("windowDays")}
      />
      {form.formError && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {form.formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Guardando..." : "Crear plan"}
        </Button>
      </div>
    </form>
  );
}
