import { CommanderError } from "commander";
import { buildProgram, commandPath, UsageError } from "./program.js";
import { Cli, type Io } from "./support/context.js";
import { CliError, EXIT_FAILURE, EXIT_USAGE } from "./support/failures.js";

export interface RunResult {
  readonly exitCode: number;
  /** true for `courts serve`: the server keeps the process alive */
  readonly keepAlive: boolean;
}

const quoted = (message: string) => [...message.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? "");

/** commander's usage errors, in Spanish. */
export const usageMessage = (error: CommanderError): string => {
  const message = error.message.replace(/^error:\s*/, "");
  const [first = "", second = ""] = quoted(message);
  const suggestion = /\(Did you mean (.+?)\?\)/.exec(message)?.[1];
  const hint = suggestion ? ` (¿quisiste decir ${suggestion}?)` : "";
  switch (error.code) {
    case "commander.unknownOption":
      return `opción desconocida '${first}'${hint}`;
    case "commander.unknownCommand":
      return `comando desconocido '${first}'${hint}`;
    case "commander.missingArgument":
      return `falta el argumento <${first}>`;
    case "commander.optionMissingArgument":
      return `falta el valor de la opción ${first}`;
    case "commander.missingMandatoryOptionValue":
      return `falta la opción requerida ${first}`;
    case "commander.invalidArgument": {
      const choices = /Allowed choices are (.+)\.$/.exec(message)?.[1];
      return `valor '${second}' no válido para ${first}${choices ? `: usa ${choices.split(", ").join(" o ")}` : ""}`;
    }
    case "commander.excessArguments":
      return `sobran argumentos para '${first}'`;
    case "commander.conflictingOption":
      return `la opción ${first} no se puede usar junto con ${second}`;
    default:
      return message;
  }
};

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const stackOf = (error: unknown): string => {
  const parts: string[] = [];
  for (let e: unknown = error; e !== undefined && e !== null; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? (e.stack ?? e.message) : String(e));
    if (!(e instanceof Error)) break;
  }
  return parts.join("\nCausado por: ");
};

/**
 * Runs one command line. Never throws and never exits: it returns the exit code, so the binary
 * decides when the process ends (after the database is closed).
 */
export const run = async (argv: readonly string[], io: Io): Promise<RunResult> => {
  const cli = new Cli(io);
  const debug = argv.includes("--debug");
  const fail = (message: string, exitCode: number, error: unknown): RunResult => {
    io.stderr.write(`Error: ${message}\n`);
    if (debug) io.stderr.write(`${stackOf(error)}\n`);
    return { exitCode, keepAlive: false };
  };
  try {
    await buildProgram(cli).parseAsync([...argv], { from: "user" });
    return { exitCode: cli.exitCode, keepAlive: cli.keepAlive };
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return { exitCode: 0, keepAlive: false };
      // a command group run without its subcommand: commander already printed its help
      if (error.code === "commander.help") return { exitCode: EXIT_USAGE, keepAlive: false };
      const where = error instanceof UsageError ? commandPath(error.command) : "courts";
      return fail(`${usageMessage(error)} (ayuda: ${where} --help)`, EXIT_USAGE, error);
    }
    if (error instanceof CliError) return fail(error.message, error.exitCode, error);
    return fail(describe(error) || "error inesperado", EXIT_FAILURE, error);
  }
};
