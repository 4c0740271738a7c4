import { loadConfig } from "@courts/adapters";
import { configBase, configProblems } from "../support/config-problems.js";
import { describe, expect, it } from "vitest";

/** TAX_RATE_PERCENT (DESIGN.md section 14): validated at start like every other setting. */

const base = configBase("/tmp/courts-invoice-config-test");
const problems = (env: Record<string, string>) => configProblems({ ...base, ...env });

describe("TAX_RATE_PERCENT", () => {
  it("without it, no tax", () => {
    expect(loadConfig(base, { persistSecret: false }).taxRate).toBe(0);
  });

  it.each([
    ["15", 1500],
    ["12.5", 1250],
    [" 12.25 ", 1225],
    ["0", 0],
    ["100", 10_000],
  ])("'%s' is read as %i basis points", (raw, rate) => {
    expect(loadConfig({ ...base, TAX_RATE_PERCENT: raw }, { persistSecret: false }).taxRate).toBe(rate);
  });

  it.each(["15%", "12,5", "12.345", "-5", "100.5", "abc", "1e2"])("'%s' is refused with a clear Spanish problem that names what it wants", (raw) => {
    expect(problems({ TAX_RATE_PERCENT: raw })).toEqual([
      `TAX_RATE_PERCENT debe ser un porcentaje entre 0 y 100 con hasta 2 decimales y punto decimal, p. ej. 15 o 12.5 (recibido "${raw}")`,
    ]);
  });

  it("is reported with the other bad settings, all at once", () => {
    expect(problems({ TAX_RATE_PERCENT: "IVA", CLUB_NAME: "x".repeat(61) })).toHaveLength(2);
  });
});
