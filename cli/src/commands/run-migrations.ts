import type { Command } from "commander";
import type { Cli } from "../support/context.js";

/** `courts migrate`: names what it applied. */
export const runMigrationsCommand = (cli: Cli, command: Command): Promise<void> =>
  cli.withRuntime(
    command,
    async ({ database }) => {
      const pending = await database.pendingMigrations();
      await database.migrate();
      const engine = database.engine === "sqlite" ? "SQLite" : "PostgreSQL";
      if (cli.json(command)) return cli.printJson({ engine: database.engine, applied: pending });
      if (pending.length === 0) return cli.print(`La base de datos (${engine}) ya está al día.`);
      cli.print(`Migraciones aplicadas en ${engine}:`);
      for (const name of pending) cli.print(`  ${name}`);
    },
    { migrate: false },
  );
