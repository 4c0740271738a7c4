import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { CliError } from "./failures.js";

/**
 * Decodes options with a core request schema, so the CLI applies the admin form's own rules.
 * The schema's messages name JSON fields ("El campo 'maxUsage' ..."); here they name the flag.
 */
export const decodeOptions = <A, I, R>(schema: Schema.Schema<A, I, R>, input: unknown, flags: Readonly<Record<string, string>>): A => {
  // core's request schemas need no services; its `required` helper widens the context type
  const contextFree = schema as unknown as Schema.Schema<A, I, never>;
  const result = Schema.decodeUnknownEither(contextFree, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return result.right;
  const first = ParseResult.ArrayFormatter.formatErrorSync(result.left)[0];
  const field = String(first?.path[0] ?? "");
  const flag = flags[field];
  let message = first?.message ?? "Datos inválidos";
  if (flag !== undefined) {
    const named = message.replace(`El campo '${field}'`, flag);
    message = named === message ? `${flag}: ${message}` : named;
  }
  throw new CliError(message);
};

/** A number option as typed: "10", "10.5", "-1"; anything else is not a number. */
export const parseNumber = (text: string, flag: string): number => {
  const value = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new CliError(`${flag} debe ser un número (recibido "${text}")`);
  return Number(value);
};

/** A whole number option within bounds. */
export const parseWholeNumber = (text: string, flag: string, min: number, max: number): number => {
  const value = text.trim();
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new CliError(`${flag} debe ser un número entero entre ${min} y ${max} (recibido "${text}")`);
  return n;
};
