import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { DateQuery, keepNewest } from "@courts/core";
import { HttpProblem } from "./error-mapping.js";

const formatPath = (path: ReadonlyArray<PropertyKey>): string => path.map(String).join(".");

type Decoder = (input: unknown) => Either.Either<unknown, ParseResult.ParseError>;
/** each schema's decoder, made once (not once per request) */
const decoders = new WeakMap<object, Decoder>();
const decoderOf = <A, I>(schema: Schema.Schema<A, I, never>) => {
  let decoder = decoders.get(schema);
  if (decoder === undefined) {
    decoder = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" });
    decoders.set(schema, decoder);
  }
  return decoder as (input: unknown) => Either.Either<A, ParseResult.ParseError>;
};

/**
 * Decodes a body, query or params with the core request schemas (effect Schema): unknown
 * fields are dropped; the first Spanish message, with the field it is about, becomes a 400.
 */
export const decode = <A, I>(schema: Schema.Schema<A, I, never>, input: unknown): A => {
  const result = decoderOf(schema)(input);
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

/**
 * `?date=` as DateQuery: each date's text decoded once (the last 512 kept). DateQuery reads
 * `date` alone and drops every other parameter, so the same text always decodes the same.
 */
const dates = new Map<string, DateQuery>();
export const dateQuery = (query: unknown): DateQuery => {
  const text = typeof query === "object" && query !== null ? (query as Record<string, unknown>)["date"] : undefined;
  const known = typeof text === "string" ? dates.get(text) : undefined;
  if (known !== undefined) return known;
  // shared by every request that asks the same date: frozen, so that none can change it for the others
  const decoded = Object.freeze(decode(DateQuery, query));
  if (typeof text === "string") keepNewest(dates, text, decoded, KEPT_DATES);
  return decoded;
};
const KEPT_DATES = 512;
