import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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

describe("dependency boundaries", () => {
  it("when core is scanned, then it imports nothing but effect and itself", () => {
    const offenders = sourceFiles(join(root, "core/src")).flatMap((file) =>
      importsOf(file)
        .filter((spec) => !spec.startsWith(".") && spec !== "effect")
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
