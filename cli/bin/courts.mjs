#!/usr/bin/env node
// The `courts` binary. Runs the compiled CLI (cli/dist) when it is newer than every source it
// is built from (core, adapters, cli); otherwise runs the TypeScript sources through tsx with the
// "source" export condition, so a fresh clone works right after `npm install`, without a build.
import { readdirSync, statSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const cliRoot = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = path.resolve(cliRoot, "..");
const PACKAGES = ["core", "adapters", "cli"];

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/** Newest modification time of the .ts sources under `dir` (0 when there are none). */
const newestSource = (dir) => {
  let newest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith(".ts")) newest = Math.max(newest, mtime(full));
  }
  return newest;
};

// `tsc -b` rewrites (or touches) dist/.tsbuildinfo on every build that saw a change.
const distIsFresh = () =>
  mtime(path.join(cliRoot, "dist", "bin.js")) > 0 &&
  PACKAGES.every((name) => {
    const built = mtime(path.join(repoRoot, name, "dist", ".tsbuildinfo"));
    return built > 0 && newestSource(path.join(repoRoot, name, "src")) <= built;
  });

if (distIsFresh()) {
  await import(pathToFileURL(path.join(cliRoot, "dist", "bin.js")).href);
} else {
  let tsx;
  try {
    tsx = await import("tsx/esm/api");
  } catch {
    process.stderr.write("Error: la CLI no está compilada y falta tsx: ejecuta `npm install` (o `npm run build`) en la raíz del repositorio\n");
    process.exit(1);
  }
  tsx.register();
  // Registered after tsx, so it runs first: workspace packages resolve to ./src/*.ts ("source").
  register(
    "data:text/javascript,export async function resolve(specifier, context, next) {" +
      " return next(specifier, { ...context, conditions: [...context.conditions, 'source'] }); }",
  );
  await import(pathToFileURL(path.join(cliRoot, "src", "bin.ts")).href);
}
