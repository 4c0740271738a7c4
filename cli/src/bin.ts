import { run } from "./main.js";

// `courts booking list | head -3`: once the reader has what it wants and closes the pipe, the
// rest of the output has no one to read it. The command still finishes its work and exits with
// its own code; only the writing stops (no stack trace for an EPIPE on the operator's screen).
// The same for standard error (`courts ... 2>&1 | head -1`).
const readerGone = (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") return;
  throw error;
};
process.stdout.on("error", readerGone);
process.stderr.on("error", readerGone);

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
