import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, closeSync, constants, existsSync, fsyncSync, linkSync, copyFileSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { knex } from "@mikro-orm/sqlite";
import { MIGRATIONS } from "./migrations/index.js";

/**
 * Copies of the database while servers use it, and putting one back (DESIGN.md section 19):
 * `courts backup` and `courts restore` (cli/src/commands). docs/BACKUPS.md says how to run them.
 */

/** A backup or restore that cannot go on, in the operator's language: the CLI prints it as it is. */
export class BackupProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupProblem";
  }
}

interface SqliteConnection {
  all(sql: string, params: unknown[], callback: (error: Error | null, rows: Record<string, unknown>[]) => void): void;
  run(sql: string, params: unknown[], callback: (error: Error | null) => void): void;
  exec(sql: string, callback: (error: Error | null) => void): void;
  close(callback: (error: Error | null) => void): void;
}

interface SqliteDriver {
  readonly OPEN_READONLY: number;
  readonly OPEN_READWRITE: number;
  readonly Database: new (file: string, mode: number, callback: (error: Error | null) => void) => SqliteConnection;
}

let loaded: SqliteDriver | undefined;
/** node-sqlite3, as the ORM's SQLite driver loads it (knex's client holds the module). */
const sqliteDriver = (): SqliteDriver => {
  if (loaded !== undefined) return loaded;
  const client = knex({ client: "sqlite3", connection: { filename: ":memory:" }, useNullAsDefault: true });
  loaded = (client.client as { driver: SqliteDriver }).driver;
  void client.destroy();
  return loaded;
};

const open = (file: string, mode: "read" | "write") =>
  new Promise<SqliteConnection>((resolve, reject) => {
    const driver = sqliteDriver();
    const connection = new driver.Database(file, mode === "read" ? driver.OPEN_READONLY : driver.OPEN_READWRITE, (error) =>
      error ? reject(error) : resolve(connection),
    );
  });
const all = (c: SqliteConnection, sql: string, params: unknown[] = []) =>
  new Promise<Record<string, unknown>[]>((resolve, reject) => c.all(sql, params, (error, rows) => (error ? reject(error) : resolve(rows))));
const run = (c: SqliteConnection, sql: string, params: unknown[] = []) =>
  new Promise<void>((resolve, reject) => c.run(sql, params, (error) => (error ? reject(error) : resolve())));
const close = (c: SqliteConnection) => new Promise<void>((resolve) => c.close(() => resolve()));

const isBusy = (error: unknown) => /SQLITE_BUSY|SQLITE_LOCKED|database is locked/i.test(String((error as { code?: unknown })?.code ?? "") + String(error));

/** Flushes a file (or a folder's entries, after a rename) to the disk. */
const fsyncPath = (file: string) => {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

const temporaryBeside = (file: string, purpose: string) => path.join(path.dirname(file), `.${path.basename(file)}.${purpose}-${process.pid}-${randomBytes(4).toString("hex")}`);

/** The file a backup goes to must be new: an existing file (the live database, by a slip of the hand) is never overwritten. */
const checkDestination = (to: string, databasePath?: string) => {
  const target = path.resolve(to);
  if (databasePath !== undefined && [databasePath, `${databasePath}-wal`, `${databasePath}-shm`].map((p) => path.resolve(p)).includes(target))
    throw new BackupProblem(`--to ${to} es la propia base de datos: elige otro archivo para la copia`);
  if (existsSync(target)) throw new BackupProblem(`Ya existe ${to}: la copia nunca reemplaza un archivo; elige otro nombre o bórralo antes`);
  const folder = path.dirname(target);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new BackupProblem(`No se puede escribir en la carpeta ${folder}: créala o elige otra para --to`);
  }
  return target;
};

const sizeOf = (file: string) => statSync(file).size;

/**
 * SQLite: `VACUUM INTO` a file beside the destination, then renamed into place. It runs as one read
 * transaction, so the copy is the database as of one instant however many writes the servers
 * commit meanwhile (in WAL mode a reader never waits for them, nor they for it), and it is compact:
 * a single file without -wal, free pages left out. A copy cut short leaves only its temporary file.
 */
