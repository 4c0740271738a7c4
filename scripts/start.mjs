// `npm start`: builds what is missing or stale, then runs the compiled server.
// - TypeScript (core + adapters) with `tsc -b` when adapters/dist/main.js is missing or older
//   than any source file of core or adapters;
// - the web app with vite when WEB_DIST is not set and web/dist is missing or older than what it
//   is built from (scripts/web-build.mjs: web/ and core/src, after a pull or an edit); a failed
//   web build is reported and the API is served anyway. Always a production build: with another
//   NODE_ENV in the shell, vite would bundle React's development runtime.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { newestMtime, webBuildIsStale } from "./web-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverEntry = path.join(root, "adapters", "dist", "main.js");
// tsc -b rewrites only changed outputs, but always its build info
const buildInfo = path.join(root, "adapters", "dist", ".tsbuildinfo");
const webIndex = path.join(root, "web", "dist", "index.html");

const say = (message) => process.stderr.write(`[start] ${message}\n`);

const run = (label, command, args, cwd = root, env = process.env) => {
  say(`${label}...`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"], env });
  const ok = result.status === 0;
  say(`${label}: ${ok ? "listo" : "falló"} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
};

const serverIsStale = () => {
  if (!existsSync(serverEntry) || !existsSync(buildInfo)) return true;
  const built = statSync(buildInfo).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, "core", "src")),
    newestMtime(path.join(root, "adapters", "src")),
    statSync(path.join(root, "adapters", "package.json")).mtimeMs,
  );
  return sources > built;
};

if (serverIsStale()) {
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  if (!run("Compilando el servidor (tsc -b adapters)", process.execPath, [tsc, "-b", path.join(root, "adapters")])) {
    say("No se pudo compilar el servidor. Revisa los errores de arriba.");
    process.exit(1);
  }
}

// WEB_DIST points the server at a web build made elsewhere: nothing to build here then.
if (!process.env.WEB_DIST?.trim() && webBuildIsStale(root)) {
  const vite = path.join(root, "node_modules", "vite", "bin", "vite.js");
  if (existsSync(webIndex)) say("La web compilada es anterior a sus fuentes (web/ o core/src): se compila de nuevo.");
  if (!existsSync(vite) || !run("Compilando la web (vite build)", process.execPath, [vite, "build"], path.join(root, "web"), { ...process.env, NODE_ENV: "production" })) {
    // vite writes nothing when the build fails: an earlier build, if any, is still in web/dist
    say(
      existsSync(webIndex)
        ? "La web no se pudo compilar: se sirve la compilación anterior, que no refleja los últimos cambios."
        : "La web no se pudo compilar: se sirve solo la API (la raíz muestra un aviso).",
    );
  }
}

await import(pathToFileURL(serverEntry).href);
