import { run } from "./main.js";

const { exitCode, keepAlive } = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
process.exitCode = exitCode;
// The database is closed by now; a handle someone forgot (a pool timer, a worker) must not keep
// an operator's shell waiting. The server (`courts serve`) is the one command that stays.
if (!keepAlive) setTimeout(() => process.exit(exitCode), 1_000).unref();
