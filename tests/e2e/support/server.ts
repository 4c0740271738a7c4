import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { webBuildIsStale } from "../../../scripts/web-build.mjs";
import { freePort } from "../../support/free-port.js";

/**
 * The real server as `npm start` runs it (`node scripts/start.mjs`: compiles what is stale, then
 * the compiled adapters/dist/main.js in the same process; without the start script's memory
 * settings, which change no behaviour), on a free port, a temporary SQLite database and a known
 * admin account.
 */

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const WEB = path.join(ROOT, "web");
const WEB_DIST = path.join(WEB, "dist");
const WEB_INDEX = path.join(WEB_DIST, "index.html");

const say = (message: string) => process.stderr.write(`[e2e] ${message}\n`);

export interface WebBuild {
  /** WEB_DIST for the server: the repository's web/dist, or a build of the current sources */
  readonly webDist: string;
  readonly cleanup: () => void;
}

/**
 * The environment of a web build: production, whatever runs the tests. Under vitest NODE_ENV is
 * "test", and vite then builds React's development runtime (jsxDEV, a 431 KB react chunk
 * instead of 219 KB) into web/dist, which `npm start` would later serve as it is.
 */
const PRODUCTION_BUILD = { ...process.env, NODE_ENV: "production" };

/**
 * web/dist, built with `npm run build -w @courts/web` when it is missing (a fresh clone). The
 * browser files' global setup (web-build.setup.ts) asks for it once before any file starts, so two
 * files running at once never build into the same folder.
 */
const buildWebWhenMissing = (): void => {
  if (existsSync(WEB_INDEX)) return;
  say("web/dist no existe: npm run build -w @courts/web");
  const result = spawnSync("npm", ["run", "build", "-w", "@courts/web"], { cwd: ROOT, env: PRODUCTION_BUILD, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0 || !existsSync(WEB_INDEX)) throw new Error("npm run build -w @courts/web failed");
};

/**
 * The web app to serve. web/dist is built with `npm run build -w @courts/web` when missing. When
 * it is older than what it is built from (scripts/web-build.mjs, the rule `npm start` follows:
 * someone is editing web/ or core/src), a fresh build goes to a temporary folder instead, so the
 * suite tests the current code without rewriting a dist folder another process may be serving or
 * building. Either way the server is given its folder as WEB_DIST, so its start script never
 * builds into web/dist itself.
 */
export const ensureWebBuild = (): WebBuild => {
  if (!existsSync(WEB_INDEX)) buildWebWhenMissing();
  if (!webBuildIsStale(ROOT)) return { webDist: WEB_DIST, cleanup: () => undefined };
  const outDir = mkdtempSync(path.join(tmpdir(), "courts-e2e-web-"));
  say(`web/dist is older than its sources: building them into ${outDir}`);
  const vite = path.join(ROOT, "node_modules", "vite", "bin", "vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], {
    cwd: WEB,
    env: PRODUCTION_BUILD,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0 || !existsSync(path.join(outDir, "index.html"))) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error("vite build of the current web sources failed");
  }
  return { webDist: outDir, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
};

export interface E2EServer {
  readonly baseUrl: string;
  readonly admin: { readonly username: string; readonly password: string };
  /** where its SQLite file lives (pass it back as `dataDir` to restart on the same data) */
  readonly dataDir: string;
  /** the server's recent output, for failure messages */
  readonly output: () => string;
  stop(): Promise<void>;
}

// Variables of the developer's shell that would point the server somewhere else.
const INHERITED = /^(DATABASE_URL|ADMIN_|STRIPE_|SESSION_SECRET|PUBLIC_URL|COOKIE_SECURE|TRUST_PROXY|PORT|HOST|DATA_DIR|WEB_DIST|NODE_ENV|SEED_DEMO|LOG_LEVEL|COURTS_TIMEZONE|VITEST)/;

/** libfaketime, preloaded into the server's own process (Debian's faketime package) */
export const FAKETIME_LIB = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

/** Environment that runs a server's clock `offset` ahead ("+3600s"), or as a file says (libfaketime re-reads it). */
export const fakeClockEnv = (offset: string): Record<string, string> => ({ LD_PRELOAD: FAKETIME_LIB, FAKETIME: offset });

export const startServer = async (options: {
  name: string;
  webDist?: string | undefined;
  env?: Record<string, string>;
  /** an earlier server's data folder, kept at stop: a restart on the same database */
  dataDir?: string;
}): Promise<E2EServer> => {
  const keepDir = options.dataDir !== undefined;
  const dir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), `courts-e2e-${options.name}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { username: "e2e-admin", password: `e2e-${randomBytes(9).toString("base64url")}` };
  const env: Record<string, string> = {
    ...(Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !INHERITED.test(k))) as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${path.join(dir, "e2e.sqlite")}`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: "warn",
    // a file's journeys register more players from 127.0.0.1 than an hour's allowance of one address
    REGISTER_RATE_LIMIT: "1000",
    // the repository's web/dist unless told otherwise: start.mjs never builds the web then, so two
    // browser files starting servers at once never write into the same folder
    WEB_DIST: options.webDist ?? WEB_DIST,
    ...options.env,
  };
  // node is the child itself, so stop() signals the server (a wrapper such as the `faketime`
  // program forks it and dies on SIGTERM, leaving the server running): move a server's clock
  // with fakeClockEnv instead
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // start.mjs imports the server into its own process: SIGTERM reaches the server itself
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepDir) rmSync(dir, { recursive: true, force: true });
  };

  // The first start may compile the server (tsc -b): allow for it.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the ${options.name} server exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/config`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${options.name} server did not answer on ${baseUrl} within 180 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { baseUrl, admin, dataDir: dir, output: () => log, stop };
};
