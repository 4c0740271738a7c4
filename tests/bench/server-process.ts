import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../support/free-port.js";

/**
 * The real server (adapters' main) as a child process, for the benchmark and the scale-out test:
 * compiled (adapters/dist/main.js, what `npm start` runs) or from the TypeScript sources (tsx with
 * the "source" condition). Its pid is the server's own, so /proc/<pid>/status is its memory.
 */

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** USER_HZ of /proc/<pid>/stat on Linux */
const CLOCK_TICKS = 100;

/** Variables of the caller's environment that would change the server under test. */
const INHERITED_NOT = /^(DATABASE_URL|ADMIN_|STRIPE_|SESSION_SECRET|PUBLIC_URL|COOKIE_SECURE|TRUST_PROXY|PORT|HOST|DATA_DIR|WEB_DIST|NODE_ENV|LOG_LEVEL|SEED_DEMO|BENCH_|VITEST|COURTS_TIMEZONE|LOGIN_RATE_LIMIT|REGISTER_RATE_LIMIT)/;

/**
 * package.json's start script, and the process settings `npm start` gives the server, read from
 * it so the bench measures what production runs: node flags (`--max-semi-space-size=8`) and
 * environment defaults (`MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}`), which the caller's
 * environment overrides.
 * The reasons and the measurements are in the README (Performance, Memory).
 */
export const START_SCRIPT = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
export const START_SETTINGS = {
  nodeArgs: START_SCRIPT.split(/\s+/).filter((word) => word.startsWith("--")),
  env: Object.fromEntries([...START_SCRIPT.matchAll(/(\w+)=\$\{\1:-([^}]*)\}/g)].map((m) => [m[1]!, m[2]!])),
};

/** Compiles the server the way production runs it (`tsc -b adapters`); throws when it does not compile. */
export const buildServer = (say: (line: string) => void): void => {
  say("building the server (tsc -b adapters)");
  const built = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-b", path.join(ROOT, "adapters")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("tsc -b adapters failed");
};

export interface ServerOptions {
  /** compiled dist (default), the TypeScript sources through tsx, or the plain Fastify baseline (plain-fastify.mjs) */
  readonly entry?: "compiled" | "source" | "plain-fastify";
  readonly env: Readonly<Record<string, string>>;
  /** where stdout and stderr go; kept in memory (the last 64 KiB) when unset */
  readonly logFile?: string;
  /** answered 200 once the server is up (default /api/config) */
  readonly readyPath?: string;
  readonly readyTimeoutMs?: number;
  /** node flags before the entry (e.g. --cpu-prof, which NODE_OPTIONS refuses) */
  readonly nodeArgs?: readonly string[];
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  /** the captured output (or the log file's tail) */
  output(): string;
  /** resident set now and its peak (VmHWM) in MiB, from /proc/<pid>/status; null once gone */
  memory(): { rssMb: number; peakMb: number } | null;
  /** CPU time used so far (all threads, user + system), in seconds; null once gone */
  cpuSeconds(): number | null;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited */
  stop(graceMs?: number): Promise<void>;
}

export const startServer = async (options: ServerOptions): Promise<ServerProcess> => {
  const port = Number(options.env.PORT ?? (await freePort()));
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !INHERITED_NOT.test(k))) as Record<string, string>;
  const compiled = options.entry === undefined || options.entry === "compiled";
  const env = { ...(compiled ? START_SETTINGS.env : {}), ...clean, HOST: "127.0.0.1", ...options.env, PORT: String(port) };
  const args = [
    ...(compiled ? START_SETTINGS.nodeArgs : []),
    ...(options.nodeArgs ?? []),
    ...(options.entry === "source"
      ? ["--conditions=source", "--import", "tsx", path.join(ROOT, "adapters", "src", "main.ts")]
      : options.entry === "plain-fastify"
        ? [path.join(ROOT, "tests", "bench", "plain-fastify.mjs")]
        : [path.join(ROOT, "adapters", "dist", "main.js")]),
  ];

  let captured = "";
  let child: ChildProcess;
  if (options.logFile) {
    const fd = openSync(options.logFile, "a");
    child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", fd, fd] });
    closeSync(fd);
  } else {
    child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (chunk: Buffer) => {
      captured = (captured + chunk.toString()).slice(-65_536);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => {
    if (!options.logFile) return captured;
    try {
      return readFileSync(options.logFile, "utf8").slice(-65_536);
    } catch {
      return "";
    }
  };
  const pid = child.pid;
  if (pid === undefined) throw new Error("the server process did not start");

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    pid,
    child,
    exited,
    output,
    memory: () => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8");
        const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
        return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
      } catch {
        return null;
      }
    },
    cpuSeconds: () => {
      try {
        // after the command name in parentheses: fields 14 and 15 are utime and stime, in ticks
        const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      } catch {
        return null;
      }
    },
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  const readyPath = options.readyPath ?? "/api/config";
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    try {
      const answer = await fetch(`${url}${readyPath}`);
      await answer.arrayBuffer();
      if (answer.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop(1_000);
      throw new Error(`the server was not ready after ${options.readyTimeoutMs ?? 90_000} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