export const backupSqlite = async (databasePath: string, to: string): Promise<{ readonly file: string; readonly bytes: number }> => {
  if (!existsSync(databasePath)) throw new BackupProblem(`No existe la base de datos SQLite ${databasePath}: revisa DATABASE_URL (o --database-url)`);
  const target = checkDestination(to, databasePath);
  const temporary = temporaryBeside(target, "copia");
  const source = await open(databasePath, "read");
  try {
    await run(source, "pragma busy_timeout = 10000");
    await run(source, "vacuum into ?", [temporary]);
    fsyncPath(temporary);
    renameSync(temporary, target);
    fsyncPath(path.dirname(target));
    return { file: target, bytes: sizeOf(target) };
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof BackupProblem) throw error;
    throw new BackupProblem(`No se pudo copiar la base de datos: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await close(source);
  }
};

const SQLITE_HEADER = "SQLite format 3\u0000";

const readsAsSqlite = (file: string) => {
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
};

/** Tables any database of this product has had since its first migration. */
const CORE_TABLES = ["users", "venues", "courts", "bookings", "payments", "mikro_orm_migrations"];

export interface RestoredCopy {
  readonly migrationsApplied: number;
  /** migrations of this version the copy does not have yet: the server applies them on start (or `courts migrate`) */
  readonly migrationsPending: readonly string[];
}

/** Whether `file` is a database of this product whose migrations this version knows. */
const checkCopy = async (file: string, shownAs: string): Promise<RestoredCopy> => {
  const copy = await open(file, "read");
  try {
    const [check] = await all(copy, "pragma quick_check");
    if (check?.quick_check !== "ok") throw new BackupProblem(`${shownAs} está dañada (quick_check: ${String(check?.quick_check)})`);
    const tables = new Set((await all(copy, "select name from sqlite_master where type = 'table'")).map((r) => String(r.name)));
    const missing = CORE_TABLES.filter((t) => !tables.has(t));
    if (missing.length > 0) throw new BackupProblem(`${shownAs} no es una base de datos de la reserva de canchas (le faltan las tablas ${missing.join(", ")})`);
    const applied = (await all(copy, "select name from mikro_orm_migrations order by id")).map((r) => String(r.name));
    const known = MIGRATIONS.map((m) => m.name);
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length > 0)
      throw new BackupProblem(`${shownAs} viene de una versión más nueva de la aplicación (migraciones desconocidas: ${unknown.join(", ")}): restáurala con esa versión`);
    if (applied.length === 0) throw new BackupProblem(`${shownAs} no tiene migraciones aplicadas: no es una copia de una base de datos en uso`);
    return { migrationsApplied: applied.length, migrationsPending: known.filter((name) => !applied.includes(name)) };
  } finally {
    await close(copy);
  }
};

export interface SqliteRestore extends RestoredCopy {
  readonly file: string;
  /** the database that was replaced, kept under this name; null when there was none */
  readonly previous: string | null;
}

const IN_USE =
  "La base de datos está en uso (un servidor o un comando courts la tiene abierta): detén los servidores y vuelve a ejecutar courts restore";

/**
 * Takes the database at `databasePath` for this process alone, or says who has it: every server
 * connection keeps SQLite's shared lock on a WAL database for as long as it is open (sleeping or
 * not), and leaving WAL needs the exclusive lock. The operating system releases those locks when a
 * process ends, however it ends, so a server that crashed does not count as one that runs.
 * What is left in the WAL is first copied into the file, and the file leaves WAL mode: no -wal of
 * the old database can be read as part of the new one.
 */
const takeAlone = async (databasePath: string): Promise<SqliteConnection> => {
  const connection = await open(databasePath, "write");
  try {
    // a `courts` command finishing its work is waited for; a server is not going to finish
    await run(connection, "pragma busy_timeout = 3000");
    await all(connection, "pragma wal_checkpoint(truncate)");
    const [mode] = await all(connection, "pragma journal_mode = delete");
    if (mode?.journal_mode !== "delete") throw new BackupProblem(IN_USE);
    // held until the new file is in place: a process arriving meanwhile waits
    await run(connection, "pragma locking_mode = exclusive");
    await run(connection, "begin exclusive");
    return connection;
  } catch (error) {
    await close(connection);
    if (error instanceof BackupProblem) throw error;
    if (isBusy(error)) throw new BackupProblem(IN_USE);
    throw new BackupProblem(`No se pudo abrir ${databasePath}: ${error instanceof Error ? error.message : String(error)}`);
  }
};

const stampNow = () => new Date().toISOString().replace(/[:.]/g, "-");

/**
 * SQLite: puts the copy `from` in place of the database at `databasePath`. Refused while any
 * process has the database open; the copy is checked (a SQLite file of this product, not damaged,
 * migrations this version knows) as a temporary file beside the database, and then renamed over
 * it, so the database is at every moment either the old one or the new one, whole. The old one is
 * kept beside it as `<name>.antes-de-restaurar-<instant>`.
 */
export const restoreSqlite = async (databasePath: string, from: string): Promise<SqliteRestore> => {
  if (!existsSync(from) || !statSync(from).isFile()) throw new BackupProblem(`No existe el archivo ${from}`);
  if (!readsAsSqlite(from)) throw new BackupProblem(`${from} no es una base de datos SQLite (¿es una copia de PostgreSQL? esa se restaura con pg_restore)`);
  const target = path.resolve(databasePath);
  if (path.resolve(from) === target) throw new BackupProblem(`--from ${from} es la propia base de datos: elige la copia que quieres restaurar`);
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = temporaryBeside(target, "restaurando");
  let held: SqliteConnection | null = null;
  try {
    // the copy's own -wal, if it has one, is read as part of it; the result is one file
    const source = await open(from, "read");
    try {
      await run(source, "pragma busy_timeout = 10000");
      await run(source, "vacuum into ?", [temporary]);
    } finally {
      await close(source);
    }
    const copy = await checkCopy(temporary, `La copia ${from}`);
    fsyncPath(temporary);
    let previous: string | null = null;
    if (existsSync(target)) {
      held = await takeAlone(target);
      previous = `${target}.antes-de-restaurar-${stampNow()}`;
      try {
        linkSync(target, previous);
      } catch {
        copyFileSync(target, previous);
      }
    }
    // a -wal or -shm left without its database (deleted by hand) must never be read with the new one
    rmSync(`${target}-wal`, { force: true });
    rmSync(`${target}-shm`, { force: true });
    renameSync(temporary, target);
    fsyncPath(path.dirname(target));
    return { file: target, previous, ...copy };
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof BackupProblem) throw error;
    throw new BackupProblem(`No se pudo restaurar: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (held !== null) await close(held);
  }
};

