import { spawn } from "node:child_process";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { run } from "../../../cli/src/main.js";
import { captureStream } from "../../support/capture-stream.js";

/** The real binary, as `npx courts` runs it. */
export const COURTS_BIN = fileURLToPath(new URL("../../../cli/bin/courts.mjs", import.meta.url));

export interface CourtsResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Server settings of the developer's shell that would change what the CLI does. */
const FOREIGN = /^(DATABASE_URL|DATA_DIR|ADMIN_|STRIPE_|COURTS_TIMEZONE|SEED_DEMO|NODE_OPTIONS)/;

const baseEnv = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !FOREIGN.test(name)) env[name] = value;
  return env;
};

/** Runs `courts <args>` as a child process with stdin closed (or fed `input`), and collects its output. */
export const runCourts = (
  args: readonly string[],
  options: {
    readonly env?: Readonly<Record<string, string>>;
    readonly input?: string;
    /** closes the reading end of stdout at once, as `courts ... | head -1` does once it has its line */
    readonly readerGone?: boolean;
  } = {},
): Promise<CourtsResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [COURTS_BIN, ...args], {
      env: { ...baseEnv(), COURTS_TIMEZONE: "America/Guayaquil", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    if (options.readerGone) child.stdout.destroy();
    else child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });

/**
 * Runs `courts <args>` in this process, through the same `run` the binary calls with the
 * process's streams (cli/src/bin.ts), with the binary's environment and stdin closed (or fed
 * `input`). A command then costs its own work, not a Node process loading every module again
 * (0.6-3 s a command on 2 cores, by the machine's hour). What only a process has (its exit on a
 * closed pipe, the real environment) is left to `runCourts`.
 */
export const runCourtsHere = async (
  args: readonly string[],
  options: { readonly env?: Readonly<Record<string, string>>; readonly input?: string } = {},
): Promise<CourtsResult> => {
  // a server would outlive the call, print past the captured streams and take the worker's signals
  if (args.includes("serve")) throw new Error("runCourtsHere cannot run `courts serve`: use runCourts, which starts a process");
  const stdout = captureStream();
  const stderr = captureStream();
  const stdin = Readable.from(options.input === undefined || options.input === "" ? [] : [Buffer.from(options.input)]) as unknown as NodeJS.ReadStream;
  const { exitCode } = await run(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin,
    env: { ...baseEnv(), COURTS_TIMEZONE: "America/Guayaquil", ...options.env },
  });
  return { code: exitCode, stdout: stdout.text(), stderr: stderr.text() };
};

/** The stdout of a `--json` run, parsed; fails the test with the stderr when the run failed. */
export const json = <T>(result: CourtsResult): T => {
  if (result.code !== 0) throw new Error(`courts terminó con ${String(result.code)}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
};
