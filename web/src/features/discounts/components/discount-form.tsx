import { useState, type FormEvent } from "react";
import { format } from "date-fns";
import { DiscountCodeBody, DiscountCodePatch, normalizeCode, storedDiscountValue } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { Switch } from "../../../components/ui/switch";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { checkRequest } from "../../../lib/request-schema";
import type { DiscountCode } from "../../../types/api";
import { useCreateDiscountCode, type DiscountCodeInput } from "../api/create-discount-code";
import { useUpdateDiscountCode } from "../api/update-discount-code";

interface FormState {
  code: string;
  type: "percentage" | "fixed";
  value: string;
  maxUsage: string;
  expiresAt: string;
  isActive: boolean;
}

const fromCode = (c: DiscountCode): FormState => ({
  code: c.code,
  type: c.type,
  value: String(c.value),
  maxUsage: c.maxUsage === null ? "" : String(c.maxUsage),
  // datetime-local speaks the browser's wall clock, as the admin typed it
  expiresAt: c.expiresAt ? format(new Date(c.expiresAt), "yyyy-MM-dd'T'HH:mm") : "",
  isActive: c.isActive,
});

const empty: FormState = { code: "", type: "percentage", value: "", maxUsage: "", expiresAt: "", isActive: true };

/** The form's values as the API payload: upper-case code, null for empty limits, ISO expiry. */
export const toDiscountInput = (form: FormState): DiscountCodeInput & { maxUsage: number | null; expiresAt: string | null } => ({
  code: normalizeCode(form.code),
  type: form.type,
  value: Number(form.value),
  // as typed: 1.9 is refused by the request's rule (whole uses from 1), never saved as 1
  maxUsage: form.maxUsage.trim() === "" ? null : Number(form.maxUsage),
  expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : null,
  isActive: form.isActive,
});

/** 'Nuevo Código' / 'Editar Código': the code cannot change once created. */
export function DiscountForm({ code, onDone }: { code?: DiscountCode; onDone: () => void }) {
  const [form, setForm] = useState<FormState>(() => (code ? fromCode(code) : empty));
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const pending = create.isMutating || update.isMutating;
  const set = (field: "code" | "value" | "maxUsage" | "expiresAt") => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: field === "code" ? e.target.value.toUpperCase() : e.target.value }));

  // the rules (value range, whole uses from 1, ISO expiry, code length) are the request schemas' own
  const input = toDiscountInput(form);
  const { code: _code, ...changes } = input;
  const labels = { code: "Código", type: "Tipo", value: "Valor", maxUsage: "Usos máximos", expiresAt: "Vence", isActive: "Activo" };
  const checked = code ? checkRequest(DiscountCodePatch, changes, labels) : checkRequest(DiscountCodeBody, input, labels);
  // the value's own rule for its type (a whole percent up to 100), as the server words it
  const asStored = form.value.trim() === "" ? undefined : storedDiscountValue(form.type, input.value);
  const valueProblem = asStored && "problem" in asStored ? asStored.problem : undefined;
  const problems: Partial<Record<keyof FormState, string>> = { ...(checked.ok ? {} : checked.problems), ...(valueProblem ? { value: valueProblem } : {}) };
  const problem = (field: keyof FormState) => (form[field] !== "" ? problems[field] : undefined);
  const canSubmit = form.code.trim() !== "" && form.value.trim() !== "" && checked.ok && !valueProblem && !pending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    try {
      if (code) {
        await update.trigger({ id: code.id, changes });
        toast({ title: "Código actualizado", description: `${code.code} se guardó correctamente` });
      } else {
        await create.trigger(input);
        toast({ title: "Código creado", description: `${input.code} ya se puede usar` });
      }
      onDone();
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo guardar el código"));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField
        label="Código"
        value={form.code}
        onChange={set("code")}
        disabled={code !== undefined}
        aria-required="true"
        autoComplete="off"
        className="[&_input]:font-mono [&_input]:uppercase"
        placeholder="VERANO10"
        hint={code ? "El código no se puede cambiar." : "Se guarda en mayúsculas."}
        error={code ? undefined : problem("code")}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          value={form.type}
          onChange={(e) => setForm((f) => ({ ...f, type: e.target.value === "fixed" ? "fixed" : "percentage" }))}
        >
          <option value="percentage">Porcentaje (%)</option>
          <option value="fixed">Monto fijo ($)</option>
        </SelectField>
        <TextField
          label={form.type === "percentage" ? "Valor (%)" : "Valor ($)"}
          type="number"
          inputMode="decimal"
          min={0}
          step={form.type === "percentage" ? 1 : 0.01}
          value={form.value}
          onChange={set("value")}
          aria-required="true"
          error={problem("value")}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Usos máximos (opcional)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={form.maxUsage}
          onChange={set("maxUsage")}
          hint="Vacío = ilimitado"
          error={problem("maxUsage")}
        />
        <TextField label="Vence (opcional)" type="datetime-local" value={form.expiresAt} onChange={set("expiresAt")} hint="Vacío = sin vencimiento" error={problem("expiresAt")} />
      </div>
      <div className="flex items-center justify-between rounded-xl border border-stone-200 p-3">
        <label htmlFor="discount-active" className="text-sm font-medium text-stone-800">
          Código activo
        </label>
        <Switch id="discount-active" checked={form.isActive} onCheckedChange={(isActive) => setForm((f) => ({ ...f, isActive }))} />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!canSubmit} aria-busy={pending}>
          {pending ? "Guardando..." : code ? "Guardar Cambios" : "Crear Código"}
        </Button>
      </div>
    </form>
  );
}
