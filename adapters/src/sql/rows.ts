import type { Param, Row } from "./sql-client.js";

/**
 * Typed reads of raw result rows. Drivers differ: SQLite gives 0/1 for booleans and ISO text for
 * instants, PostgreSQL gives booleans, Dates, and strings for bigint aggregates. A column of an
 * unexpected type is a schema bug, reported with the column's name.
 */
const fail = (row: Row, column: string, wanted: string): never => {
  throw new TypeError(`column ${column}: expected ${wanted}, got ${typeof row[column]} (${String(row[column])})`);
};

export const str = (row: Row, column: string): string => {
  const v = row[column];
  return typeof v === "string" ? v : fail(row, column, "text");
};

export const strOrNull = (row: Row, column: string): string | null => (row[column] == null ? null : str(row, column));

export const int = (row: Row, column: string): number => {
  const v = row[column];
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" && /^-?\d+(\.0+)?$/.test(v)) return Number.parseInt(v, 10);
  return fail(row, column, "integer");
};

export const intOrNull = (row: Row, column: string): number | null => (row[column] == null ? null : int(row, column));

/** SUM over no rows, or a scalar subquery that found none, is NULL. */
export const intOrZero = (row: Row | undefined, column: string): number =>
  row === undefined || row[column] == null ? 0 : int(row, column);

export const bool = (row: Row, column: string): boolean => {
  const v = row[column];
  if (typeof v === "boolean") return v;
  if (v === 0 || v === 1) return v === 1;
  return fail(row, column, "boolean");
};

export const instant = (row: Row, column: string): Date => {
  const v = row[column];
  if (v instanceof Date) return v;
  if (typeof v === "string" || typeof v === "number") {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return fail(row, column, "instant");
};

export const instantOrNull = (row: Row, column: string): Date | null =>
  row[column] == null ? null : instant(row, column);

export const bytes = (row: Row, column: string): Uint8Array => {
  const v = row[column];
  if (v instanceof Uint8Array) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return fail(row, column, "bytes");
};

/** Binds an instant: ISO-8601 UTC text, which both engines compare and store correctly. */
export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** The first row of a query, read by `map`; undefined when there is none. */
export const findOne = async <T>(
  db: { one(sql: string, params?: readonly Param[]): Promise<Row | undefined> },
  sql: string,
  params: readonly Param[],
  map: (row: Row) => T,
): Promise<T | undefined> => {
  const row = await db.one(sql, params);
  return row && map(row);
};
