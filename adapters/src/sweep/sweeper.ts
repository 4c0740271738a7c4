import type { SweepObserver } from "../observability/service-metrics.js";

/**
 * Time-driven work (DESIGN.md section 8): expiring holds, cancelling stale intents, sending
 * refunds and mail. Each step claims its own rows with conditional UPDATEs, so every server
 * process runs the same steps on a timer and `courts sweep` runs them once from cron, and no
 * thing is done twice. A step that fails is logged and retried on the next pass; it never
 * stops the steps after it.
 */
export interface SweepStep {
  readonly name: string;
  /** one pass; how many things it handled */
  run(): Promise<number>;
}

export interface SweepLog {
  error(details: { step: string; err: unknown }, message: string): void;
}

export type SweepResult = Readonly<Record<string, number | { readonly error: string }>>;

export interface SweepOptions {
  /** sees each step run, its time and whether it failed (GET /metrics) */
  readonly observer?: SweepObserver;
  /** asked before each step: once true, the pass ends after the step under way (a server stopping) */
  readonly stopping?: () => boolean;
}

export const runSweep = async (steps: readonly SweepStep[], log: SweepLog, options: SweepOptions = {}): Promise<SweepResult> => {
  const result: Record<string, number | { error: string }> = {};
  for (const step of steps) {
    if (options.stopping?.()) break;
    const started = performance.now();
    let failed = false;
    try {
      result[step.name] = await step.run();
    } catch (error) {
      failed = true;
      log.error({ step: step.name, err: error }, "falló un paso del barrido; se reintenta en el siguiente");
      result[step.name] = { error: error instanceof Error ? error.message : String(error) };
    }
    options.observer?.stepRan(step.name, (performance.now() - started) / 1000, failed);
  }
  return result;
};

export interface Sweeper {
  /** lets the step under way finish, then stops (the steps left in the pass run on the next process's pass) */
  stop(): Promise<void>;
}

/**
 * Runs a pass every `intervalMs`, the next one scheduled only when the last has finished, so
 * a slow provider never stacks passes up. The timer never keeps the process alive.
 */
export const startSweeper = (steps: readonly SweepStep[], intervalMs: number, log: SweepLog, observer?: SweepObserver): Sweeper => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = runSweep(steps, log, { ...(observer ? { observer } : {}), stopping: () => stopped }).finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current.catch(() => undefined);
    },
  };
};
