import type { Command } from "commander";
import type { Cli } from "../support/context.js";
import { CliError } from "../support/failures.js";

const mebibytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/**
 * `courts backup --to FILE`: a consistent copy while the servers run. SQLite: `VACUUM INTO` (one
 * file, the database as of one instant). PostgreSQL: pg_dump in its custom format, when pg_dump
 * is on PATH; otherwise the command to run, and exit 1. docs/BACKUPS.md.
 */
export const backupDatabaseCommand = async (cli: Cli, command: Command): Promise<void> => {
  const { to } = command.opts<{ to: string }>();
  const config = await cli.config(command);
  const { parseDatabaseUrl } = await import("@courts/adapters/sql/database-url");
  const { BackupProblem, backupPostgres, backupSqlite } = await import("@courts/adapters/sql/backup");
  const target = parseDatabaseUrl(config.databaseUrl);
  if (target.engine === "sqlite" && target.path === ":memory:") throw new CliError("Una base de datos en memoria (sqlite::memory:) no se puede copiar: no existe fuera de su proceso");
  try {
    const done =
      target.engine === "sqlite"
        ? { engine: "sqlite" as const, ...(await backupSqlite(target.path, to)), format: "sqlite" }
        : { engine: "postgresql" as const, ...(await backupPostgres(target.url, to, cli.io.env)), format: "pg_dump-custom" };
    if (cli.json(command)) return cli.printJson({ engine: done.engine, file: done.file, bytes: done.bytes, format: done.format });
    cli.print(`Copia de seguridad escrita en ${done.file} (${mebibytes(done.bytes)}).`);
    cli.print(
      done.engine === "sqlite"
        ? "Se restaura con: courts restore --from <archivo> (con los servidores detenidos)."
        : "Formato personalizado de pg_dump: se restaura con pg_restore (courts restore dice el comando exacto).",
    );
  } catch (error) {
    if (error instanceof BackupProblem) throw new CliError(error.message, 1, undefined, { cause: error });
    throw error;
  }
};
