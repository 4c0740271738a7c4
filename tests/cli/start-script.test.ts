import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WEB_BUILD_INPUTS, webBuildIsStale } from "../../scripts/web-build.mjs";

// `npm start` (scripts/start.mjs) decides what to compile before serving. Here it runs for real in a
// folder laid out like the repository, where the compilers are stand-ins that log their call and
// write what the real ones write, and the server is one that logs its start and exits: what is
// tested is the decision, in seconds, not vite's build.

const SCRIPTS = fileURLToPath(new URL("../../scripts/", import.meta.url));

let root: string;
const file = (relative: string, text = "") => {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
};
/**
 * Now on the files' clock: the modification time the kernel gives a file written this instant.
 * Not Date.now(): under a moved clock (libfaketime, npm run test:dates) it can be days away from
 * the times written files get, and the rule compares files with files.
 */
const filesNow = () => statSync(file(".now")).mtimeMs;
/** sets a file's modification time, `secondsAgo` before a file written now */
const age = (relative: string, secondsAgo: number) => {
  const when = new Date(filesNow() - secondsAgo * 1000);
  utimesSync(path.join(root, relative), when, when);
};
const calls = () => (existsSync(path.join(root, "calls.log")) ? readFileSync(path.join(root, "calls.log"), "utf8").trim().split("\n") : []);

const start = (env: Record<string, string> = {}) => {
  rmSync(path.join(root, "calls.log"), { force: true });
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return { calls: calls(), stderr: result.stderr };
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "courts-start-"));
  for (const name of ["start.mjs", "web-build.mjs"]) {
    mkdirSync(path.join(root, "scripts"), { recursive: true });
    copyFileSync(path.join(SCRIPTS, name), path.join(root, "scripts", name));
  }
  const log = (what: string) => `import { appendFileSync } from "node:fs"; appendFileSync(${JSON.stringify(path.join(root, "calls.log"))}, ${JSON.stringify(what)} + "\\n");`;
  file(
    "node_modules/typescript/bin/tsc",
    `${log("tsc")}\nimport { mkdirSync, writeFileSync } from "node:fs";\nmkdirSync(${JSON.stringify(path.join(root, "adapters/dist"))}, { recursive: true });\nwriteFileSync(${JSON.stringify(path.join(root, "adapters/dist/.tsbuildinfo"))}, "{}");\n`,
  );
  file(
    "node_modules/vite/bin/vite.js",
    `${log("vite")}\nif (process.env.VITE_STAND_IN_FAILS) process.exit(1);\nimport { mkdirSync, writeFileSync } from "node:fs";\nmkdirSync("dist", { recursive: true });\nwriteFileSync("dist/index.html", "<!doctype html>" + process.env.NODE_ENV);\n`,
  );
  file("adapters/dist/main.js", log("server"));
  file("adapters/package.json", "{}");
  file("adapters/src/main.ts");
  file("core/src/index.ts");
  file("web/src/main.tsx");
  file("web/index.html");
  file("web/vite.config.ts");
  file("web/package.json", "{}");
  file("package-lock.json", "{}");
  for (const source of ["adapters/package.json", "adapters/src/main.ts", "core/src/index.ts", "web/src/main.tsx", "web/index.html", "web/vite.config.ts", "web/package.json", "package-lock.json"]) {
    age(source, 3600);
  }
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's web build", () => {
  it("builds the web when web/dist is missing, in production, and not again while nothing changed", () => {
    const first = start({ NODE_ENV: "development" });
    expect(first.calls).toEqual(["tsc", "vite", "server"]);
    expect(readFileSync(path.join(root, "web/dist/index.html"), "utf8")).toContain("production");

    expect(start().calls).toEqual(["server"]);
  });

  it.each(["core/src/index.ts", "web/src/main.tsx", "web/vite.config.ts", "package-lock.json"])(
    "builds the web again when %s changed after web/dist was built (a pull, an edit)",
    (changed) => {
      start();
      age("web/dist/index.html", 60);
      age("adapters/dist/.tsbuildinfo", 60);
      expect(start().calls).toEqual(["server"]);

      writeFileSync(path.join(root, changed), "// changed\n");
      const again = start();
      expect(again.calls).toContain("vite");
      expect(again.stderr).toContain("La web compilada es anterior a sus fuentes");
      expect(start().calls).toEqual(["server"]);
    },
  );

  it("a new file in web/src counts as a change", () => {
    start();
    age("web/dist/index.html", 60);
    file("web/src/features/new-screen.tsx", "export {};\n");
    expect(start().calls).toEqual(["vite", "server"]);
  });

  it("when the web does not compile, the server still starts and says whether an earlier build is served", () => {
    const none = start({ VITE_STAND_IN_FAILS: "1" });
    expect(none.calls).toEqual(["tsc", "vite", "server"]);
    expect(none.stderr).toContain("La web no se pudo compilar: se sirve solo la API");

    start();
    age("web/dist/index.html", 60);
    writeFileSync(path.join(root, "web/src/main.tsx"), "const = ;\n");
    const stale = start({ VITE_STAND_IN_FAILS: "1" });
    expect(stale.calls).toEqual(["vite", "server"]);
    expect(stale.stderr).toContain("se sirve la compilación anterior, que no refleja los últimos cambios");
  });

  it("never builds when WEB_DIST points at a build made elsewhere, stale or missing", () => {
    expect(start({ WEB_DIST: path.join(root, "elsewhere") }).calls).toEqual(["tsc", "server"]);
    expect(existsSync(path.join(root, "web/dist"))).toBe(false);
  });
});

describe("the rule itself (scripts/web-build.mjs)", () => {
  it("names every input of the real web build, core's sources among them", () => {
    const repository = fileURLToPath(new URL("../../", import.meta.url));
    for (const input of WEB_BUILD_INPUTS) expect(existsSync(path.join(repository, input)), input).toBe(true);
    expect(WEB_BUILD_INPUTS).toContain("core/src");
  });

  it("is stale without index.html, fresh when every input is older, stale when one is newer", () => {
    expect(webBuildIsStale(root)).toBe(true);
    file("web/dist/index.html");
    age("web/dist/index.html", 60);
    expect(webBuildIsStale(root)).toBe(false);
    age("core/src/index.ts", 30);
    expect(webBuildIsStale(root)).toBe(true);
    expect(webBuildIsStale(root, path.join(root, "other-dist"))).toBe(true);
  });
});
