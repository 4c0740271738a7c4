import { Schema } from "effect";
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

export const Text = (min: number, max: number) =>
  Schema.Trim.pipe(Schema.minLength(min), Schema.maxLength(max));

export const Id = Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(64), Schema.pattern(/^[A-Za-z0-9_-]+$/));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const Email = Schema.Trim.pipe(Schema.maxLength(254), Schema.filter((s) => EMAIL.test(s))).pipe(
  Schema.transform(Schema.String, { strict: true, decode: (s) => s.toLowerCase(), encode: (s) => s }),
);

export const Username = Schema.Trim.pipe(Schema.minLength(3), Schema.maxLength(30), Schema.pattern(/^[\p{L}\p{N}_.-]+$/u));

export const Password = Schema.String.pipe(Schema.minLength(8), Schema.maxLength(200));

export const Slot = Schema.String.pipe(Schema.filter(isSlot));

export const LocalDateString = Schema.String.pipe(Schema.filter(isLocalDate));

/** "2026-11-22", "2026-11-22T00:00:00" or "2026-11-22T00:00:00.000" (local, no zone) -> "2026-11-22". */
export const BookingDate = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?$/.test(s) && isLocalDate(s.slice(0, 10))),
  Schema.transform(Schema.String, { strict: true, decode: (s) => s.slice(0, 10), encode: (s) => s }),
);

/** A price as a JSON number (14.5) or decimal string ("14.50") -> integer cents. */
export const MoneyCents = Schema.Union(Schema.Number, Schema.String).pipe(
  Schema.filter((v) => parseMoney(String(v)) !== undefined),
  Schema.transform(Schema.Number, { strict: true, decode: (v) => parseMoney(String(v)) ?? 0, encode: (c) => c }),
);

export const PositiveInt = Schema.Number.pipe(Schema.int(), Schema.greaterThanOrEqualTo(1), Schema.lessThanOrEqualTo(1_000_000));

/** An ISO 8601 instant -> Date. */
export const IsoInstant = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))),
  Schema.transform(Schema.DateFromSelf, { strict: true, decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
);
