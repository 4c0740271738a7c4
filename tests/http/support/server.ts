import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { DEFAULT_ACCOUNT_POLICY, DEFAULT_BOOKING_POLICY, DEFAULT_CLUB_NAME, type BookingPolicy, type Clock, type Ports } from "@courts/core";
import {
  argon2Hasher,
  buildApp,
  cryptoIds,
  loadConfig,
  openDatabase,
  pdfInvoiceRenderer,
  simulatedGateway,
  systemClock,
  type Config,
  type Database,
  type HttpConfig,
  type ObservedAnswer,
} from "@courts/adapters";
import { createTestDatabase, TEST_DATABASE_URL } from "../../sql/support/postgres.js";

export type EngineName = "sqlite" | "postgresql";

export const HTTP_ENGINES: readonly { readonly name: EngineName; readonly available: boolean }[] = [
  { name: "sqlite", available: true },
  { name: "postgresql", available: TEST_DATABASE_URL !== undefined },
];

export interface TestDatabase {
  readonly engine: EngineName;
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a temp SQLite file, or a new database on TEST_DATABASE_URL's server. */
export const freshDatabase = async (engine: EngineName): Promise<TestDatabase> => {
  if (engine === "postgresql") {
    const db = await createTestDatabase();
    return { engine, url: db.url, drop: db.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "courts-http-"));
  return { engine, url: `sqlite:${path.join(dir, "courts.sqlite")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
};

/** A served page as its index.html was, before the server wrote the club's name and date into its head (plugins/web.ts). */
export const withoutClubDate = (page: string): string =>
  page.replace(/ {2}<meta name="club-name" content="[^"]*">\n {4}<meta name="club-today" content="\d{4}-\d{2}-\d{2}">\n {2}<\/head>/, "</head>");

/** A built web folder holding `files` (paths inside it, folders made as needed), removed by `remove()`. */
export const webDistWith = (files: Readonly<Record<string, string | Uint8Array>>): { readonly path: string; remove(): void } => {
  const dir = mkdtempSync(path.join(tmpdir(), "courts-web-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

export const TEST_TIME_ZONE = "America/Guayaquil";

export const testHttpConfig = (overrides: Partial<HttpConfig> = {}): HttpConfig => ({
  production: false,
  sessionSecret: "test-session-secret-0123456789-abcdefghijklmnop",
  cookieSecure: false,
  trustProxy: false,
  timeZone: TEST_TIME_ZONE,
  publicUrl: "http://localhost:3000",
  loginRateLimit: 5,
  registerRateLimit: 10_000,
  loginIpRateLimit: 10_000,
  loginAccountRateLimit: 10_000,
  anonymousWriteRateLimit: 10_000,
  requestTimeoutSeconds: 30,
  headersTimeoutSeconds: 10,
  // a folder without index.html unless a test passes one
  webDist: path.join(tmpdir(), "courts-no-web-here"),
  stripePublishableKey: null,
  refundAlertHours: 24,
  clubName: DEFAULT_CLUB_NAME,
  ...overrides,
});

export interface TestServer {
  readonly app: FastifyInstance;
  readonly baseUrl: string;
  readonly ports: Ports;
  readonly database: Database;
  /** for other processes (the CLI) that open the same database */
  readonly databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * The real server (buildApp with SQL ports, the simulated card provider, the PDF renderer and
 * argon2id at a test-sized cost) listening on a random port of 127.0.0.1.
 */
export interface ServerOptions {
  /** holds and split deadline; the product's defaults unless given */
  readonly policy?: BookingPolicy;
  /** a clock the test moves (holds, deadlines); the system clock unless given */
  readonly clock?: Clock;
  /** sees every answer the server sends (tests/http/contract.test.ts) */
  readonly observeAnswers?: (answer: ObservedAnswer) => void;
  /** the ports as the server gets them, changed (a password hasher that counts its checks) */
  readonly ports?: (ports: Ports) => Ports;
}

export const startServer = async (
  databaseUrl: string,
  overrides: Partial<HttpConfig> = {},
  /** sees every SQL statement the server runs (statement counts per request) */
  onQuery?: (sql: string, params: readonly unknown[]) => void,
  options: ServerOptions = {},
): Promise<TestServer> => {
  const database = await openDatabase(databaseUrl, { poolSize: 4, ...(onQuery ? { onQuery } : {}) });
  await database.migrate();
  const clock = options.clock ?? systemClock(TEST_TIME_ZONE);
  const simulated = simulatedGateway(database.simulatedIntents, cryptoIds, clock);
  const given: Ports = {
    ...database.repositories,
    gateway: simulated,
    invoices: pdfInvoiceRenderer(),
    passwords: argon2Hasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
    clock,
    ids: cryptoIds,
    // Suites about other things book many unpaid slots per player; the unpaid limit has its own suite.
    policy: options.policy ?? { ...DEFAULT_BOOKING_POLICY, maxUnpaidBookings: 1_000, unverifiedUnpaidBookings: 1_000 },
    accounts: DEFAULT_ACCOUNT_POLICY,
  };
  const ports = options.ports ? options.ports(given) : given;
  const app = await buildApp({
    ports,
    sessionStore: database.sessionStore,
    rateLimits: database.rateLimits,
    config: testHttpConfig(overrides),
    simulatedCard: simulated,
    logger: process.env.TEST_HTTP_LOG ? { level: process.env.TEST_HTTP_LOG } : false,
    ...(options.observeAnswers ? { observeAnswers: options.observeAnswers } : {}),
  });
  app.addHook("onClose", async () => {
    await database.close();
  });
  return listening(app, ports, database, databaseUrl);
};

/** An app listening on a random port of 127.0.0.1, as a TestServer. */
export const listening = async (app: FastifyInstance, ports: Ports, database: Database, databaseUrl?: string): Promise<TestServer> => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}`, ports, database, databaseUrl, close: () => app.close() };
};

/** The composition root's configuration for a test: the database, a data folder, the club's zone, then `env`. */
export const runtimeConfig = (databaseUrl: string, dataDir: string, env: Readonly<Record<string, string>> = {}): Config =>
  loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, COURTS_TIMEZONE: TEST_TIME_ZONE, REGISTER_RATE_LIMIT: "1000", ...env }, { cwd: dataDir });

/**
 * One suite per engine: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (skipped
 * otherwise, said once by postgres-availability.test.ts). Each suite gets a fresh database and its own server.
 */
export const describeOnEngines = (
  title: string,
  suite: (server: () => TestServer, engine: EngineName) => void,
  options: { readonly overrides?: Partial<HttpConfig>; readonly server?: ServerOptions } = {},
): void => {
  for (const engine of HTTP_ENGINES) {
    describe.skipIf(!engine.available)(`${title} [${engine.name}]`, () => {
      let db: TestDatabase | undefined;
      let server: TestServer | undefined;
      beforeAll(async () => {
        db = await freshDatabase(engine.name);
        server = await startServer(db.url, options.overrides, undefined, options.server);
      });
      afterAll(async () => {
        await server?.close();
        await db?.drop();
      });
      suite(() => server!, engine.name);
    });
  }
};
