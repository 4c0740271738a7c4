import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// bulletproof-react boundaries (STYLE.md): features never import each other, shared layers
// (components, lib, types, config) never import features or the app, and the web never
// imports the server's adapters.
const SRC = dirname(fileURLToPath(import.meta.url));

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const imports = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);

const area = (file: string) => {
  const parts = relative(SRC, file).split(sep);
  return parts[0] === "features" ? `features/${parts[1]}` : (parts[0] ?? "");
};

describe("web import boundaries", () => {
  const all = files(SRC).filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes(`${sep}testing${sep}`));

  it("when a feature imports, then never another feature nor the app", () => {
    const offenders = all.flatMap((file) => {
      const from = area(file);
      return imports(file)
        .filter((spec) => spec.startsWith("."))
        .map((spec) => area(resolve(dirname(file), spec)))
        .filter((to) => (from.startsWith("features/") || ["components", "lib", "types", "config"].includes(from)) && to !== from)
        .filter((to) => to.startsWith("features/") || to === "app")
        .map((to) => `${relative(SRC, file)} -> ${to}`);
    });
    expect(offenders).toEqual([]);
  });

  it("when anything imports a package, then never the server adapters", () => {
    const offenders = all.filter((file) => imports(file).some((spec) => spec.startsWith("@courts/adapters")));
    expect(offenders).toEqual([]);
  });

  it("when a module uses the Stripe SDK, then it is the lazily loaded card form only", () => {
    const users = all.filter((file) => imports(file).some((spec) => spec.startsWith("@stripe/")));
    expect(users.map((f) => relative(SRC, f))).toEqual([join("features", "payments", "components", "stripe-card-form.tsx")]);
  });

  it("when a module uses the chart library, then it is the report screen's lazily loaded bar chart only", () => {
    const users = all.filter((file) => imports(file).some((spec) => spec === "chart.js" || spec.startsWith("chart.js/") || spec === "react-chartjs-2"));
    expect(users.map((f) => relative(SRC, f))).toEqual([join("features", "reports", "components", "bar-chart.tsx")]);
  });
});
