/**
 * Persistence on MikroORM 6: embedded SQLite by default (`sqlite:./data/courts.sqlite`),
 * PostgreSQL at scale (`postgres://...`), the same code and migrations on both.
 *
 * The guarantees live in the database (DESIGN.md section 3): a partial unique index holds one
 * active booking per (court, date, slot); counters (discount uses, link participants, paid
 * amounts) move by conditional UPDATEs with their row counts checked, in one transaction where
 * several must move together; deleting a venue or court cascades to courts, bookings and share
 * links, while payments (the accounting ledger, with copied names) have no foreign key and stay.
 */
export { openDatabase, openSqlDatabase } from "./database.js";
export type { Database, DatabaseHealth, DatabaseOptions, SqlDatabase } from "./database.js";
export { DEFAULT_DATABASE_URL, parseDatabaseUrl } from "./database-url.js";
export type { DatabaseTarget, Engine } from "./database-url.js";
export { DEFAULT_SESSION_TTL_MS, sessionExpiry, SqlSessionStore } from "./session-store.sql.js";
export type { WebhookEventLog } from "./webhook-events.sql.js";
