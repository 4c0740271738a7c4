import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { START_SCRIPT } from "../bench/server-process.js";
import { freePort } from "../support/free-port.js";

/**
 * package.json's start script as npm runs it (`sh -c`; it execs `node scripts/start.mjs` with the
 * server's memory settings, so the child is the server itself), in production mode, on an
 * empty data folder: it builds what is stale, migrates, seeds, prints the admin banner once,
 * serves the web and the API, and stops cleanly on SIGTERM.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const INDEX = "<!doctype html><title>Canchas de prueba</title>";

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly errors: () => string;
  readonly exited: Promise<number | null>;
}

/** The node flags and environment of a running process, from /proc. */
const processSettings = (pid: number) => ({
  args: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"),
  env: readFileSync(`/proc/${pid}/environ`, "utf8").split("\0"),
});

const start = (env: Record<string, string>): Started => {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|ADMIN_|STRIPE_|SESSION_SECRET|PUBLIC_URL|COOKIE_SECURE|PORT|DATA_DIR|WEB_DIST|NODE_ENV|VITEST|MALLOC_)/.test(k)),
  ) as Record<string, string>;
  const child = spawn("sh", ["-c", START_SCRIPT], { cwd: ROOT, env: { ...clean, PATH: path.dirname(process.execPath) + path.delimiter + (process.env.PATH ?? ""), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => out, errors: () => err, exited };
};

const waitFor = async (started: Started, pattern: RegExp, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (pattern.test(started.output())) return;
    if (started.child.exitCode !== null) throw new Error(`exited ${started.child.exitCode}\n${started.output()}\n${started.errors()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${pattern}\n${started.output()}\n${started.errors()}`);
};

describe("npm start (scripts/start.mjs)", () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "courts-start-"));
    const web = path.join(dir, "web");
    mkdirSync(web);
    writeFileSync(path.join(web, "index.html"), INDEX);
    env = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(20) + "-prueba-de-arranque-0123456789",
      DATA_DIR: path.join(dir, "data"),
      WEB_DIST: web,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
    };
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("when started on an empty data folder, then it serves the web and the demo venues and prints the admin password once", async () => {
    const port = await freePort();
    const first = start({ ...env, PORT: String(port) });
    try {
      await waitFor(first, /Servidor listo/, 150_000);
      // the server runs with the start script's process settings (README, Performance: Process settings)
      const settings = processSettings(first.child.pid!);
      expect(settings.args).toContain("--max-semi-space-size=8");
      expect(settings.args.at(-2)).toBe("scripts/start.mjs");
      expect(settings.env).toContain("MALLOC_ARENA_MAX=2");
      expect(settings.env).toContain("MALLOC_MMAP_THRESHOLD_=262144");
      expect(settings.env).toContain("MALLOC_TRIM_THRESHOLD_=1048576");
      expect(settings.env).toContain("UV_THREADPOOL_SIZE=32");
      // libuv started its 32 worker threads (SQLite's writes queue on them), beside the main thread and V8's
      expect(readdirSync(`/proc/${first.child.pid!}/task`).length).toBeGreaterThan(32);
      const base = `http://127.0.0.1:${port}`;
      const guest = new Client(base);
      const home = await guest.get("/");
      expect(home.status).toBe(200);
      expect(home.text).toBe(INDEX);
      const venues = await guest.get<{ name: string; courtCount: number; imageData: string | null }[]>("/api/venues");
      expect(venues.status).toBe(200);
      expect(venues.body).toHaveLength(3);
      for (const v of venues.body) {
        expect(v.courtCount).toBeGreaterThanOrEqual(4);
        expect(v.courtCount).toBeLessThanOrEqual(6);
        expect((await guest.get(`/api/images/${v.imageData}`)).headers.get("content-type")).toBe("image/png");
      }

      const banner = /Usuario:\s+(\S+)\s+\|?\s*\n\|?\s*Contraseña:\s+(\S+)/.exec(first.output());
      expect(banner, first.output()).not.toBeNull();
      const admin = await new Client(base).post("/api/admin/login", { username: banner![1], password: banner![2] });
      expect(admin.status).toBe(200);
      // JSON log lines with request ids (written in batches, within half a second), never the password
      await waitFor(first, /"reqId":"[0-9a-f-]{36}"/, 5_000);
      expect(first.output().split(banner![2]!).length).toBe(2);

      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);
    } finally {
      first.child.kill("SIGKILL");
    }

    // a second start on the same folder: no new admin, no second demo
    const port2 = await freePort();
    const second = start({ ...env, PORT: String(port2), MALLOC_ARENA_MAX: "4" });
    try {
      await waitFor(second, /Servidor listo/, 60_000);
      // an operator's own setting wins over the script's default
      expect(processSettings(second.child.pid!).env).toContain("MALLOC_ARENA_MAX=4");
      expect(second.output()).not.toContain("Contraseña:");
      expect((await new Client(`http://127.0.0.1:${port2}`).get<unknown[]>("/api/venues")).body).toHaveLength(3);
      second.child.kill("SIGINT");
      expect(await second.exited).toBe(0);
    } finally {
      second.child.kill("SIGKILL");
    }
  }, 240_000);

  it("when NODE_ENV=production has no SESSION_SECRET, then it refuses to start and says why", async () => {
    const { SESSION_SECRET: _omit, ...rest } = env;
    const bad = start({ ...rest, PORT: "0", COURTS_TIMEZONE: "Marte/Olimpo" });
    expect(await bad.exited).toBe(1);
    expect(bad.errors()).toContain("SESSION_SECRET es requerido con NODE_ENV=production");
    expect(bad.errors()).toContain("COURTS_TIMEZONE debe ser una zona horaria IANA");
  }, 240_000);
});
