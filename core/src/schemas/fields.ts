import type * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { parseMoney } from "../domain/money.js";
import { isSlot } from "../domain/slots.js";
import { isLocalDate } from "../domain/time.js";

/** A message that replaces every inner parse message: the person reads one Spanish sentence per field. */
export const says = (message: string) => ({ message: () => ({ message, override: true }) });

/** A required property whose absence and whose bad values both read as `message`. */
export const required = <A, I, R>(schema: Schema.Schema<A, I, R>, message: string) =>
  Schema.propertySignature(schema.annotations(says(message))).annotations({ missingMessage: () => message });

export const body = <F extends Schema.Struct.Fields>(fields: F) =>
  // Without override: this message is for a body that is not an object; field messages stay theirs.
  Schema.Struct(fields).annotations({ message: () => "El cuerpo de la petición debe ser un objeto JSON" });

/** What an empty form field arrives as: absent, null (JSON's NaN), NaN or blank text. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "number" && Number.isNaN(value)) || (typeof value === "string" && value.trim() === "");

export const Text = (min: number, max: number) =>
  Schema.Trim.pipe(Schema.minLength(min), Schema.maxLength(max));

/**
 * A required text of 1 to `max` characters after trimming: missing or blank reads as `missing`;
 * too long reads as `tooLong`, so a long name is not told it is missing; a value that is not
 * text (a number, a list) as `notText`.
 */
export const requiredText = (max: number, missing: string, tooLong: string, notText: string) =>
  Schema.propertySignature(
    Text(1, max).annotations({
      message: (issue) => ({
        message: isBlank(issue.actual) ? missing : typeof issue.actual === "string" ? tooLong : notText,
        override: true,
      }),
    }),
  ).annotations({ missingMessage: () => missing });

/** A parse message that reads `missing` for a blank value (isBlank) and `invalid` for any other. */
export const blankOr =
  (missing: string, invalid: string) =>
  (issue: ParseResult.ParseIssue): { message: string; override: true } => ({
    message: "actual" in issue && !isBlank(issue.actual) ? invalid : missing,
    override: true,
  });

/**
 * A required value whose absence reads as `missing` and any other bad value as `invalid`, so a
 * filled field is never told it is missing (a court number of 0 is out of range, not absent).
 */
export const requiredValue = <A, I, R>(schema: Schema.Schema<A, I, R>, missing: string, invalid: string) =>
  Schema.propertySignature(schema.annotations({ message: blankOr(missing, invalid) })).annotations({ missingMessage: () => missing });

export const Id = Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(64), Schema.pattern(/^[A-Za-z0-9_-]+$/));

type Noun = "campo" | "parámetro";

/**
 * A required id: absent or blank reads as `missing`; any other bad value (a number, a text with
 * spaces) is there, not missing, and is told what an id is.
 */
export const requiredId = (name: string, noun: Noun = "campo", missing = `El ${noun} '${name}' es requerido`) =>
  requiredValue(Id, missing, `El ${noun} '${name}' debe ser un identificador de hasta 64 caracteres: letras, números, '-' o '_'`);

/**
 * A required text of up to `max` characters, trimmed or as sent: blank reads as `missing`, any
 * other bad value (a number, a list, too long) as what it takes.
 */
export const requiredString = (name: string, max: number, { trim = true, noun = "campo" }: { trim?: boolean; noun?: Noun } = {}) =>
  requiredValue(
    (trim ? Schema.Trim : Schema.String).pipe(Schema.minLength(1), Schema.maxLength(max)),
    `El ${noun} '${name}' es requerido`,
    `El ${noun} '${name}' debe ser un texto de hasta ${max} caracteres`,
  );

/**
 * One address, as a mail server takes it: a dot-atom local part (no list, no display name, no
 * quotes, no comma) and a domain of labels; letters of any script in both (internationalised
 * addresses, "josé@correo.ec").
 */
const EMAIL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)+$/u;
export const Email = Schema.Trim.pipe(Schema.maxLength(254), Schema.filter((s) => EMAIL.test(s))).pipe(
  Schema.transform(Schema.String, { strict: true, decode: (s) => s.toLowerCase(), encode: (s) => s }),
);

export const Username = Schema.Trim.pipe(Schema.minLength(3), Schema.maxLength(30), Schema.pattern(/^[\p{L}\p{N}_.-]+$/u));

/** Length only: the common-password list is the adapters' (auth/password-policy.ts). */
export const Password = Schema.String.pipe(Schema.minLength(10), Schema.maxLength(200));

export const Slot = Schema.String.pipe(Schema.filter(isSlot));

export const LocalDateString = Schema.String.pipe(Schema.filter(isLocalDate));

/** "2026-11-22", "2026-11-22T00:00:00" or "2026-11-22T00:00:00.000" (local, no zone) -> "2026-11-22". */
export const BookingDate = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/.test(s) && isLocalDate(s.slice(0, 10))),
  Schema.transform(Schema.String, { strict: true, decode: (s) => s.slice(0, 10), encode: (s) => s }),
);

/** No price or fixed amount above $10,000.00: far above any court, far below any column's range. */
export const MAX_PRICE_CENTS = 1_000_000;

/** A price as a JSON number (14.5) or decimal string ("14.50") -> integer cents, at most $10,000.00. */
export const MoneyCents = Schema.Union(Schema.Number, Schema.String).pipe(
  Schema.filter((v) => {
    const cents = parseMoney(String(v));
    return cents !== undefined && cents <= MAX_PRICE_CENTS;
  }),
  Schema.transform(Schema.Number, { strict: true, decode: (v) => parseMoney(String(v)) ?? 0, encode: (c) => c }),
);

/** A whole number written in plain decimal digits ("2026"), not "0x7E6", "2e3" or " 2026". */
export const DecimalIntFromString = Schema.String.pipe(
  Schema.filter((s) => /^\d{1,9}$/.test(s)),
  Schema.compose(Schema.NumberFromString),
);

export const PositiveInt = Schema.Number.pipe(Schema.int(), Schema.greaterThanOrEqualTo(1), Schema.lessThanOrEqualTo(1_000_000));

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?$/;

/**
 * A real calendar date and time: Date.parse would read "2026-02-30T00:00:00Z" as 2 March and
 * 24:00 as the next day, so each part is checked first.
 */
const isIsoInstant = (s: string): boolean => {
  const m = ISO_INSTANT.exec(s);
  if (!m || !isLocalDate(m[1] ?? "")) return false;
  const [hour, minute, second, offsetHours, offsetMinutes] = [m[2], m[3], m[4], m[5], m[6]].map((p) => Number(p ?? 0));
  const inRange = (n: number | undefined, max: number) => n !== undefined && n <= max;
  return (
    inRange(hour, 23) && inRange(minute, 59) && inRange(second, 59) && inRange(offsetHours, 23) && inRange(offsetMinutes, 59) && !Number.isNaN(Date.parse(s))
  );
};

/** An ISO 8601 instant -> Date. */
export const IsoInstant = Schema.String.pipe(
  Schema.filter(isIsoInstant),
  Schema.transform(Schema.DateFromSelf, { strict: true, decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
);
