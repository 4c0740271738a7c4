import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "dist" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

const IMPORT = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? "");

/**
 * Where an import of `file` points inside the repository ("adapters/src/sql/x.js"), for relative
 * imports and for workspace packages' subpath exports (`@courts/adapters/sql/index` is
 * adapters/src/sql/index); the bare specifier otherwise.
 */
const targetOf = (file: string, spec: string): string => {
  if (spec.startsWith(".")) return relative(root, resolve(dirname(file), spec));
  const pkg = /^@courts\/(core|adapters|cli|web)(?:\/(.*))?$/.exec(spec);
  if (pkg) return pkg[2] === undefined ? `${pkg[1]}/src/index` : `${pkg[1]}/src/${pkg[2]}`;
  return spec;
};

const offendersOf = (dir: string, forbidden: string) =>
  sourceFiles(join(root, dir)).flatMap((file) =>
    importsOf(file)
      .filter((spec) => targetOf(file, spec).startsWith(forbidden))
      .map((spec) => `${relative(root, file)} -> ${spec}`),
  );

/**
 * The import cycles among the files of `dir` (one level, relative imports only, type imports
 * included), each as the chain of files that closes it: empty when the graph has none.
 */
const cyclesIn = (dir: string, graph: ReadonlyMap<string, readonly string[]> = importGraphOf(dir)): string[][] => {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (node: string, path: string[]) => {
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, [node]);
  return cycles;
};

const importGraphOf = (dir: string): Map<string, string[]> => {
  const files = readdirSync(join(root, dir)).filter((name) => name.endsWith(".ts"));
  const names = new Set(files.map((name) => name.replace(/\.ts$/, "")));
  return new Map(
    files.map((name) => [
      name.replace(/\.ts$/, ""),
      importsOf(join(root, dir, name))
        .filter((spec) => spec.startsWith("./"))
        .map((spec) => spec.slice(2).replace(/\.js$/, ""))
        .filter((target) => names.has(target) && target !== "index"),
    ]),
  );
};

describe("dependency boundaries", () => {
  it("when core's use cases are scanned, then no file imports another that imports it back, however far round", () => {
    expect(cyclesIn("core/src/use-cases").map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("when a graph has a cycle, then the scan names it (the check above can fail)", () => {
    const graph = new Map([
      ["bookings", ["holds"]],
      ["holds", ["payments"]],
      ["payments", ["bookings", "support"]],
      ["support", []],
    ]);
    expect(cyclesIn("unused", graph)).toEqual([["bookings", "holds", "payments", "bookings"]]);
  });

  it("when the HTTP adapter is scanned, then it never imports the SQL adapter: routes call use cases", () => {
    expect(offendersOf("adapters/src/http", "adapters/src/sql/")).toEqual([]);
  });

  it("when the CLI is scanned, then it never imports the HTTP adapter: its JSON shapes come from core's contract", () => {
    expect(offendersOf("cli/src", "adapters/src/http/")).toEqual([]);
  });

  it("when an import reaches another folder, then the scanner resolves it (the checks above can fail)", () => {
    const route = join(root, "adapters/src/http/routes/x.ts");
    expect(targetOf(route, "../../sql/json-reads.sql.js")).toBe("adapters/src/sql/json-reads.sql.js");
    expect(targetOf(join(root, "cli/src/commands/x.ts"), "@courts/adapters/http/presenters")).toBe("adapters/src/http/presenters");
  });

  it("when core is scanned, then it imports nothing but effect, the phone-number rules and itself", () => {
    const offenders = sourceFiles(join(root, "core/src")).flatMap((file) =>
      importsOf(file)
        // effect's modules one by one ("effect/Effect"), or its index; libphonenumber-js's metadata
        // is pure data and functions (no I/O), and a phone's validity is a rule of the domain
        .filter((spec) => !spec.startsWith(".") && spec !== "effect" && !/^effect\/[A-Za-z]+$/.test(spec) && spec !== "libphonenumber-js/min")
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("when web is scanned, then it never imports the adapters", () => {
    const offenders = sourceFiles(join(root, "web/src")).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith("@courts/adapters") || spec.includes("/adapters/"))
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("when the scanner reads an import, then it sees it (the check itself can fail)", () => {
    expect(importsOf(join(root, "tests/boundaries.test.ts"))).toContain("node:fs");
  });
});
