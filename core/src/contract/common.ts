import * as Schema from "effect/Schema";

/**
 * The pieces every answer is made of. Money leaves as a decimal string with two decimals, an
 * instant as ISO 8601 UTC, a booking's day as the local date in COURTS_TIMEZONE (and
 * `bookingDate` as that date at local midnight, without a zone).
 */

/** "14.50"; negative only where a figure can go below zero (a net after refunds). */
export const Money = Schema.String.pipe(Schema.pattern(/^-?\d+\.\d{2}$/)).annotations({ examples: ["14.50"] });
/** A price: never negative. */
export const Price = Schema.String.pipe(Schema.pattern(/^\d+\.\d{2}$/)).annotations({ examples: ["14.50"] });
/** ISO 8601 UTC, e.g. 2026-11-21T12:00:00.000Z */
export const Instant = Schema.String.annotations({ jsonSchema: { type: "string", format: "date-time" } });
export const LocalDate = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/)).annotations({ examples: ["2026-11-22"] });
/** the local date at local midnight, no zone: "2026-11-22T00:00:00" */
export const LocalMidnight = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T00:00:00$/)).annotations({ examples: ["2026-11-22T00:00:00"] });
/** an hour of the day: "06:00" .. "21:00" */
export const Slot = Schema.String.pipe(Schema.pattern(/^\d{2}:00$/)).annotations({ examples: ["18:00"] });
export const GameType = Schema.Literal("singles", "doubles");
export const BlockReason = Schema.Literal("Mantenimiento", "Clases", "Torneo", "Otro");

/** A booking inside a block, listed by BlockConflicts for the admin. */
export const ConflictingBooking = Schema.Struct({
  id: Schema.String,
  date: Schema.String,
  timeSlot: Schema.String,
  courtId: Schema.String,
  courtName: Schema.String,
  courtNumber: Schema.Int,
}).annotations({ identifier: "ConflictingBooking" });

/**
 * Every failure: a Spanish text for a person and a code (the domain tag in SCREAMING_SNAKE_CASE,
 * `SlotTaken` -> `SLOT_TAKEN`, or an HTTP-level code such as INVALID_INPUT or RATE_LIMITED).
 */
export const Problem = Schema.Struct({
  message: Schema.String,
  code: Schema.String.annotations({ examples: ["SLOT_TAKEN"] }),
  /** INVALID_INPUT: the field at fault */
  field: Schema.optional(Schema.String),
  /** DISCOUNT_UNUSABLE and SLOT_BLOCKED: why */
  reason: Schema.optional(Schema.String),
  /** BALANCE_DUE and ALREADY_BOOKED: the booking whose balance is due */
  bookingId: Schema.optional(Schema.String),
  /** OUTSIDE_BOOKING_WINDOW: when the date opens (ISO) */
  opensAt: Schema.optional(Schema.String),
  /** BLOCK_CONFLICTS: the active bookings inside the block */
  bookings: Schema.optional(Schema.Array(ConflictingBooking)),
}).annotations({ identifier: "Problem", description: "Un error: mensaje en español y código" });
export type Problem = typeof Problem.Encoded;

export const Message = Schema.Struct({ message: Schema.String }).annotations({ identifier: "Message" });
export type Message = typeof Message.Encoded;
