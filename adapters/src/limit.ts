/** What `withTimeout` rejects with when the work did not settle in time. */
export class TimedOut extends Error {}

/** `work`, or a rejection with TimedOut once `ms` passed without it settling (the work itself goes on). */
export const withTimeout = <A>(work: Promise<A>, ms: number): Promise<A> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/**
 * At most `max` of the tasks given to the limiter run at once; the others wait in arrival order.
 * For work whose memory grows with its concurrency (a 0.5 MB calendar built per statement, 19 MiB
 * of argon2id per password check) and that gains no throughput from more of it on a few cores.
 */
export const concurrencyLimit = (max: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running++;
    // a released slot passes straight to the next waiter, so `running` stays as it is
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
};
