import { Type, type EntityProperty, type Platform } from "@mikro-orm/core";

/**
 * Instants are stored in UTC: `timestamptz` on PostgreSQL, ISO-8601 text ending in Z on SQLite
 * (sortable as text, readable in the sqlite3 shell, and free of the driver's local-zone guesses).
 * Binding an ISO string works on both engines, so raw SQL passes `toISOString()` everywhere.
 */
export class InstantType extends Type<Date | null, string | null> {
  override convertToDatabaseValue(value: Date | string | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    return (value instanceof Date ? value : new Date(value)).toISOString();
  }

  override convertToJSValue(value: Date | string | number | null | undefined): Date | null {
    if (value === null || value === undefined) return null;
    return value instanceof Date ? value : new Date(value);
  }

  override getColumnType(_prop: EntityProperty, platform: Platform): string {
    return isPostgres(platform) ? "timestamptz" : "text";
  }

  override compareAsType(): string {
    return "string";
  }
}

/**
 * Told by the platform's class name, not `instanceof`: that would load @mikro-orm/postgresql (the
 * pg client and its driver, about 4 MB resident) into a server that runs on SQLite.
 */
export const isPostgres = (platform: Platform): boolean => platform.constructor.name === "PostgreSqlPlatform";
