import { useState, type ChangeEvent } from "react";
import type { Schema } from "effect";
import { ApiError } from "./api-client";
import { checkRequest, withLabels } from "./request-schema";

export interface CheckedFormOptions<K extends string> {
  /** fields a person may leave blank: not marked required, and sent as null when blank (the API's "none") */
  readonly optional?: readonly K[];
}

/** Where a refusal of the server belongs: its `field` or its `code`, named as the form names its fields. */
export interface RefusalFields<K extends string> {
  /** the API's field name -> the form's (a change of password names 'password' the form calls 'newPassword') */
  readonly fields?: Readonly<Partial<Record<string, K>>>;
  /** a failure code about one field -> that field ('USERNAME_TAKEN' -> 'username') */
  readonly codes?: Readonly<Partial<Record<string, K>>>;
}

/**
 * Text fields checked by the core's request schema the server decodes with (checkRequest): what
 * each TextField takes (its value, its setter, required, and the schema's message for it once a
 * submit was tried), and `submitted()`, which shows those messages and answers the body to send,
 * or null while a field is wrong. `refused(error)` puts a refusal of the server that names a field
 * (a phone it could not read, a username taken) under that field, until the field changes.
 */
export function useCheckedForm<A, I, K extends string>(
  schema: Schema.Schema<A, I, never>,
  initial: Readonly<Record<K, string>>,
  labels: Readonly<Record<string, string>>,
  options: CheckedFormOptions<NoInfer<K>> = {},
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [refusals, setRefusals] = useState<Partial<Record<K, string>>>({});
  const optional = new Set<string>(options.optional ?? []);
  const input = Object.fromEntries(Object.entries<string>(values).map(([name, value]) => [name, optional.has(name) && value.trim() === "" ? null : value]));
  const checked = checkRequest(schema, input, labels);

  const field = (name: K) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setRefusals((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
    },
    "aria-required": !optional.has(name),
    error: (touched && !checked.ok ? checked.problems[name] : undefined) ?? refusals[name],
  });

  const submitted = (): A | null => {
    setTouched(true);
    setRefusals({});
    return checked.ok ? checked.value : null;
  };

  /** Shows the server's refusal under its field; false when it names none of this form's fields. */
  const refused = (error: unknown, where: RefusalFields<K> = {}): boolean => {
    if (!(error instanceof ApiError) || error.serverMessage === undefined) return false;
    const byField = error.field === undefined ? undefined : (where.fields?.[error.field] ?? error.field);
    const byCode = error.code === undefined ? undefined : where.codes?.[error.code];
    const named = [byField, byCode].find((name): name is K => name !== undefined && name in values);
    if (named === undefined) return false;
    const message = withLabels(error.serverMessage, labels);
    setRefusals({ [named]: message } as Partial<Record<K, string>>);
    return true;
  };

  const set = (name: K, value: string) => setValues((current) => ({ ...current, [name]: value }));

  return { values, touched, field, submitted, refused, set };
}
