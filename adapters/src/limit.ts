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

/**
 * Calls made in one turn of the event loop, answered together: `run` gets their arguments in
 * order, at most `max` at a time, and gives back one answer per argument, in the same order. The
 * turn ends in setImmediate's phase, once every socket ready in it has been read. When `run`
 * fails, every call it carried fails with its error.
 *
 * With `inFlight`, at most that many runs go at once: calls made while they run wait, and go
 * together in the turn one of them ends (a group commit: the busier the database, the larger
 * each run).
 */
export const inOneTurn = <A, B>(max: number, run: (asked: readonly A[]) => Promise<readonly B[]>, inFlight = Infinity) => {
  const waiting: { readonly asked: A; resolve(answer: B): void; reject(error: unknown): void }[] = [];
  let running = 0;
  let sending = false;
  const sendSoon = () => {
    if (sending || waiting.length === 0 || running >= inFlight) return;
    sending = true;
    setImmediate(send);
  };
  const ended = () => {
    running--;
    sendSoon();
  };
  const send = () => {
    sending = false;
    while (waiting.length > 0 && running < inFlight) {
      const part = waiting.splice(0, max);
      running++;
      // a `run` that throws before its first await fails its calls like one that rejects
      Promise.resolve()
        .then(() => run(part.map((w) => w.asked)))
        .then(
          (answers) => part.forEach((w, i) => w.resolve(answers[i]!)),
          (error: unknown) => part.forEach((w) => w.reject(error)),
        )
        .finally(ended);
    }
  };
  return (asked: A): Promise<B> =>
    new Promise<B>((resolve, reject) => {
      waiting.push({ asked, resolve, reject });
      sendSoon();
    });
};
