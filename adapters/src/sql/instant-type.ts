import type { Platform } from "@mikro-orm/core";

/**
 * Instants are stored in UTC: `timestamptz` on PostgreSQL, ISO-8601 text ending in Z on SQLite
 * (sortable as text, readable in the sqlite3 shell, and free of the driver's local-zone guesses).
 * Binding an ISO string works on both engines, so statements pass `toISOString()` everywhere
 * (rows.ts `iso`), and the migrations pick the column type by engine (migrations/dialect.ts).
 */

/**
 * Told by the platform's class name, not `instanceof`: that would load @mikro-orm/postgresql (the
 * pg client and its driver, about 4 MB resident) into a server that runs on SQLite.
 */
export const isPostgres = (platform: Platform): boolean => platform.constructor.name === "PostgreSqlPlatform";
