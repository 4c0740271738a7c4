import { useState } from "react";
import type { Schema } from "effect";
import { checkRequest, withLabels } from "../../../lib/request-schema";
import { refusalOf } from "../product-texts";

/**
 * A product form's state: the values as typed, the body they make, the request schema's message
 * for each field (shown once the field has a value or a submit was tried, as the API words it),
 * and the server's refusal: under its field when the form has it, else above the buttons.
 */
export function useProductForm<V extends Record<string, string>, A, I>(
  schema: Schema.Schema<A, I, never>,
  initial: V,
  toInput: (values: V) => I,
  labels: Readonly<Record<string, string>>,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<{ field?: string; message: string } | null>(null);
  const input = toInput(values);
  const checked = checkRequest(schema, input, labels);

  const problem = (name: keyof V & string): string | undefined => {
    if (refusal?.field === name) return withLabels(refusal.message, labels);
    if (checked.ok || (!touched && (values[name] ?? "").trim() === "")) return undefined;
    return checked.problems[name];
  };
  const set = (name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefusal(null);
  };
  /** The body to send, or null (and every message shown) while a field is wrong. */
  const submitted = (): I | null => {
    setTouched(true);
    setRefusal(null);
    return checked.ok ? input : null;
  };
  const refused = (error: unknown, fallback: string) => {
    const found = refusalOf(error, fallback);
    setRefusal(found.field !== undefined && found.field in values ? found : { message: withLabels(found.message, labels) });
  };
  /** The server's refusal that names no field of the form. */
  const formError = refusal && (refusal.field === undefined || !(refusal.field in values)) ? refusal.message : undefined;
  return { values, set, problem, submitted, refused, formError };
}
