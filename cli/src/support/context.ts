import { existsSync } from "node:fs";
import type { Writable } from "node:stream";
import type { Command } from "commander";
import type { Config, Env } from "@courts/adapters/config";
import type { Runtime } from "@courts/adapters/composition-root";
import { CliError } from "./failures.js";
import { renderTable, type Column } from "./table.js";

/** What the program reads and writes: the process's streams in production, buffers in tests. */
export interface Io {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdin: NodeJS.ReadStream;
  readonly env: Env;
}

export interface GlobalOptions {
  readonly databaseUrl: string | undefined;
  readonly json: boolean;
  readonly debug: boolean;
}

interface RawGlobals {
  readonly databaseUrl?: string;
  readonly json?: boolean;
  readonly debug?: boolean;
}

const refuseMissingSqliteFile = async (databaseUrl: string) => {
  const { parseDatabaseUrl } = await import("@courts/adapters/sql/database-url");
  const target = parseDatabaseUrl(databaseUrl);
  if (target.engine !== "sqlite" || target.path === ":memory:" || existsSync(target.path)) return;
  throw new CliError(
    `No existe la base de datos SQLite ${target.path}: revisa DATABASE_URL (o --database-url); \`courts migrate\` o \`courts seed\` la crean`,
  );
};

/**
 * The state every command shares: the streams, the global options of the command being run,
 * and the way to the server's own composition root (same configuration, same database).
 * The adapters are imported on first use, so `--help` and usage errors start in a blink.
 */
export class Cli {
  /** set by `courts serve` when the server runs in this process: it lives on after the command returns */
  keepAlive = false;
  /** a command's own exit code when it is not 0 and not a failure (the server's, for `courts serve`) */
  exitCode = 0;

  constructor(readonly io: Io) {}

  globals(command: Command): GlobalOptions {
    const raw = command.optsWithGlobals<RawGlobals>();
    return { databaseUrl: raw.databaseUrl, json: raw.json === true, debug: raw.debug === true };
  }

  /** The server's environment, with --database-url in place of DATABASE_URL when given. */
  env(command: Command): Env {
    const { databaseUrl } = this.globals(command);
    return databaseUrl === undefined ? this.io.env : { ...this.io.env, DATABASE_URL: databaseUrl };
  }

  /** The server's configuration, validated by the server's own rules (COURTS_TIMEZONE, DATABASE_URL, ...). */
  async config(command: Command, env: Env = this.env(command)): Promise<Config> {
    const { ConfigError, loadConfig } = await import("@courts/adapters/config");
    try {
      // the CLI never writes the development session secret: only the server needs it
      return loadConfig(env, { persistSecret: false });
    } catch (error) {
      if (error instanceof ConfigError) throw new CliError(`Configuración inválida: ${error.problems.join("; ")}`);
      throw error;
    }
  }

  /**
   * Opens the database through the server's composition root (migrating it, as the server does
   * on start, unless told otherwise), runs `work`, and always closes it so the process exits.
   */
  async withRuntime<A>(
    command: Command,
    work: (runtime: Runtime) => Promise<A>,
    options: {
      migrate?: boolean;
      /**
       * The command reads or changes what a database already holds (a listing, the stats, a
       * password, a code's switch): a SQLite file that does not exist is a mistyped path, not an
       * empty club, so it is not created.
       */
      existing?: boolean;
    } = {},
  ): Promise<A> {
    const config = await this.config(command);
    if (options.existing) await refuseMissingSqliteFile(config.databaseUrl);
    const { openRuntime } = await import("@courts/adapters/composition-root");
    let runtime: Runtime;
    try {
      runtime = await openRuntime(config, { migrate: options.migrate ?? true, poolSize: 2 });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CliError(`No se pudo abrir la base de datos: ${reason}`, 1, undefined, { cause: error });
    }
    try {
      return await work(runtime);
    } finally {
      await runtime.close();
    }
  }

  json(command: Command): boolean {
    return this.globals(command).json;
  }

  print(text = ""): void {
    this.io.stdout.write(`${text}\n`);
  }

  /** Something the operator should know that did not stop the command: on stderr, so `--json` stays one document. */
  printWarning(text: string): void {
    this.io.stderr.write(`Aviso: ${text}\n`);
  }

  /** Machine output: one JSON document on stdout, nothing else. */
  printJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A listing: JSON for scripts, an aligned table (or the empty message) for people. */
  list<Row>(command: Command, rows: readonly Row[], json: (row: Row) => unknown, columns: readonly Column<Row>[], empty: string): void {
    if (this.json(command)) return this.printJson(rows.map(json));
    this.print(rows.length === 0 ? empty : renderTable(rows, columns));
  }
}

/** What a command does, given the parsed command line: commands/<verb-noun>.ts. */
export type CommandHandler = (cli: Cli, command: Command) => Promise<void>;
