import * as Effect from "effect/Effect";
import type { Payment } from "../domain/entities.js";
import { clubMomentOf, withStateAt, type BookingState } from "../domain/booking-state.js";
import { InvalidInput } from "../domain/errors.js";
import { addDays, instantOf, type LocalDate } from "../domain/time.js";
import { decodeTransactionCursor, listsByGameDate } from "../domain/transaction-cursor.js";
import type { BookingWithCourt, Page, PageRequest, Ports, TransactionFilter } from "../ports/index.js";
import { DEFAULT_PAGE_SIZE, type TransactionsExportQuery, type TransactionsQuery, type UserListQuery } from "../schemas/history-queries.js";
import { call, requireAdmin, requireSelfOrAdmin, requireUser, type Actor } from "./support.js";

/** A payment with its booking (null once the court was deleted), as a player's history shows it. */
export interface PaymentWithBooking extends Payment {
  /** with its state when a player's list reads it (withStateAt) */
  readonly booking: (BookingWithCourt & { readonly state?: BookingState }) | null;
}

/**
 * The lists that grow with history, a page at a time (DESIGN.md section 11): each is a fixed
 * number of statements whatever the player's or the club's history holds.
 */

const pageOf = (q: { readonly page?: number; readonly pageSize?: number }) => ({
  page: q.page ?? 1,
  pageSize: q.pageSize ?? DEFAULT_PAGE_SIZE,
});

/** One page of a list read whole. */
const pageOfList = <T>(items: readonly T[], { page, pageSize }: PageRequest): Page<T> => ({
  items: items.slice((page - 1) * pageSize, page * pageSize),
  total: items.length,
  page,
  pageSize,
});

export const pageUserBookings = (ports: Pick<Ports, "bookings" | "clock">, actor: Actor, query: UserListQuery, userId?: string) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, userId);
    const owner = userId ?? (yield* requireUser(actor));
    const now = clubMomentOf(ports.clock.now(), ports.clock.timeZone);
    const { scope } = query;
    const page =
      scope === "due"
        ? // a player owes one balance, rarely two: they block new bookings until paid (DESIGN.md section 8)
          yield* Effect.map(call(() => ports.bookings.listBalancesDue(owner)), (due) => pageOfList(due, pageOf(query)))
        : yield* call(() => ports.bookings.pageByUser(owner, { ...pageOf(query), now, ...(scope ? { scope } : {}) }));
    // an overdue unpaid hold reads as expired, a live game that started as played (DESIGN.md sections 8 and 14)
    return { ...page, items: page.items.map((b) => withStateAt(b, now)) };
  });

/** Payments with their bookings: one read for the page, one for all its bookings. */
export const withBookings = (ports: Pick<Ports, "bookings">, payments: readonly Payment[]) =>
  Effect.gen(function* () {
    const ids = [...new Set(payments.map((p) => p.bookingId))];
    const bookings = ids.length === 0 ? [] : yield* call(() => ports.bookings.findManyByIds(ids));
    const byId = new Map<string, BookingWithCourt>(bookings.map((b) => [b.id, b]));
    // Object.assign, not `{ ...p, booking }`: each payment would get a map of its own (see createBooking)
    return payments.map((p): PaymentWithBooking => Object.assign({}, p, { booking: byId.get(p.bookingId) ?? null }));
  });

export const pageUserPayments = (ports: Pick<Ports, "payments" | "bookings" | "clock">, actor: Actor, query: UserListQuery, userId?: string) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, userId);
    const owner = userId ?? (yield* requireUser(actor));
    const page = yield* call(() => ports.payments.pageByUser(owner, pageOf(query)));
    const now = clubMomentOf(ports.clock.now(), ports.clock.timeZone);
    // each payment's game in the state the bookings lists give it at the same clock
    const items = (yield* withBookings(ports, page.items)).map((p) => (p.booking ? Object.assign(p, { booking: withStateAt(p.booking, now) }) : p));
    return { ...page, items } satisfies Page<PaymentWithBooking>;
  });

/** `from` and `to` (payment dates) are local dates of the club, both included; so are `gameFrom` and `gameTo`. */
const filterOf = (q: TransactionsExportQuery, timeZone: string): TransactionFilter => ({
  ...(q.from ? { from: instantOf(q.from, "00:00", timeZone) } : {}),
  ...(q.to ? { to: instantOf(addDays(q.to as LocalDate, 1), "00:00", timeZone) } : {}),
  ...(q.status ? { status: q.status } : {}),
  ...(q.gameFrom ? { gameFrom: q.gameFrom as LocalDate } : {}),
  ...(q.gameTo ? { gameTo: q.gameTo as LocalDate } : {}),
  ...(q.venueId ? { venueId: q.venueId } : {}),
});

/** A cursor read in the order it was written for: by game date or by payment date. */
const cursorOf = (q: TransactionsQuery) =>
  Effect.gen(function* () {
    if (q.after === undefined) return undefined;
    const cursor = decodeTransactionCursor(q.after);
    if (cursor === null || (cursor.bookingDate !== undefined) !== listsByGameDate(q))
      return yield* Effect.fail(
        new InvalidInput({ field: "after", message: "El parámetro 'after' no corresponde a este filtro: pide la primera página otra vez" }),
      );
    return cursor;
  });

export const pageTransactions = (ports: Pick<Ports, "payments" | "clock">, actor: Actor, query: TransactionsQuery) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const after = yield* cursorOf(query);
    // with a cursor the page starts after it; `page` serves the first pages only
    const request = after === undefined ? pageOf(query) : { page: 1, pageSize: pageOf(query).pageSize, after };
    return yield* call(() => ports.payments.pageTransactions(filterOf(query, ports.clock.timeZone), request));
  });

/** The rows of the CSV export, read lazily: the caller streams them out as they come. */
export const exportTransactions = (ports: Pick<Ports, "payments" | "clock">, actor: Actor, query: TransactionsExportQuery) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    return ports.payments.streamTransactions(filterOf(query, ports.clock.timeZone));
  });
