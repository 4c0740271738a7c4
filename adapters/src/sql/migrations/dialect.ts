import type { Platform } from "@mikro-orm/core";
import { isPostgres } from "../instant-type.js";

/** The few column types whose DDL differs between the engines; everything else is shared SQL. */
export interface Dialect {
  /** a UTC instant: timestamptz, or ISO-8601 text on SQLite (see instant-type.ts) */
  readonly instant: string;
  readonly bytes: string;
}

export const dialectOf = (platform: Platform): Dialect =>
  isPostgres(platform) ? { instant: "timestamptz", bytes: "bytea" } : { instant: "text", bytes: "blob" };

/** A random UUID v4 as text, in each engine's SQL (for rows a migration writes). */
export const uuidSql = (postgres: boolean): string =>
  postgres
    ? "gen_random_uuid()::text"
    : "lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || " +
      "substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))";

/** The instant `hours` before now, comparable with the engine's instant columns. */
export const hoursAgoSql = (postgres: boolean, hours: number): string =>
  postgres ? `now() - interval '${hours} hours'` : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${hours} hours')`;
