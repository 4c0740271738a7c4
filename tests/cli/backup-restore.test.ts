import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlDatabase } from "@courts/adapters";
import { Client } from "../http/support/client.js";
import { book, demoCourts, newPlayer } from "../http/support/fixtures.js";
import { freshDatabase, startServer, type TestDatabase, type TestServer } from "../http/support/server.js";
import { createTestDatabase, TEST_DATABASE_URL } from "../sql/support/postgres.js";
import { runCourts, runCourtsHere, json } from "./support/run-courts.js";

/**
 * `courts backup` and `courts restore` as an operator runs them next to a server that keeps
 * taking bookings: the copy is the database of one instant, a restore gives it back table for
 * table, and a restore never pulls the database from under a running server.
 */

type Rows = Record<string, unknown>[];

/** Every table of a SQLite file, each one's rows in a fixed order. */
const sqliteTables = async (file: string): Promise<Record<string, Rows>> => {
  const db = await openSqlDatabase(`sqlite:${file}`);
  try {
    const names = (await db.sql.all("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")).map((r) => String(r.name));
    const tables: Record<string, Rows> = {};
    for (const name of names) tables[name] = await db.sql.all(`select * from "${name}" order by 1`);
    return tables;
  } finally {
    await db.close();
  }
};

const counts = (tables: Record<string, Rows>) => Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length]));

/** Players booking one slot after another until told to stop; how many bookings they made. */
const bookingLoad = async (server: TestServer, players: number) => {
  const { courts } = await demoCourts(server);
  const clients = await Promise.all(Array.from({ length: players }, async () => (await newPlayer(server)).client));
  let stop = false;
  let made = 0;
  const running = clients.map(async (client) => {
    while (!stop) {
      await book(client, courts);
      made++;
    }
  });
  return {
    made: () => made,
    stop: async () => {
      stop = true;
      await Promise.all(running);
    },
  };
};

