import { describe, expect, it } from "vitest";
import { waitFor } from "./wait-for.js";

describe("waitFor", () => {
  it("when the condition comes to hold, then it answers the condition's value", async () => {
    let looks = 0;
    const value = await waitFor(() => (++looks === 3 ? { looks } : undefined), { interval: 1, message: "never three looks" });
    expect(value).toEqual({ looks: 3 });
  });

  it("when the condition throws until it holds, then it waits through the throws", async () => {
    let looks = 0;
    await expect(
      waitFor(
        () => {
          if (++looks < 3) throw new Error("todavía no");
          return true;
        },
        { interval: 1, message: "never held" },
      ),
    ).resolves.toBe(true);
  });

  it("when the condition never holds, then it fails with the message, the time waited and the last error", async () => {
    await expect(waitFor(() => false, { timeout: 30, interval: 5, message: "the row never appeared" })).rejects.toThrow(
      "the row never appeared (waited 30 ms)",
    );
    await expect(
      waitFor(
        () => {
          throw new Error("expected 1 to be 2");
        },
        { timeout: 30, interval: 5, message: "the count never reached 2" },
      ),
    ).rejects.toThrow("the count never reached 2 (waited 30 ms; last: expected 1 to be 2)");
    let output = "";
    const waiting = waitFor(() => false, { timeout: 30, interval: 5, message: () => `no line in:${output}` });
    output = " arrancando";
    await expect(waiting).rejects.toThrow("no line in: arrancando (waited 30 ms)");
  });
});
