import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { HttpProblem } from "./error-mapping.js";

const formatPath = (path: ReadonlyArray<PropertyKey>): string => path.map(String).join(".");

/**
 * Decodes a body, query or params with the core request schemas (effect Schema): unknown
 * fields are dropped; the first Spanish message, with the field it is about, becomes a 400.
 */
export const decode = <A, I>(schema: Schema.Schema<A, I, never>, input: unknown): A => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return result.right;
  const issues = ParseResult.ArrayFormatter.formatErrorSync(result.left);
  const first = issues[0];
  const field = first && first.path.length > 0 ? formatPath(first.path) : "body";
  throw new HttpProblem(400, "INVALID_INPUT", first?.message ?? "Petición inválida", field);
};

/** A path parameter that must be an id (letters, digits, '-' and '_'). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const idParam = (params: unknown, name = "id"): string => {
  const value = typeof params === "object" && params !== null ? (params as Record<string, unknown>)[name] : undefined;
  if (typeof value !== "string" || !ID.test(value))
    throw new HttpProblem(400, "INVALID_INPUT", `El parámetro '${name}' no es un identificador válido`, name);
  return value;
};
