import { useState, type FormEvent } from "react";
import { CourtBody, DEFAULT_PRICES, formatMoney } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { checkRequest, withLabels } from "../../../lib/request-schema";
import type { Court, Venue } from "../../../types/api";
import type { CourtInput } from "../api/court-input";
import { useCreateCourt } from "../api/create-court";
import { useUpdateCourt } from "../api/update-court";

interface FormState {
  name: string;
  courtNumber: string;
  venueId: string;
  status: string;
  daySinglesPrice: string;
  dayDoublesPrice: string;
  nightSinglesPrice: string;
  nightDoublesPrice: string;
}

/** Defaults 14.50 / 29.00 / 16.50 / 33.00 (SPEC.md section 5). */
export const newCourtState = (venueId = ""): FormState => ({
  name: "",
  courtNumber: "",
  venueId,
  status: "available",
  daySinglesPrice: formatMoney(DEFAULT_PRICES.daySingles),
  dayDoublesPrice: formatMoney(DEFAULT_PRICES.dayDoubles),
  nightSinglesPrice: formatMoney(DEFAULT_PRICES.nightSingles),
  nightDoublesPrice: formatMoney(DEFAULT_PRICES.nightDoubles),
});

const fromCourt = (c: Court): FormState => ({
  name: c.name,
  courtNumber: String(c.courtNumber),
  venueId: c.venueId,
  status: c.status,
  daySinglesPrice: c.daySinglesPrice,
  dayDoublesPrice: c.dayDoublesPrice,
  nightSinglesPrice: c.nightSinglesPrice,
  nightDoublesPrice: c.nightDoublesPrice,
});

const priceFields = [
  ["daySinglesPrice", "Día · Singles"],
  ["dayDoublesPrice", "Día · Dobles"],
  ["nightSinglesPrice", "Noche · Singles"],
  ["nightDoublesPrice", "Noche · Dobles"],
] as const;

const COURT_LABELS: Readonly<Record<string, string>> = {
  name: "Nombre",
  courtNumber: "Número de cancha",
  venueId: "Complejo",
  status: "Estado",
  ...Object.fromEntries(priceFields),
};

/** Create (always status available) or edit a court. */
export function CourtForm({
  venues,
  court,
  defaultVenueId,
  onDone,
}: {
  venues: readonly Venue[];
  court?: Court;
  defaultVenueId?: string;
  onDone: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => (court ? fromCourt(court) : newCourtState(defaultVenueId)));
  const create = useCreateCourt();
  const update = useUpdateCourt();
  const pending = create.isMutating || update.isMutating;
  const set = (field: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: CourtInput = {
      name: form.name.trim(),
      courtNumber: form.courtNumber.trim() === "" ? Number.NaN : Number(form.courtNumber),
      venueId: form.venueId,
      status: court ? form.status : "available",
      daySinglesPrice: form.daySinglesPrice,
      dayDoublesPrice: form.dayDoublesPrice,
      nightSinglesPrice: form.nightSinglesPrice,
      nightDoublesPrice: form.nightDoublesPrice,
    };
    // CourtBody's messages start with 'Todos los campos son requeridos' for the three required fields
    const checked = checkRequest(CourtBody, input, COURT_LABELS);
    if (!checked.ok) {
      toastError("Error", checked.first);
      return;
    }
    try {
      if (court) {
        await update.trigger({ id: court.id, input });
        toast({ title: "Cancha actualizada", description: `${input.name} se guardó correctamente` });
      } else {
        await create.trigger(input);
        toast({ title: "Cancha creada", description: `${input.name} ya se puede reservar` });
      }
      onDone();
    } catch (error) {
      toastError("Error", withLabels(describeError(error, court ? "No se pudo actualizar la cancha" : "No se pudo crear la cancha"), COURT_LABELS));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nombre" value={form.name} onChange={set("name")} aria-required="true" placeholder="Cancha Central" />
        <TextField
          label="Número de cancha"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={form.courtNumber}
          onChange={set("courtNumber")}
          aria-required="true"
        />
      </div>
      <SelectField label="Complejo" value={form.venueId} onChange={set("venueId")} aria-required="true">
        <option value="">Selecciona un complejo</option>
        {venues.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </SelectField>
      {court && (
        <SelectField
          label="Estado"
          value={form.status}
          onChange={set("status")}
          // closing the court stops new bookings only: the ones already made are still played, or closed with a refund
          hint={
            form.status !== "available" && court.status === "available"
              ? "Deja de aceptar reservas nuevas; las ya hechas siguen en pie. Para cancelarlas con reembolso a cada pagador, cierra esas fechas desde Horario."
              : undefined
          }
        >
          <option value="available">Disponible</option>
          <option value="maintenance">En mantenimiento</option>
          <option value="in_use">En Uso</option>
        </SelectField>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-800">Precios por hora ($)</legend>
        <div className="grid grid-cols-2 gap-3">
          {priceFields.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              type="number"
              inputMode="decimal"
              // each share is paid by card, from $0.50: singles from $1.00, doubles from $2.00 (CourtBody)
              min={field.includes("Singles") ? 1 : 2}
              step={0.01}
              value={form[field]}
              onChange={set(field)}
            />
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? "Guardando..." : court ? "Guardar Cambios" : "Crear Cancha"}
        </Button>
      </div>
    </form>
  );
}
