import { describe, expect, it, vi } from "vitest";
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
    // the sweeper's own timer, moved by the test: no pass depends on how fast this machine is
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let running = 0;
      let maxRunning = 0;
      let passes = 0;
      /** ends the pass under way (each pass runs until the test says so: a slow provider) */
      let finishPass: (() => void) | undefined;
      const slow: SweepStep = {
        name: "slow",
        run: async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise<void>((resolve) => (finishPass = resolve));
          finishPass = undefined;
          running--;
          passes++;
          return 1;
        },
      };
      const sweeper = startSweeper([slow], 5, quiet);
      await vi.advanceTimersByTimeAsync(4);
      expect(running, "no pass before the first interval").toBe(0);
      for (let pass = 1; pass <= 3; pass++) {
        await vi.advanceTimersByTimeAsync(5);
        expect(running, `pass ${pass} started one interval after the last ended`).toBe(1);
        // a pass ten intervals long: no other starts beside it
        await vi.advanceTimersByTimeAsync(50);
        expect(maxRunning).toBe(1);
        finishPass!();
        await vi.advanceTimersByTimeAsync(0);
        expect([running, passes]).toEqual([0, pass]);
      }

      await vi.advanceTimersByTimeAsync(5);
      expect(running, "a pass under way").toBe(1);
      let stopped = false;
      const stopping = sweeper.stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(50);
      expect(stopped, "stop returned before the pass under way ended").toBe(false);
      finishPass!();
      await stopping;
      expect([running, passes]).toEqual([0, 4]);
      // stopped: however long the clock runs, no pass starts again
      await vi.advanceTimersByTimeAsync(1_000);
      expect([running, passes, vi.getTimerCount()]).toEqual([0, 4, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
