import type { Command } from "commander";
import type { Cli } from "../support/context.js";
import { CliError } from "../support/failures.js";

/**
 * `courts restore --from FILE`: SQLite only. Refused while a server (or any process) has the
 * database open; the copy is checked before it replaces the database in one rename, and the old
 * database is kept beside it. On PostgreSQL it prints the pg_restore command and exits 1.
 */
export const restoreDatabaseCommand = async (cli: Cli, command: Command): Promise<void> => {
  const { from } = command.opts<{ from: string }>();
  const config = await cli.config(command);
  const { parseDatabaseUrl } = await import("@courts/adapters/sql/database-url");
  const { BackupProblem, pgRestoreCommandLine, restoreSqlite } = await import("@courts/adapters/sql/backup");
  const target = parseDatabaseUrl(config.databaseUrl);
  if (target.engine === "postgresql")
    throw new CliError(
      "En PostgreSQL la copia la restaura pg_restore, no courts. Detén los servidores y ejecuta, con la contraseña en PGPASSWORD:\n" +
        `  ${pgRestoreCommandLine(target.url, from)}\n` +
        "Una copia en SQL plano (pg_dump sin --format=custom) se restaura con: psql --single-transaction -f <archivo> <base de datos>",
    );
  if (target.path === ":memory:") throw new CliError("Una base de datos en memoria (sqlite::memory:) no se puede restaurar: usa un archivo en DATABASE_URL");
  try {
    const done = await restoreSqlite(target.path, from);
    if (cli.json(command))
      return cli.printJson({
        engine: "sqlite",
        file: done.file,
        previous: done.previous,
        migrationsApplied: done.migrationsApplied,
        migrationsPending: done.migrationsPending,
      });
    cli.print(`Base de datos restaurada en ${done.file} desde ${from} (${done.migrationsApplied} migraciones aplicadas).`);
    if (done.previous !== null) cli.print(`La base de datos anterior queda en ${done.previous}.`);
    if (done.migrationsPending.length > 0)
      cli.print(`La copia es de una versión anterior: faltan ${done.migrationsPending.length} migraciones, que el servidor aplica al arrancar (o courts migrate).`);
  } catch (error) {
    if (error instanceof BackupProblem) throw new CliError(error.message, 1, undefined, { cause: error });
    throw error;
  }
};
