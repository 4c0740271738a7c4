import type { Command } from "commander";
import { presentUser, resetPassword } from "@courts/core";
import type { Cli } from "../support/context.js";
import { readNewPassword } from "../support/password-input.js";
import { runUseCase } from "../support/use-case.js";

/** `courts admin reset-password USERNAME` */
export const resetPasswordCommand = async (cli: Cli, command: Command): Promise<void> => {
  const username = command.processedArgs[0] as string;
  const options = command.opts<{ passwordStdin?: boolean }>();
  await cli.config(command);
  const password = await readNewPassword({ passwordStdin: options.passwordStdin === true }, cli.io.stdin, cli.io.stderr);
  await cli.withRuntime(command, async ({ ports, database }) => {
    const user = await runUseCase(resetPassword(ports, { username, password }));
    // whoever knew the old password is signed out everywhere
    const ended = await database.sessionStore.endSessionsOf(user.id);
    if (cli.json(command)) return cli.printJson({ ...presentUser(user), isAdmin: user.isAdmin, sessionsEnded: ended });
    cli.print(`Contraseña de '${user.username}' cambiada. ${ended === 1 ? "Se cerró 1 sesión abierta." : `Se cerraron ${ended} sesiones abiertas.`}`);
  }, { existing: true });
};
