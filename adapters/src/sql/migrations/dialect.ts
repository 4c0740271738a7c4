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
