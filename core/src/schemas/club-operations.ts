import * as Schema from "effect/Schema";
import { BLOCK_REASONS } from "../domain/blocks.js";
import { body, Id, LocalDateString, MoneyCents, required, requiredId, requiredString, says, Slot } from "./fields.js";
import { GameTypeSchema } from "./requests.js";

/** Request bodies and queries of club operations (DESIGN.md section 10). */

const Weekday = Schema.Literal(1, 2, 3, 4, 5, 6, 7);
const unique = <A>(items: readonly A[]) => new Set(items).size === items.length;

export const CreateBlockBody = body({
  venueId: Schema.optional(Id.annotations(says("El campo 'venueId' no es válido"))),
  courtId: Schema.optional(Id.annotations(says("El campo 'courtId' no es válido"))),
  startDate: required(LocalDateString, "El campo 'startDate' debe ser una fecha AAAA-MM-DD"),
  endDate: required(LocalDateString, "El campo 'endDate' debe ser una fecha AAAA-MM-DD"),
  timeSlots: Schema.optional(
    Schema.Array(Slot)
      .pipe(Schema.minItems(1), Schema.filter(unique))
      .annotations(says("El campo 'timeSlots' debe ser una lista de horas en punto entre 06:00 y 21:00, sin repetir")),
  ),
  weekdays: Schema.optional(
    Schema.Array(Weekday)
      .pipe(Schema.minItems(1), Schema.filter(unique))
      .annotations(says("El campo 'weekdays' debe ser una lista de días de 1 (lunes) a 7 (domingo), sin repetir")),
  ),
  reason: required(Schema.Literal(...BLOCK_REASONS), "El campo 'reason' debe ser 'Mantenimiento', 'Clases', 'Torneo' u 'Otro'"),
  note: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(500))).annotations(says("El campo 'note' admite hasta 500 caracteres"))),
  cancelConflicts: Schema.optional(Schema.Boolean.annotations(says("El campo 'cancelConflicts' debe ser verdadero o falso"))),
}).pipe(
  Schema.filter((b) => (b.venueId === undefined) !== (b.courtId === undefined), {
    message: () => "Indica 'venueId' (todo el complejo) o 'courtId' (una cancha), no ambos",
  }),
);
export type CreateBlockBody = typeof CreateBlockBody.Type;

export const VenueIdQuery = Schema.Struct({
  venueId: requiredId("venueId", "parámetro"),
});
export type VenueIdQuery = typeof VenueIdQuery.Type;

export const ScheduleQuery = Schema.Struct({
  date: required(LocalDateString, "El parámetro 'date' debe ser una fecha AAAA-MM-DD"),
  venueId: Schema.optional(Id.annotations(says("El parámetro 'venueId' no es válido"))),
});
export type ScheduleQuery = typeof ScheduleQuery.Type;

export const BookingSeriesBody = body({
  courtId: requiredId("courtId"),
  userId: requiredId("userId"),
  timeSlot: required(Slot, "El campo 'timeSlot' debe ser una hora en punto entre 06:00 y 21:00"),
  gameType: required(GameTypeSchema, "El campo 'gameType' debe ser 'singles' o 'doubles'"),
  startDate: required(LocalDateString, "El campo 'startDate' debe ser una fecha AAAA-MM-DD"),
  weeks: required(Schema.Number.pipe(Schema.int(), Schema.between(1, 52)), "El campo 'weeks' debe ser un número entero entre 1 y 52"),
});
export type BookingSeriesBody = typeof BookingSeriesBody.Type;

/** DELETE /api/admin/booking-series/{id}[/bookings/{bookingId}]: why the club ends it, told to its players (optional). */
export const SeriesCancellationBody = body({
  reason: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(500))).annotations(says("El campo 'reason' admite hasta 500 caracteres"))),
});
export type SeriesCancellationBody = typeof SeriesCancellationBody.Type;

export const CashPaymentBody = body({
  amount: required(
    MoneyCents.pipe(Schema.filter((c) => c >= 1 && c <= 1_000_000)),
    "El campo 'amount' debe ser un monto mayor que 0 con hasta 2 decimales",
  ),
});
export type CashPaymentBody = typeof CashPaymentBody.Type;

/** GET /api/admin/users?q=: a name, username, email or phone, or part of one (the desk's search as you type). */
export const UserSearchQuery = Schema.Struct({
  q: requiredString("q", 100, { noun: "parámetro" }),
});
export type UserSearchQuery = typeof UserSearchQuery.Type;

/** GET /api/admin/users?username=: exactly one player. */
export const UsernameQuery = Schema.Struct({
  username: requiredString("username", 100, { noun: "parámetro" }),
});
export type UsernameQuery = typeof UsernameQuery.Type;