/** `postgres://user:secret@host/db` without the secret, and the secret (for PGPASSWORD, never on a command line). */
export const withoutPassword = (url: string): { readonly url: string; readonly password: string | undefined } => {
  const parsed = new URL(url);
  const password = parsed.password === "" ? undefined : decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), password };
};

/** The first `name` on PATH that can be run, or undefined. */
export const findOnPath = (name: string, pathVariable: string | undefined): string | undefined => {
  for (const folder of (pathVariable ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
};

const quoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** The pg_dump command line `courts backup` runs, as an operator would type it. */
export const pgDumpCommandLine = (url: string, to: string) => `pg_dump --format=custom --no-owner --no-privileges --file=${quoted(to)} ${quoted(withoutPassword(url).url)}`;

/** The pg_restore command line that puts a `courts backup` of PostgreSQL back, as an operator would type it. */
export const pgRestoreCommandLine = (url: string, from: string) =>
  `pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --dbname=${quoted(withoutPassword(url).url)} ${quoted(from)}`;

/**
 * PostgreSQL: pg_dump's custom format (compressed, restored with pg_restore, tables one by one if
 * needed), into a temporary file renamed into place once pg_dump succeeded. pg_dump reads in one
 * repeatable-read snapshot, so the copy is consistent while servers write. The password goes in
 * PGPASSWORD, never on the command line where `ps` shows it.
 */
export const backupPostgres = async (
  url: string,
  to: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ readonly file: string; readonly bytes: number; readonly pgDump: string }> => {
  const pgDump = findOnPath("pg_dump", env.PATH);
  if (pgDump === undefined)
    throw new BackupProblem(
      "No se encontró pg_dump en el PATH, y es quien copia una base de datos PostgreSQL. Instala el cliente de PostgreSQL " +
        "de la misma versión mayor que el servidor o una más nueva (Debian/Ubuntu: sudo apt install postgresql-client; " +
        "macOS: brew install libpq) y repite courts backup, o ejecuta tú mismo, con la contraseña en PGPASSWORD:\n" +
        `  ${pgDumpCommandLine(url, to)}`,
    );
  const target = checkDestination(to);
  const temporary = temporaryBeside(target, "copia");
  const { url: address, password } = withoutPassword(url);
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  if (password !== undefined) childEnv.PGPASSWORD = password;
  const args = ["--format=custom", "--no-owner", "--no-privileges", `--file=${temporary}`, address];
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(pgDump, args, { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
    let said = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (said += chunk));
    child.on("error", reject);
    child.on("close", (exit) => resolve({ code: exit, stderr: said }));
  });
  if (code !== 0) {
    rmSync(temporary, { force: true });
    throw new BackupProblem(`pg_dump terminó con error (${String(code)}): ${stderr.trim() || "sin mensaje"}`);
  }
  fsyncPath(temporary);
  renameSync(temporary, target);
  fsyncPath(path.dirname(target));
  return { file: target, bytes: sizeOf(target), pgDump };
};
