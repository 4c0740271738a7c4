import { isLocalDate, type LocalDate } from "./time.js";

/**
 * Where a page of the admin's transactions stopped: its last row's keys in the list's order
 * (DESIGN.md section 18). Newest payment first: (createdAt, id); filtered by game date, newest
 * game first: (bookingDate, createdAt, id). The next page starts after it in the index, so every
 * page costs what the first does, and a payment written meanwhile neither repeats nor skips a row.
 */
export interface TransactionCursor {
  readonly createdAt: Date;
  readonly id: string;
  /** present when the list is read by game date */
  readonly bookingDate?: LocalDate;
}

const SEPARATOR = "~";
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** `2026-12-08T15:00:00.000Z~<id>`, or `2026-12-08~2026-12-01T15:00:00.000Z~<id>` by game date: only URL-safe characters */
export const encodeTransactionCursor = (cursor: TransactionCursor): string =>
  [...(cursor.bookingDate === undefined ? [] : [cursor.bookingDate]), cursor.createdAt.toISOString(), cursor.id].join(SEPARATOR);

/** The cursor a string holds, or null when it is not one this server wrote. */
export const decodeTransactionCursor = (text: string): TransactionCursor | null => {
  const parts = text.split(SEPARATOR);
  const [bookingDate, createdAt, id] = parts.length === 3 ? parts : parts.length === 2 ? [undefined, ...parts] : [];
  if (createdAt === undefined || id === undefined || !INSTANT.test(createdAt) || !ID.test(id)) return null;
  const at = new Date(createdAt);
  if (Number.isNaN(at.getTime())) return null;
  if (bookingDate === undefined) return { createdAt: at, id };
  return isLocalDate(bookingDate) ? { createdAt: at, id, bookingDate } : null;
};

/** Whether a filter lists by game date, newest game first (and its cursors carry the game date). */
export const listsByGameDate = (filter: { readonly gameFrom?: string; readonly gameTo?: string }): boolean =>
  filter.gameFrom !== undefined || filter.gameTo !== undefined;
