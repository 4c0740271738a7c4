import { sqlBallotRepository } from "./ballot-repository.sql.js";
import type { Repositories, TaxRate } from "@courts/core";
import type { AbstractSqlConnection } from "@mikro-orm/sqlite";
import type { RateLimitStore } from "../limits/rate-limit-store.js";
import type { Backlog, PoolUse } from "../observability/service-metrics.js";
import type { SimulatedIntentStore } from "../payments/simulated-intent-store.js";
import { sqlBlockRepository } from "./block-repository.sql.js";
import { sqlBookingRepository } from "./booking-repository.sql.js";
import { sqlCatalogQueries } from "./catalog-queries.sql.js";
import { sqlCourtRepository } from "./court-repository.sql.js";
import { parseDatabaseUrl, type DatabaseTarget, type Engine } from "./database-url.js";
import { sqlDiscountCodeRepository } from "./discount-code-repository.sql.js";
import { sqlImageRepository } from "./image-repository.sql.js";
import { sqlNotifications, sqlOutbox, sqlWaitlist } from "./notifications.sql.js";
import { createOrm, type OrmOptions } from "./orm.js";
import { sqlPaymentRepository } from "./payment-repository.sql.js";
import { sqlReportQueries } from "./report-queries.sql.js";
import { sqlMembershipRepository } from "./membership-repository.sql.js";
import { sqlPunchCardRepository } from "./punch-card-repository.sql.js";
import { sqlPurchaseRepository } from "./purchase-repository.sql.js";
import { sqlWalletRepository } from "./wallet-repository.sql.js";
import { sqlRefundLedger } from "./refund-ledger.sql.js";
import { sqlEventLog } from "./event-log.sql.js";
import { sqlRateLimitStore } from "./rate-limits.sql.js";
import { sqlAccountTokens } from "./account-tokens.sql.js";
import { SqlSessionStore } from "./session-store.sql.js";
import { sqlShareLinkRepository } from "./share-link-repository.sql.js";
import { sqlSimulatedIntentStore } from "./simulated-intent-store.sql.js";
import { SqlClient } from "./sql-client.js";
import { sqlUserRepository } from "./user-repository.sql.js";
import { sqlVenueRepository } from "./venue-repository.sql.js";
import { sqlOpenMatchRepository } from "./open-match-repository.sql.js";
import { sqlWebhookEvents, type WebhookEventLog } from "./webhook-events.sql.js";

export type DatabaseOptions = OrmOptions & {
  /** TAX_RATE_PERCENT in basis points, frozen on each payment as it is recorded (default 0) */
  readonly taxRate?: TaxRate;
};

export type DatabaseHealth =
  | { readonly ok: true; readonly engine: Engine; readonly latencyMs: number }
  | { readonly ok: false; readonly engine: Engine; readonly error: string };

/** The persistence of the product, on SQLite or PostgreSQL. */
export interface Database {
  readonly engine: Engine;
  readonly repositories: Repositories;
  /** for @fastify/session: `store: database.sessionStore` */
  readonly sessionStore: SqlSessionStore;
  readonly simulatedIntents: SimulatedIntentStore;
  readonly webhookEvents: WebhookEventLog;
  /** rate-limit counters shared by every server process on this database */
  readonly rateLimits: RateLimitStore;
  /** Applies pending migrations; a no-op when there are none. Safe from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** names of the migrations not applied yet (a readiness check can refuse traffic while any are left) */
  pendingMigrations(): Promise<string[]>;
  /** one round trip to the database, for a health endpoint; never throws */
  health(): Promise<DatabaseHealth>;
  /** mail and events written and not handled yet (GET /metrics) */
  backlog(): Promise<Backlog>;
  /** the connection pool right now (GET /metrics); on SQLite the one writer */
  poolUse(): PoolUse;
  /**
   * The database server's clock (ms since the epoch, in one round trip), which every process on
   * it shares (database-clock.ts); null on SQLite, whose processes read their machine's clock.
   */
  serverTime(): Promise<number | null>;
  close(): Promise<void>;
}

/** A Database with its raw SQL client: for tests and operational tools, not for use cases. */
export interface SqlDatabase extends Database {
  readonly sql: SqlClient;
}

/** An arbitrary constant: the PostgreSQL advisory lock that serialises concurrent migrators. */
const MIGRATION_LOCK = 7_246_001;

const describeTarget = (target: DatabaseTarget): string => {
  if (target.engine === "sqlite") return `SQLite ${target.path}`;
  try {
    const u = new URL(target.url);
    return `PostgreSQL ${u.hostname}:${u.port || "5432"}${u.pathname}`; // never the password
  } catch {
    return "PostgreSQL (dirección ilegible)";
  }
};

/**
 * Why a connection check failed, in the operator's language; the driver's own words follow in
 * parentheses, for a search or a support ticket.
 */
export const connectionFailureText = (reason: string | undefined): string => {
  if (reason === undefined) return "sin conexión";
  const said =
    /ECONNREFUSED/.test(reason)
      ? "nadie responde en esa dirección (¿está el servidor de base de datos en marcha?)"
      : /ENOTFOUND|EAI_AGAIN/.test(reason)
        ? "no se encuentra ese servidor"
        : /ETIMEDOUT|timeout/i.test(reason)
          ? "el servidor no respondió a tiempo"
          : /password authentication failed|no pg_hba\.conf entry/i.test(reason)
            ? "el servidor rechazó el usuario o la contraseña"
            : /database ".*" does not exist/i.test(reason)
              ? "esa base de datos no existe en el servidor"
              : undefined;
  return said === undefined ? reason : `${said} (${reason})`;
};

