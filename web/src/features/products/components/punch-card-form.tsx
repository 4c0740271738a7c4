import type { FormEvent } from "react";
import { PunchCardProductBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { useCreatePunchCardProduct, type PunchCardProductInput } from "../api/punch-card-products";
import { numberOrMissing, plural } from "../product-texts";
import { useProductForm } from "./product-form-state";

interface PunchCardValues extends Record<string, string> {
  name: string;
  hours: string;
  price: string;
  validDays: string;
  venueId: string;
  band: string;
}

const EMPTY: PunchCardValues = { name: "", hours: "", price: "", validDays: "", venueId: "", band: "" };

export const PUNCH_CARD_LABELS = { name: "Nombre", hours: "Horas", price: "Precio", validDays: "Días de validez", venueId: "Sede", band: "Franja" };

/** The form's values as the API body: numbers as typed, the price as its decimal text, no venue or band as null. */
export const toPunchCardInput = (v: PunchCardValues): PunchCardProductInput =>
  ({
    name: v.name.trim(),
    hours: numberOrMissing(v.hours),
    price: v.price.trim(),
    validDays: numberOrMissing(v.validDays),
    venueId: v.venueId === "" ? null : v.venueId,
    band: v.band === "day" || v.band === "night" ? v.band : null,
  }) as PunchCardProductInput;

/** 'Nuevo bono': hours (1 to 100), price, validity and, optionally, one venue and one band. */
export function PunchCardForm({ venues, onDone }: { venues: readonly { id: string; name: string }[]; onDone: () => void }) {
  const form = useProductForm(PunchCardProductBody, EMPTY, toPunchCardInput, PUNCH_CARD_LABELS);
  const { trigger: create, isMutating: pending } = useCreatePunchCardProduct();
  const text = (name: keyof PunchCardValues & string) => ({
    value: form.values[name],
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value),
    error: form.problem(name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submitted();
    if (!input || pending) return;
    try {
      const product = await create(input);
      toast({ title: "Bono creado", description: `${product.name}: ${plural(product.hours, "hora", "horas")} por $${product.price}, ya a la venta` });
      onDone();
    } catch (error) {
      form.refused(error, "No se pudo crear el bono");
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Nombre" autoComplete="off" placeholder="Bono 10 horas" aria-required="true" {...text("name")} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField label="Horas" type="number" inputMode="numeric" min={1} max={100} step={1} aria-required="true" hint="De 1 a 100" {...text("hours")} />
        <TextField label="Precio ($)" type="number" inputMode="decimal" min={1} step={0.01} aria-required="true" {...text("price")} />
        <TextField label="Días de validez" type="number" inputMode="numeric" min={1} step={1} aria-required="true" hint="Desde la compra" {...text("validDays")} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField label="Sede" {...text("venueId")}>
          <option value="">Todas las sedes</option>
          {venues.map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Franja" {...text("band")}>
          <option value="">Cualquiera (día o noche)</option>
          <option value="day">Diurna</option>
          <option value="night">Nocturna</option>
        </SelectField>
      </div>
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
          {pending ? "Guardando..." : "Crear bono"}
        </Button>
      </div>
    </form>
  );
}