describe("courts backup and restore [sqlite]", () => {
  let db: TestDatabase;
  let server: TestServer;
  let dir: string;
  let databaseFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "courts-backup-"));
    db = await freshDatabase("sqlite");
    databaseFile = db.url.slice("sqlite:".length);
    server = await startServer(db.url);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("when a server is taking bookings, then the backup is the database of one instant, and restored into a fresh path it reads table for table the same", async () => {
    const load = await bookingLoad(server, 4);
    await expect.poll(() => load.made(), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    const before = (await sqliteTables(databaseFile)).bookings!.length;
    const copy = path.join(dir, "copia.sqlite");
    // another process, as cron runs it, while the four players keep booking
    const backup = await runCourts(["backup", "--to", copy, "--json"], { env: { DATABASE_URL: db.url, DATA_DIR: dir } });
    const madeDuring = load.made();
    await expect.poll(() => load.made(), { timeout: 20_000 }).toBeGreaterThan(madeDuring + 5);
    await load.stop();
    expect(backup.stderr).toBe("");
    expect(json<{ engine: string; file: string; bytes: number; format: string }>(backup)).toMatchObject({ engine: "sqlite", file: copy, format: "sqlite" });
    expect(existsSync(copy)).toBe(true);
    // one file: no -wal beside it, no temporary left
    expect(readdirSync(dir).sort()).toEqual(["copia.sqlite"]);

    const copied = await sqliteTables(copy);
    const live = await sqliteTables(databaseFile);
    // a snapshot: it has every booking made before the backup started and fewer than were made in the end
    const bookings = copied.bookings!;
    expect(bookings.length).toBeGreaterThanOrEqual(before);
    expect(bookings.length).toBeLessThan(live.bookings!.length);
    // each booking it holds is the live one as it was (bookings only grew during the load)
    const liveById = new Map(live.bookings!.map((b) => [b.id, b]));
    for (const booking of bookings) expect(liveById.get(booking.id)).toEqual(booking);
    // consistent across tables: every payment, event and share link points at a booking of the copy
    const ids = new Set(bookings.map((b) => b.id));
    for (const [table, rows] of Object.entries(copied))
      for (const row of rows) if (typeof row.booking_id === "string") expect({ table, booking: ids.has(row.booking_id) }).toEqual({ table, booking: true });

    const freshFile = path.join(dir, "nueva", "courts.sqlite");
    const restore = await runCourtsHere(["restore", "--from", copy, "--json"], { env: { DATABASE_URL: `sqlite:${freshFile}`, DATA_DIR: dir } });
    expect(restore.stderr).toBe("");
    expect(json<{ file: string; previous: string | null; migrationsPending: string[] }>(restore)).toMatchObject({ file: freshFile, previous: null, migrationsPending: [] });
    const restored = await sqliteTables(freshFile);
    expect(counts(restored)).toEqual(counts(copied));
    expect(restored).toEqual(copied);
  }, 90_000);

  it("when a server has the database open, then restore refuses and changes nothing; once it stopped, restore replaces it and keeps the old one", async () => {
    const { courts } = await demoCourts(server);
    const copy = path.join(dir, "antes.sqlite");
    expect((await runCourtsHere(["backup", "--to", copy], { env: { DATABASE_URL: db.url, DATA_DIR: dir } })).code).toBe(0);
    const { client } = await newPlayer(server);
    const later = await book(client, courts);

    // another process, as the operator's shell is
    const refused = await runCourts(["restore", "--from", copy], { env: { DATABASE_URL: db.url, DATA_DIR: dir } });
    expect({ code: refused.code, stdout: refused.stdout, stderr: refused.stderr }).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "Error: La base de datos está en uso (un servidor o un comando courts la tiene abierta): detén los servidores y vuelve a ejecutar courts restore\n",
    });
    // the server goes on with its database, the booking made after the copy included
    expect((await client.get(`/api/bookings/${later.id}`)).status).toBe(200);
    expect(readdirSync(path.dirname(databaseFile)).filter((f) => f.includes("restaur"))).toEqual([]);

    await server.close();
    const done = await runCourtsHere(["restore", "--from", copy, "--json"], { env: { DATABASE_URL: db.url, DATA_DIR: dir } });
    const answer = json<{ previous: string }>(done);
    expect(answer.previous).toMatch(/courts\.sqlite\.antes-de-restaurar-/);
    const restoredBookings = (await sqliteTables(databaseFile)).bookings!.map((b) => b.id);
    expect(restoredBookings).not.toContain(later.id);
    expect((await sqliteTables(answer.previous)).bookings!.map((b) => b.id)).toContain(later.id);
    // a server starts on the restored database and serves it
    server = await startServer(db.url);
    const venues = await new Client(server.baseUrl).get<unknown[]>("/api/venues");
    expect(venues.status).toBe(200);
    expect(venues.body.length).toBeGreaterThan(0);
  }, 60_000);

  it("when the server was killed and left its -wal behind, then restore keeps what that WAL held in the old database, and the new one never reads it", async () => {
    const file = path.join(dir, "caida", "courts.sqlite");
    const copy = path.join(dir, "caida.sqlite");
    const crashed = await freshDatabase("sqlite");
    try {
      // a copy of a database of this product, taken first
      const source = await openSqlDatabase(crashed.url);
      await source.migrate();
      await source.close();
      expect((await runCourtsHere(["backup", "--to", copy], { env: { DATABASE_URL: crashed.url, DATA_DIR: dir } })).code).toBe(0);
      expect((await runCourtsHere(["restore", "--from", copy], { env: { DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir } })).code).toBe(0);
      // a process writes in WAL mode and dies with SIGKILL: its last commit lives only in the -wal
      const script = [
        "import('@mikro-orm/sqlite').then(({ knex }) => {",
        "  const k = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });",
        "  const Database = k.client.driver.Database;",
        `  const db = new Database(${JSON.stringify(file)});`,
        "  db.exec(\"pragma journal_mode = wal; pragma wal_autocheckpoint = 0; create table ultima_escritura (x text); insert into ultima_escritura values ('antes de caer')\", (error) => {",
        "    if (error) { console.error(error.message); process.exit(3); }",
        "    process.kill(process.pid, 'SIGKILL');",
        "  });",
        "});",
      ].join("\n");
      await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: path.resolve("adapters") }).catch((error: { signal?: string; stderr?: string }) => {
        if (error.signal !== "SIGKILL") throw new Error(`the writer did not die as planned: ${String(error.stderr)}`);
      });
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);

      const done = json<{ previous: string }>(await runCourtsHere(["restore", "--from", copy, "--json"], { env: { DATABASE_URL: `sqlite:${file}`, DATA_DIR: dir } }));
      expect(existsSync(`${file}-wal`)).toBe(false);
      expect((await sqliteTables(done.previous)).ultima_escritura).toEqual([{ x: "antes de caer" }]);
      expect((await sqliteTables(file)).ultima_escritura).toBeUndefined();
    } finally {
      await crashed.drop();
    }
  }, 60_000);

  it("when the copy is not a database of this product, or the backup file exists, then each is refused in one Spanish line", async () => {
    const env = { DATABASE_URL: `sqlite:${path.join(dir, "otra", "courts.sqlite")}`, DATA_DIR: dir };
    const text = path.join(dir, "notas.txt");
    writeFileSync(text, "no soy una base de datos\n");
    expect((await runCourtsHere(["restore", "--from", text], { env })).stderr).toBe(
      `Error: ${text} no es una base de datos SQLite (¿es una copia de PostgreSQL? esa se restaura con pg_restore)\n`,
    );
    const foreign = path.join(dir, "ajena.sqlite");
    const other = await openSqlDatabase(`sqlite:${foreign}`);
    await other.sql.run("create table notas (texto text)");
    await other.close();
    expect((await runCourtsHere(["restore", "--from", foreign], { env })).stderr).toMatch(/no es una base de datos de la reserva de canchas \(le faltan las tablas users, /);
    expect((await runCourtsHere(["restore", "--from", path.join(dir, "no-existe.sqlite")], { env })).stderr).toBe(`Error: No existe el archivo ${path.join(dir, "no-existe.sqlite")}\n`);
    expect(existsSync(path.join(dir, "otra", "courts.sqlite"))).toBe(false);

    const existing = path.join(dir, "ya-existe.sqlite");
    writeFileSync(existing, "x");
    const refused = await runCourtsHere(["backup", "--to", existing], { env: { DATABASE_URL: db.url, DATA_DIR: dir } });
    expect({ code: refused.code, stderr: refused.stderr }).toEqual({
      code: 1,
      stderr: `Error: Ya existe ${existing}: la copia nunca reemplaza un archivo; elige otro nombre o bórralo antes\n`,
    });
    expect(readFileSync(existing, "utf8")).toBe("x");
    expect((await runCourtsHere(["backup", "--to", databaseFile], { env: { DATABASE_URL: db.url, DATA_DIR: dir } })).stderr).toBe(
      `Error: --to ${databaseFile} es la propia base de datos: elige otro archivo para la copia\n`,
    );
  });
});

