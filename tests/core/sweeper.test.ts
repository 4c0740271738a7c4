import { describe, expect, it } from "vitest";
import { runSweep, startSweeper, type SweepStep } from "@courts/adapters/sweep/sweeper";

const quiet = { error: () => undefined };

describe("the sweep", () => {
  it("when a step fails, then the steps after it still run and the failure is reported", async () => {
    const ran: string[] = [];
    const steps: SweepStep[] = [
      { name: "first", run: async () => (ran.push("first"), 2) },
      { name: "broken", run: async () => { ran.push("broken"); throw new Error("proveedor caído"); } },
      { name: "last", run: async () => (ran.push("last"), 0) },
    ];
    const errors: string[] = [];
    const result = await runSweep(steps, { error: ({ step }) => errors.push(step) });
    expect(ran).toEqual(["first", "broken", "last"]);
    expect(result).toEqual({ first: 2, broken: { error: "proveedor caído" }, last: 0 });
    expect(errors).toEqual(["broken"]);
  });

  it("when started, then passes repeat, never overlap, and stop waits for the pass under way", async () => {
    let running = 0;
    let maxRunning = 0;
    let passes = 0;
    const slow: SweepStep = {
      name: "slow",
      run: async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((resolve) => setTimeout(resolve, 15));
        running--;
        passes++;
        return 1;
      },
    };
    const sweeper = startSweeper([slow], 5, quiet);
    await new Promise((resolve) => setTimeout(resolve, 120));
    await sweeper.stop();
    const afterStop = passes;
    expect(running).toBe(0);
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(maxRunning).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(passes).toBe(afterStop);
  });
});
