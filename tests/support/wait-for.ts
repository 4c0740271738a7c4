/**
 * Waiting in tests: for a condition, never for a fixed time. A fixed pause is either too short on
 * a loaded machine (a flaky failure) or longer than needed everywhere else (a slow suite), and it
 * hides what the test is waiting for.
 */

export interface WaitForOptions {
  /** how long the condition may take, in ms (default 5,000) */
  readonly timeout?: number;
  /** the pause between two looks, in ms (default 20) */
  readonly interval?: number;
  /**
   * what did not happen, said when it times out: "the sweep never marked the hold expired" (a
   * function is asked then, for what only the end shows: a server's output)
   */
  readonly message: string | (() => string);
}

/**
 * Asks `condition` until it answers something other than `undefined`, `null` or `false`, and
 * answers that. A condition that throws (an `expect` that does not hold yet) counts as not yet;
 * the last error is part of the timeout's message. Real timers only: under vi.useFakeTimers move
 * the clock instead (vi.advanceTimersByTimeAsync).
 */
export const waitFor = async <T>(
  condition: () => T | Promise<T>,
  { timeout = 5_000, interval = 20, message }: WaitForOptions,
): Promise<Exclude<T, undefined | null | false>> => {
  const deadline = performance.now() + timeout;
  for (;;) {
    let last: unknown;
    try {
      const value = await condition();
      if (value !== undefined && value !== null && value !== false) return value as Exclude<T, undefined | null | false>;
    } catch (error) {
      last = error;
    }
    if (performance.now() >= deadline) {
      const why = last === undefined ? "" : `; last: ${last instanceof Error ? last.message : String(last)}`;
      throw new Error(`${typeof message === "function" ? message() : message} (waited ${timeout} ms${why})`, { cause: last });
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
};
