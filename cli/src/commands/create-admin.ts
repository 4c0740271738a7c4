import type { Command } from "commander";
import * as Schema from "effect/Schema";
import { createAdmin, presentUser, RegisterBody } from "@courts/core";
import type { Cli } from "../support/context.js";
import { decodeOptions } from "../support/decode.js";
import { readNewPassword } from "../support/password-input.js";
import { runUseCase } from "../support/use-case.js";

interface CreateAdminOptions {
  readonly username: string;
  readonly email: string;
  readonly passwordStdin?: boolean;
}

/** The registration form's rules for the username and the e-mail. */
const AdminIdentity = Schema.Struct({ username: RegisterBody.fields.username, email: RegisterBody.fields.email });

/** `courts admin create`: checked before the password is asked for. */
export const createAdminCommand = async (cli: Cli, command: Command): Promise<void> => {
  const options = command.opts<CreateAdminOptions>();
  const identity = decodeOptions(AdminIdentity, { username: options.username, email: options.email }, {
    username: "--username",
    email: "--email",
  });
  await cli.config(command);
  const password = await readNewPassword({ passwordStdin: options.passwordStdin === true }, cli.io.stdin, cli.io.stderr);
  await cli.withRuntime(command, async ({ ports }) => {
    const user = await runUseCase(createAdmin(ports, { ...identity, password }));
    if (cli.json(command)) return cli.printJson({ ...presentUser(user), isAdmin: user.isAdmin });
    cli.print(`Administrador '${user.username}' (${user.email}) creado: ya puede entrar en /admin/login.`);
  });
};
