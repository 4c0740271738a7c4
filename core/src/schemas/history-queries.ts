import * as Schema from "effect/Schema";
import { isLocalDate } from "../domain/time.js";
import { decodeTransactionCursor } from "../domain/transaction-cursor.js";
import { Id, says } from "./fields.js";

/** Queries of the lists that grow with history (DESIGN.md sections 10 and 11). */

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

const optionalQuery = <A, I>(schema: Schema.Schema<A, I, never>, message: string) =>
  Schema.optional(schema.annotations(says(message)));

const PageNumber = Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 1_000_000));
const PageSize = Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, MAX_PAGE_SIZE));
const QueryDate = Schema.String.pipe(Schema.filter(isLocalDate));

const pageFields = {
  page: optionalQuery(PageNumber, "El parámetro 'page' debe ser un número entero desde 1"),
  pageSize: optionalQuery(PageSize, `El parámetro 'pageSize' debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}`),
};

export const UserListQuery = Schema.Struct({
  ...pageFields,
  /**
   * At the server's clock (DESIGN.md section 14): `upcoming` the live bookings not started yet,
   * soonest first; `past` the rest (started, cancelled, expired), newest first; `due`: the bookings
   * whose balance is due (the organiser's card refused the remainder)
   */
  scope: optionalQuery(
    Schema.Literal("upcoming", "past", "due").annotations({
      description:
        "upcoming: las reservas vivas que aún no empiezan, la más próxima primero; past: las empezadas (jugadas), canceladas o expiradas, la más reciente primero; due: las que deben saldo. Sin scope: todas, la más reciente primero",
    }),
    "El parámetro 'scope' debe ser 'upcoming', 'past' o 'due'",
  ),
});
export type UserListQuery = typeof UserListQuery.Type;

export const PaymentStatusSchema = Schema.Literal("pending", "succeeded", "failed", "refunded");

const rangeFields = {
  from: optionalQuery(QueryDate, "El parámetro 'from' debe ser una fecha AAAA-MM-DD"),
  to: optionalQuery(QueryDate, "El parámetro 'to' debe ser una fecha AAAA-MM-DD"),
  status: optionalQuery(PaymentStatusSchema, "El parámetro 'status' debe ser 'pending', 'succeeded', 'failed' o 'refunded'"),
  gameFrom: optionalQuery(QueryDate, "El parámetro 'gameFrom' debe ser una fecha AAAA-MM-DD"),
  gameTo: optionalQuery(QueryDate, "El parámetro 'gameTo' debe ser una fecha AAAA-MM-DD"),
  venueId: optionalQuery(Id, "El parámetro 'venueId' no es un identificador válido"),
};
const rangeInOrder = <T extends { readonly from?: string; readonly to?: string; readonly gameFrom?: string; readonly gameTo?: string }>(q: T) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const gameRangeInOrder = <T extends { readonly gameFrom?: string; readonly gameTo?: string }>(q: T) =>
  q.gameFrom === undefined || q.gameTo === undefined || q.gameFrom <= q.gameTo;
const RANGE_MESSAGE = "La fecha 'from' debe ser anterior o igual a 'to'";
const GAME_RANGE_MESSAGE = "La fecha 'gameFrom' debe ser anterior o igual a 'gameTo'";

/** `after`: the cursor a page answered as nextAfter (DESIGN.md section 18), read by the use case */
const Cursor = Schema.String.pipe(Schema.maxLength(120), Schema.filter((text) => decodeTransactionCursor(text) !== null));

export const TransactionsQuery = Schema.Struct({
  ...pageFields,
  ...rangeFields,
  after: optionalQuery(Cursor, "El parámetro 'after' debe ser el valor 'nextAfter' de la página anterior"),
}).pipe(
  Schema.filter(rangeInOrder, { message: () => RANGE_MESSAGE }),
  Schema.filter(gameRangeInOrder, { message: () => GAME_RANGE_MESSAGE }),
);
export type TransactionsQuery = typeof TransactionsQuery.Type;

export const TransactionsExportQuery = Schema.Struct(rangeFields).pipe(
  Schema.filter(rangeInOrder, { message: () => RANGE_MESSAGE }),
  Schema.filter(gameRangeInOrder, { message: () => GAME_RANGE_MESSAGE }),
);
export type TransactionsExportQuery = typeof TransactionsExportQuery.Type;
