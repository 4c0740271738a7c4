import { describe, expect, it } from "vitest";
import { startSweeper, type SweepStep } from "@courts/adapters/sweep/sweeper";

/**
 * A stopping server lets the sweep finish the step it is in and run no other (DESIGN.md section
 * 19): the steps claim their rows, so what is left of the pass is done by the next pass of any
 * process.
 */
describe("the sweeper stopped in the middle of a pass", () => {
  it("when stop() is called while a step runs, then that step finishes, the steps after it do not run and stop() waits for it", async () => {
    const ran: string[] = [];
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const steps: SweepStep[] = [
      { name: "primero", run: async () => (ran.push("primero"), 1) },
      {
        name: "lento",
        run: async () => {
          ran.push("lento: empieza");
          started();
          await new Promise<void>((resolve) => (release = resolve));
          ran.push("lento: termina");
          return 1;
        },
      },
      { name: "después", run: async () => (ran.push("después"), 1) },
    ];
    const observed: string[] = [];
    const sweeper = startSweeper(steps, 5, { error: () => undefined }, { stepRan: (step, _seconds, failed) => observed.push(`${step}${failed ? " (falló)" : ""}`) });
    await slowStarted;
    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual(["primero", "lento: empieza", "lento: termina"]);
    expect(observed).toEqual(["primero", "lento"]);
  });
});
