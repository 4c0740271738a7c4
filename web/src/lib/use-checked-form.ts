import { useState, type ChangeEvent } from "react";
import type { Schema } from "effect";
import { checkRequest } from "./request-schema";

/**
 * Text fields checked by the core's request schema the server decodes with (checkRequest): what
 * each TextField takes (its value, its setter, required, and the schema's message for it once a
 * submit was tried), and `submitted()`, which shows those messages and answers the body to send,
 * or null while a field is wrong.
 */
export function useCheckedForm<A, I, K extends string>(schema: Schema.Schema<A, I, never>, initial: Readonly<Record<K, string>>, labels: Readonly<Record<string, string>>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const checked = checkRequest(schema, values, labels);

  const field = (name: K) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    "aria-required": true,
    error: touched && !checked.ok ? checked.problems[name] : undefined,
  });

  const submitted = (): A | null => {
    setTouched(true);
    return checked.ok ? checked.value : null;
  };

  return { values, touched, field, submitted };
}
