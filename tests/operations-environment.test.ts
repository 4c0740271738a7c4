import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/OPERATIONS.md's environment table is the operator's list of settings: every variable the
 * server reads (adapters/src/config.ts) is in it, and nothing else is, so a new setting cannot
 * ship undocumented.
 */
const read = (relative: string) => readFileSync(fileURLToPath(new URL(`../${relative}`, import.meta.url)), "utf8");

/** The names config.ts reads: text("X"), integer("X", ...), decimal("X", ...), flag("X"), field("X", ...) and env.X. */
const readByConfig = (): Set<string> => {
  const source = read("adapters/src/config.ts");
  const names = new Set<string>();
  for (const m of source.matchAll(/\b(?:text|integer|decimal|flag|field)\("([A-Z][A-Z0-9_]*)"/g)) names.add(m[1]!);
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]!);
  return names;
};

/** The names in the first column of the table under "## Environment". */
const documented = (): Set<string> => {
  const doc = read("docs/OPERATIONS.md");
  const section = doc.slice(doc.indexOf("## Environment"));
  const names = new Set<string>();
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const first = line.split("|")[1] ?? "";
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1]!);
  }
  return names;
};

describe("docs/OPERATIONS.md's environment table", () => {
  it("when config.ts reads a variable, then the table names it", () => {
    const read = readByConfig();
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !documented().has(name)).sort()).toEqual([]);
  });

  it("when the table names a variable, then the server or npm start reads it", () => {
    const readElsewhere = ["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "UV_THREADPOOL_SIZE", "BENCH_BARE_ROUTE"];
    const known = new Set([...readByConfig(), ...readElsewhere]);
    expect([...documented()].filter((name) => !known.has(name)).sort()).toEqual([]);
  });
});