export const openSqlDatabase = async (url: string, options: DatabaseOptions = {}): Promise<SqlDatabase> => {
  const target = parseDatabaseUrl(url);
  const orm = await createOrm(target, options);
  const check = await orm.checkConnection();
  if (!check.ok) {
    await orm.close(true);
    throw new Error(`No se pudo conectar a ${describeTarget(target)}: ${connectionFailureText(check.reason)}`);
  }
  let sql: SqlClient;
  try {
    sql = await SqlClient.open(orm, target, options.writesAtOnce);
  } catch (error) {
    await orm.close(true);
    throw error;
  }
  const migrator = orm.getMigrator();

  const migrate = async () => {
    if (target.engine === "sqlite") {
      await migrator.up();
      return;
    }
    // Several server processes may start together: the first migrates, the others wait on the
    // lock, then find nothing pending. The lock lives on its own pooled connection (pool >= 2).
    const knex = (orm.em.getConnection() as AbstractSqlConnection).getKnex();
    const lock = await knex.transaction();
    try {
      await lock.raw("select pg_advisory_xact_lock(?)", [MIGRATION_LOCK]);
      await migrator.up();
      await lock.commit();
    } catch (error) {
      await lock.rollback();
      throw error;
    }
    // on a database migrated just now, the notices' triggers exist from here on
    await sql.changes.listen();
  };

  return {
    engine: target.engine,
    sql,
    repositories: {
      users: sqlUserRepository(sql),
      accountTokens: sqlAccountTokens(sql),
      venues: sqlVenueRepository(sql),
      courts: sqlCourtRepository(sql),
      bookings: sqlBookingRepository(sql),
      catalog: sqlCatalogQueries(sql),
      payments: sqlPaymentRepository(sql, options.taxRate ?? 0),
      refunds: sqlRefundLedger(sql),
      wallets: sqlWalletRepository(sql),
      purchases: sqlPurchaseRepository(sql, options.taxRate ?? 0),
      punchCards: sqlPunchCardRepository(sql, options.taxRate ?? 0),
      memberships: sqlMembershipRepository(sql),
      events: sqlEventLog(sql),
      discountCodes: sqlDiscountCodeRepository(sql),
      shareLinks: sqlShareLinkRepository(sql),
      images: sqlImageRepository(sql),
      blocks: sqlBlockRepository(sql),
      outbox: sqlOutbox(sql),
      notifications: sqlNotifications(sql),
      waitlist: sqlWaitlist(sql),
      ballots: sqlBallotRepository(sql),
      reports: sqlReportQueries(sql),
      openMatches: sqlOpenMatchRepository(sql),
    },
    sessionStore: new SqlSessionStore(sql),
    simulatedIntents: sqlSimulatedIntentStore(sql),
    webhookEvents: sqlWebhookEvents(sql),
    rateLimits: sqlRateLimitStore(sql),
    migrate,
    async pendingMigrations() {
      return (await migrator.getPendingMigrations()).map((m) => m.name);
    },
    async health() {
      const started = performance.now();
      try {
        await sql.one("select 1 as ok");
        return { ok: true, engine: target.engine, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        return { ok: false, engine: target.engine, error: error instanceof Error ? error.message : String(error) };
      }
    },
    async serverTime() {
      if (target.engine === "sqlite") return null;
      // clock_timestamp(), not now(): now() stands still at the start of a transaction
      const row = await sql.one("select extract(epoch from clock_timestamp())::float8 * 1000 as ms");
      const ms = Number(row?.["ms"]);
      if (!Number.isFinite(ms)) throw new Error("la base de datos no dio su hora");
      return ms;
    },
    async backlog() {
      const [mails, events] = await Promise.all([
        sql.one("select count(case when status in ('pending', 'sending') then 1 end) as pending, count(case when status = 'failed' then 1 end) as failed from outbox where status <> 'sent'"),
        sql.one("select count(*) as pending from domain_events where handled_at is null"),
      ]);
      return { mailsPending: Number(mails?.["pending"] ?? 0), mailsFailed: Number(mails?.["failed"] ?? 0), eventsPending: Number(events?.["pending"] ?? 0) };
    },
    poolUse() {
      const pool = ((orm.em.getConnection() as AbstractSqlConnection).getKnex().client as { pool?: TarnPool }).pool;
      if (pool === undefined) return { max: 0, used: 0, free: 0, waiting: 0 };
      return { max: pool.max, used: pool.numUsed(), free: pool.numFree(), waiting: pool.numPendingAcquires() };
    },
    close: async () => {
      await sql.close();
      await orm.close(true);
    },
  };
};

/** knex's pool (tarn), as far as its counts go */
interface TarnPool {
  readonly max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/**
 * Opens (and on SQLite creates) the database at `url`: `sqlite:./data/courts.sqlite`,
 * `sqlite::memory:`, or `postgres://user@host:5432/db`. Call `migrate()` before use.
 */
export const openDatabase = (url: string, options: DatabaseOptions = {}): Promise<Database> => openSqlDatabase(url, options);
