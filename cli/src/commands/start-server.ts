import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import type { Cli } from "../support/context.js";
import { parseWholeNumber } from "../support/decode.js";

/** `npm start`'s script: builds the server and the web when missing or stale, then serves. */
const START_SCRIPT = fileURLToPath(new URL("../../../scripts/start.mjs", import.meta.url));

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** `courts serve`: exactly what `npm start` runs, with --database-url, --port and --host applied. */
export const startServerCommand = async (cli: Cli, command: Command): Promise<void> => {
  const options = command.opts<{ port?: string; host?: string }>();
  const env = { ...cli.env(command) };
  if (options.port !== undefined) env.PORT = String(parseWholeNumber(options.port, "--port", 0, 65535));
  if (options.host !== undefined) env.HOST = options.host;
  // a bad configuration fails here, in one Spanish line, rather than in the server's log
  await cli.config(command, env);

  if (!existsSync(START_SCRIPT)) {
    // installed without the repository's scripts: the server module starts itself when loaded
    for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
    cli.keepAlive = true;
    await import("@courts/adapters/main");
    return;
  }
  const child = spawn(process.execPath, [START_SCRIPT], { stdio: "inherit", env });
  // the server shuts down gracefully on these; the CLI waits for it
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of SIGNALS) process.on(signal, forward);
  cli.exitCode = await new Promise<number>((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal === null ? 1 : 128 + (signal === "SIGINT" ? 2 : 15))));
  });
  for (const signal of SIGNALS) process.off(signal, forward);
};
