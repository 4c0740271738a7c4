import type { Readiness } from "../http/deps.js";
import type { Database } from "../sql/index.js";

/**
 * GET /readyz on a database (DESIGN.md section 19): it answers, and every migration this process
 * knows of is applied. During an upgrade `courts migrate` runs before the new processes start;
 * a process whose migrations are not all there refuses traffic (503) instead of failing on a
 * missing column.
 */
export const databaseReadiness =
  (database: Pick<Database, "health" | "pendingMigrations">) =>
  async (): Promise<Readiness> => {
    const health = await database.health();
    if (!health.ok) return { ready: false, checks: { database: { ok: false, engine: health.engine, error: health.error } } };
    let pending: string[];
    try {
      pending = await database.pendingMigrations();
    } catch (error) {
      return { ready: false, checks: { database: { ok: true, engine: health.engine }, migrations: { ok: false, error: error instanceof Error ? error.message : String(error) } } };
    }
    return {
      ready: pending.length === 0,
      checks: { database: { ok: true, engine: health.engine, latencyMs: health.latencyMs }, migrations: { ok: pending.length === 0, pending } },
    };
  };
