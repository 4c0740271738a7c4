import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlDatabase } from "@courts/adapters";
import { TEST_DATABASE_URL } from "../sql/support/postgres.js";
import { waitFor } from "../support/wait-for.js";
import { Client } from "./support/client.js";
import { demoCourts, freshSlot, newPlayer } from "./support/fixtures.js";
import { freshDatabase, startServer, type TestDatabase, type TestServer } from "./support/server.js";

/**
 * Storage that refuses writes (a full disk, a database set read-only) and a database that refuses
 * new connections answer 503 with Retry-After and a Spanish message, never 500: the same request
 * works again once an operator has acted.
 */

const STORAGE = {
  code: "STORAGE_UNAVAILABLE",
  message: "No se pueden guardar cambios en este momento: el almacenamiento del servidor no admite escrituras (lleno o en solo lectura). Inténtalo de nuevo en unos minutos.",
};
const UNAVAILABLE = {
  code: "SERVICE_UNAVAILABLE",
  message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
};

type Answer = { status: number; headers: Headers; body: unknown };

const expectStorageFault = (answer: Answer) => {
  expect({ status: answer.status, retryAfter: answer.headers.get("retry-after"), body: answer.body }).toEqual({ status: 503, retryAfter: "60", body: STORAGE });
};

describe("when SQLite's disk is full [sqlite]", () => {
  let db: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    db = await freshDatabase("sqlite");
    server = await startServer(db.url);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("when the file cannot grow (SQLITE_FULL), then bookings answer 503 with Retry-After, reads still answer; with room again, booking works", async () => {
    const { courts } = await demoCourts(server);
    const player = await newPlayer(server);
    const sql = (server.database as SqlDatabase).sql;
    // the writer's connection may not add a page to the file: what a full disk is to SQLite
    const [{ page_count: pages }] = (await sql.all("pragma page_count")) as [{ page_count: number }];
    await sql.all(`pragma max_page_count = ${pages}`);
    const answers: Answer[] = [];
    // the pages already there take a few more rows; then every write needs a new one
    for (let i = 0; i < 400 && answers.filter((a) => a.status === 503).length < 5; i++) answers.push(await player.client.post("/api/bookings", freshSlot(courts)));
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expectStorageFault(answer);
    expect((await new Client(server.baseUrl).get("/api/venues")).status).toBe(200);
    expect((await player.client.get("/api/user/bookings")).status).toBe(200);

    await sql.all("pragma max_page_count = 1073741823");
    expect((await player.client.post("/api/bookings", freshSlot(courts))).status).toBe(201);
  });
});

/** A database of this suite's own on TEST_DATABASE_URL's server, and an administrator's connection to that server. */
const ownDatabase = async () => {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  const name = `courts_ops_b_${randomBytes(5).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** ends every connection the server holds to it: the pool opens new ones, which see the database's settings as they are now */
    dropConnections: () => admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]),
    sql: (text: string) => admin.query(text),
    drop: async () => {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

describe.skipIf(TEST_DATABASE_URL === undefined)("when PostgreSQL refuses writes or connections [postgresql]", () => {
  let db: Awaited<ReturnType<typeof ownDatabase>>;
  let server: TestServer;

  beforeAll(async () => {
    db = await ownDatabase();
    server = await startServer(db.url);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  /** Asks until the answer is not a 503 of the kind `body` (the pool's connections are replaced one by one). */
  const until = (ask: () => Promise<Answer>, done: (answer: Answer) => boolean, seen: Answer[]) =>
    waitFor(
      async () => {
        const answer = await ask();
        seen.push(answer);
        return done(answer) ? answer : undefined;
      },
      { timeout: 15_000, interval: 50, message: "the server never answered as expected" },
    );

  it("when the database is set read-only (SQLSTATE 25006), then writes answer 503 STORAGE_UNAVAILABLE with Retry-After, reads 200, never a 500; writable again, bookings work", async () => {
    const { courts } = await demoCourts(server);
    const player = await newPlayer(server);
    await db.sql(`alter database ${db.name} set default_transaction_read_only = on`);
    await db.dropConnections();
    const seen: Answer[] = [];
    // the first requests may meet a connection that was just ended (a 503 SERVICE_UNAVAILABLE)
    const refused = await until(() => player.client.post("/api/bookings", freshSlot(courts)), (a) => a.status === 503 && (a.body as { code?: string }).code === STORAGE.code, seen);
    expectStorageFault(refused);
    for (let i = 0; i < 20; i++) seen.push(await player.client.post("/api/bookings", freshSlot(courts)));
    seen.push(await new Client(server.baseUrl).post("/api/auth/register", { email: "ro@correo.ec", username: "solo-lectura", password: "clave-bastante-larga-1" }));
    for (const answer of seen.slice(-21)) expectStorageFault(answer);
    expect(seen.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect((await player.client.get("/api/user/bookings")).status).toBe(200);

    await db.sql(`alter database ${db.name} set default_transaction_read_only = off`);
    await db.dropConnections();
    const booked = await until(() => player.client.post("/api/bookings", freshSlot(courts)), (a) => a.status !== 503, []);
    expect(booked.status).toBe(201);
  });

  it("when the database refuses new connections (SQLSTATE 55000, not accepting connections), then 503 SERVICE_UNAVAILABLE with Retry-After; allowed again, it answers", async () => {
    const { courts } = await demoCourts(server);
    const player = await newPlayer(server);
    await db.sql(`alter database ${db.name} allow_connections false`);
    await db.dropConnections();
    const seen: Answer[] = [];
    for (let i = 0; i < 10; i++) seen.push(await player.client.post("/api/bookings", freshSlot(courts)));
    seen.push(await new Client(server.baseUrl).post("/api/auth/login", { username: "alguien", password: "clave-cualquiera" }));
    for (const answer of seen) {
      expect({ status: answer.status, retryAfter: answer.headers.get("retry-after"), body: answer.body }).toEqual({ status: 503, retryAfter: "5", body: UNAVAILABLE });
    }
    await db.sql(`alter database ${db.name} allow_connections true`);
    const booked = await until(() => player.client.post("/api/bookings", freshSlot(courts)), (a) => a.status !== 503, []);
    expect(booked.status).toBe(201);
  });
});
