import { useState, type FormEvent } from "react";
import { Save } from "lucide-react";
import { rulesProblem, type VenueRules as Rules } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { toast, toastError } from "../../../components/ui/toast";
import { ErrorNotice } from "../../../components/ui/empty-state";
import { ApiError, describeError } from "../../../lib/api-client";
import { useSetVenueRules, useVenueRules, type VenueRules } from "../api/venue-rules";

type Field = keyof VenueRules;
type Form = Record<Field, string>;

const formOf = (rules: VenueRules): Form => ({
  windowDays: String(rules.windowDays),
  releaseTime: rules.releaseTime ?? "",
  maxUpcomingPerPlayer: rules.maxUpcomingPerPlayer === null ? "" : String(rules.maxUpcomingPerPlayer),
  maxPerPlayerPerDay: rules.maxPerPlayerPerDay === null ? "" : String(rules.maxPerPlayerPerDay),
  ballotSeconds: String(rules.ballotSeconds),
});

/** A number as typed ("" stays NaN, so the rule's own message says what is wrong); an empty optional field is null. */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));
const rulesOf = (form: Form): Rules => ({
  windowDays: numberOf(form.windowDays),
  releaseTime: form.releaseTime.trim() === "" ? null : form.releaseTime.trim(),
  maxUpcomingPerPlayer: form.maxUpcomingPerPlayer.trim() === "" ? null : numberOf(form.maxUpcomingPerPlayer),
  maxPerPlayerPerDay: form.maxPerPlayerPerDay.trim() === "" ? null : numberOf(form.maxPerPlayerPerDay),
  ballotSeconds: form.ballotSeconds.trim() === "" ? 0 : numberOf(form.ballotSeconds),
});

const FIELDS: readonly { field: Field; label: string; hint: string; placeholder?: string; inputMode: "numeric" | "text" }[] = [
  { field: "windowDays", label: "Días de anticipación", hint: "Cuántos días antes se puede reservar una fecha (1 a 365).", inputMode: "numeric" },
  {
    field: "releaseTime",
    label: "Hora de apertura (opcional)",
    hint: "A esta hora se abre cada día la fecha más lejana, en formato HH:MM. Vacío: a medianoche.",
    placeholder: "08:00",
    inputMode: "text",
  },
  {
    field: "maxUpcomingPerPlayer",
    label: "Reservas próximas por jugador (opcional)",
    hint: "Máximo de reservas por jugar de un jugador en esta sede. Vacío: sin límite.",
    inputMode: "numeric",
  },
  {
    field: "maxPerPlayerPerDay",
    label: "Reservas por jugador y día (opcional)",
    hint: "Máximo de reservas de un jugador para un mismo día en esta sede. Vacío: sin límite.",
    inputMode: "numeric",
  },
  {
    field: "ballotSeconds",
    label: "Segundos de sorteo",
    hint: "De 0 a 300. Las reservas de esos primeros segundos de un día recién abierto se sortean; 0: por orden de llegada.",
    inputMode: "numeric",
  },
];

/** 'Reglas de reserva' of one venue (DESIGN.md section 15): the form checks as the server does, and shows the server's message by its field. */
export function VenueRulesForm({ venueId, onSaved }: { venueId: string; onSaved?: () => void }) {
  const rules = useVenueRules(venueId);
  if (rules.error) return <ErrorNotice>{describeError(rules.error, "No se pudieron cargar las reglas")}</ErrorNotice>;
  if (!rules.data) return <Spinner label="Cargando reglas..." />;
  return <RulesEditor venueId={venueId} initial={rules.data} onSaved={onSaved} />;
}

function RulesEditor({ venueId, initial, onSaved }: { venueId: string; initial: VenueRules; onSaved?: (() => void) | undefined }) {
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { trigger: save, isMutating: pending } = useSetVenueRules();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rules = rulesOf(form);
    const problem = rulesProblem(rules);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setErrors({});
    try {
      const saved = await save({ id: venueId, rules });
      setForm(formOf(saved));
      toast({ title: "Reglas guardadas", description: "Los jugadores ya reservan con estas reglas" });
      onSaved?.();
    } catch (error) {
      const field = error instanceof ApiError && error.field && error.field in form ? (error.field as Field) : undefined;
      const message = describeError(error, "No se pudieron guardar las reglas");
      if (field) setErrors({ [field]: message });
      else toastError("Error", message);
    }
  };

  return (
    // two rules a row from a small tablet on: the whole form fits a laptop's screen
    <form onSubmit={(e) => void submit(e)} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {FIELDS.map(({ field, label, hint, placeholder, inputMode }) => (
        <TextField
          key={field}
          className={field === "ballotSeconds" ? "sm:col-span-2" : undefined}
          label={label}
          hint={hint}
          error={errors[field]}
          value={form[field]}
          inputMode={inputMode}
          placeholder={placeholder}
          onChange={(e) => {
            setForm((f) => ({ ...f, [field]: e.target.value }));
            // a field being corrected no longer shows what was wrong with it
            setErrors((all) => (all[field] ? { ...all, [field]: undefined } : all));
          }}
        />
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          <Save aria-hidden="true" className="h-4 w-4" /> {pending ? "Guardando..." : "Guardar reglas"}
        </Button>
      </div>
    </form>
  );
}
