export { run, usageMessage, type RunResult } from "./main.js";
export { buildProgram } from "./program.js";
export { Cli, type Io } from "./support/context.js";
export { CliError } from "./support/failures.js";
