import { inOneTurn } from "@courts/adapters/limit";
import { describe, expect, it } from "vitest";

/** The reads asked in one turn of the event loop go together (catalog-queries.sql.ts, PostgreSQL availability). */
describe("inOneTurn", () => {
  const recording = () => {
    const runs: number[][] = [];
    const ask = inOneTurn<number, string>(3, async (asked) => {
      runs.push([...asked]);
      return asked.map((n) => `#${n}`);
    });
    return { runs, ask };
  };

  it("when calls are made in one turn, then they are answered by runs of at most `max`, in order, each with its own answer", async () => {
    const { runs, ask } = recording();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(ask));
    expect(answers).toEqual(["#1", "#2", "#3", "#4", "#5"]);
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("when calls are made in different turns, then each turn has its own run", async () => {
    const { runs, ask } = recording();
    const first = ask(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = ask(2);
    expect(await Promise.all([first, second])).toEqual(["#1", "#2"]);
    expect(runs).toEqual([[1], [2]]);
  });

  it("when a run fails, then every call it carried fails with its error and the calls of other runs are answered", async () => {
    const ask = inOneTurn<number, number>(2, async (asked) => {
      if (asked.includes(3)) throw new Error("sin conexión");
      return asked.map((n) => n * 10);
    });
    const settled = await Promise.allSettled([1, 2, 3, 4].map(ask));
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([10, 20, "sin conexión", "sin conexión"]);
  });
});