const pgTableCounts = async (url: string): Promise<Record<string, number>> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename")).rows;
    const result: Record<string, number> = {};
    for (const { name } of tables) result[name] = (await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n;
    return result;
  } finally {
    await client.end();
  }
};

describe.skipIf(TEST_DATABASE_URL === undefined)("courts backup and restore [postgresql]", () => {
  let db: TestDatabase;
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "courts-backup-pg-"));
    db = await freshDatabase("postgresql");
    server = await startServer(db.url);
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("when pg_dump is on PATH, then the backup is pg_dump's custom format, and the pg_restore command restore prints brings every table back", async () => {
    const load = await bookingLoad(server, 2);
    await expect.poll(() => load.made(), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
    await load.stop();
    const copy = path.join(dir, "courts.dump");
    const backup = await runCourtsHere(["backup", "--to", copy, "--json"], { env: { DATABASE_URL: db.url, DATA_DIR: dir } });
    expect(json(backup)).toMatchObject({ engine: "postgresql", file: copy, format: "pg_dump-custom" });
    expect(readFileSync(copy).subarray(0, 5).toString("latin1")).toBe("PGDMP");

    const target = await createTestDatabase();
    try {
      const told = await runCourtsHere(["restore", "--from", copy], { env: { DATABASE_URL: target.url, DATA_DIR: dir } });
      expect(told.code).toBe(1);
      const line = /^ {2}(pg_restore .+)$/m.exec(told.stderr)?.[1];
      expect(line).toBe(`pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --dbname='${target.url}' '${copy}'`);
      // the printed command, as an operator pastes it (the password, if any, in PGPASSWORD)
      await promisify(execFile)("sh", ["-c", line!]);
      expect(await pgTableCounts(target.url)).toEqual(await pgTableCounts(db.url));
    } finally {
      await target.drop();
    }
  }, 90_000);

  it("when pg_dump is not on PATH, then backup says how to install it and the command to run, and exits 1", async () => {
    const copy = path.join(dir, "sin-pg-dump.dump");
    const result = await runCourtsHere(["backup", "--to", copy], { env: { DATABASE_URL: db.url, DATA_DIR: dir, PATH: path.join(dir, "vacio") } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: No se encontró pg_dump en el PATH, y es quien copia una base de datos PostgreSQL\. Instala el cliente de PostgreSQL .*apt install postgresql-client/);
    expect(result.stderr).toContain(`  pg_dump --format=custom --no-owner --no-privileges --file='${copy}' '${db.url}'`);
    expect(existsSync(copy)).toBe(false);
  });
});
