import type { Clock } from "@courts/core";

/**
 * One clock for every process on one database (DESIGN.md section 19). Holds, intent timeouts,
 * split deadlines, the sweep's claims and a ballot's decidesAt are instants that one process
 * writes and another compares: on PostgreSQL, with servers on several machines, each machine's
 * own clock would decide differently (one 16 minutes ahead expires another's new holds at once).
 * So there, `now()` is the database server's clock.
 *
 * Reading it on every `now()` would cost a statement per decision; instead the offset between
 * the database's clock and this process's is measured when the process starts (the best of a few
 * round trips, the reading placed at their middle) and again every 30 s, and `now()` runs on from
 * the last reading with the process's monotonic clock: no statement per request, and a process
 * whose wall clock is stepped (NTP, an operator) still reads the database's time.
 *
 * SQLite is one file on one machine: its processes read that machine's clock, which is also the
 * one SQLite's own 'now' reads, so the process's clock is the database's and nothing is measured.
 */

/** How far this process's wall clock may be from the database's before it is said loudly. */
export const CLOCK_SKEW_LIMIT_MS = 3_000;

/** How often the offset is measured again. */
export const CLOCK_RESAMPLE_MS = 30_000;

/** What the clock knows of the database's time, for /readyz and the log. */
export interface ClockSkew {
  /** whose time `now()` gives: the database's (PostgreSQL), or this process's (SQLite, tests) */
  readonly source: "database" | "process";
  /** database time minus this process's wall time, in ms; null when nothing was measured (SQLite) */
  readonly offsetMs: number | null;
  /** the round trip of the reading kept: the offset is known to within half of it */
  readonly roundTripMs: number | null;
  /** when (database time) the offset was last measured */
  readonly sampledAt: Date | null;
  /** the offset is over CLOCK_SKEW_LIMIT_MS: this machine's clock needs fixing (NTP) */
  readonly overLimit: boolean;
}

export interface SharedClock extends Clock {
  skew(): ClockSkew;
  /** measures the offset again (a failed reading keeps the last one and rejects) */
  sample(): Promise<ClockSkew>;
  /** stops measuring again (the process closes its database) */
  stop(): void;
}

export interface SharedClockOptions {
  readonly timeZone: string;
  /**
   * The database server's clock, ms since the epoch, read in one round trip; null when the
   * database has no clock of its own (SQLite).
   */
  readonly readDatabaseTime: () => Promise<number | null>;
  /** "process": decide against this process's clock even on PostgreSQL (tests that move one process's clock with libfaketime) */
  readonly follow?: "database" | "process";
  /** every reading, or a failed one (the server logs a skew over the limit) */
  readonly onSample?: (skew: ClockSkew, error?: unknown) => void;
  readonly resampleMs?: number;
  /** round trips at each measurement; the shortest is kept */
  readonly readings?: number;
  readonly wallNow?: () => number;
  readonly monotonicNow?: () => number;
}

const UNMEASURED: ClockSkew = { source: "process", offsetMs: null, roundTripMs: null, sampledAt: null, overLimit: false };

/** A clock that measures nothing, as a SharedClock: SQLite's, or a clock a test moves. */
export const unmeasuredClock = (clock: Clock): SharedClock => ({
  timeZone: clock.timeZone,
  now: () => clock.now(),
  skew: () => UNMEASURED,
  sample: async () => UNMEASURED,
  stop: () => undefined,
});

interface Reading {
  readonly databaseMs: number;
  /** the monotonic instant the database's time is placed at: the middle of the round trip */
  readonly monotonicMs: number;
  readonly offsetMs: number;
  readonly roundTripMs: number;
}

/**
 * The clock of a runtime: measures the database's time once before it answers (so a process
 * whose database cannot tell its time does not start), then every `resampleMs` on a timer that
 * never keeps the process alive.
 */
export const sharedClock = async (options: SharedClockOptions): Promise<SharedClock> => {
  const wallNow = options.wallNow ?? Date.now;
  const monotonicNow = options.monotonicNow ?? (() => performance.now());
  const readings = options.readings ?? 3;
  let kept: Reading | null = null;
  let measured = true;
  // never earlier than an instant already given: a new reading may place "now" a few ms back
  let last = Number.NEGATIVE_INFINITY;

  const measure = async (): Promise<Reading | null> => {
    let best: Reading | null = null;
    for (let i = 0; i < readings; i++) {
      const startMono = monotonicNow();
      const startWall = wallNow();
      const databaseMs = await options.readDatabaseTime();
      if (databaseMs === null) return null;
      const roundTripMs = monotonicNow() - startMono;
      if (best === null || roundTripMs < best.roundTripMs)
        best = { databaseMs, monotonicMs: startMono + roundTripMs / 2, offsetMs: databaseMs - (startWall + roundTripMs / 2), roundTripMs };
    }
    return best;
  };

  const skew = (): ClockSkew => {
    if (kept === null) return UNMEASURED;
    return {
      source: options.follow === "process" ? "process" : "database",
      offsetMs: Math.round(kept.offsetMs),
      roundTripMs: Math.round(kept.roundTripMs * 10) / 10,
      sampledAt: new Date(Math.round(kept.databaseMs)),
      overLimit: Math.abs(kept.offsetMs) > CLOCK_SKEW_LIMIT_MS,
    };
  };

  const sample = async (): Promise<ClockSkew> => {
    try {
      const reading = await measure();
      if (reading === null) measured = false;
      else kept = reading;
    } catch (error) {
      options.onSample?.(skew(), error);
      throw error;
    }
    const now = skew();
    options.onSample?.(now);
    return now;
  };

  await sample();
  let timer: NodeJS.Timeout | undefined;
  if (measured) {
    timer = setInterval(() => {
      // a failed reading keeps the last offset; onSample has said why
      sample().catch(() => undefined);
    }, options.resampleMs ?? CLOCK_RESAMPLE_MS);
    timer.unref();
  }

  return {
    timeZone: options.timeZone,
    now: () => {
      if (kept === null || options.follow === "process") return new Date();
      const at = Math.max(last, kept.databaseMs + (monotonicNow() - kept.monotonicMs));
      last = at;
      return new Date(Math.round(at));
    },
    skew,
    sample,
    stop: () => clearInterval(timer),
  };
};

/** What the operator is told while this machine's clock is over the limit (the log, /readyz); null otherwise. */
export const skewWarning = (skew: ClockSkew): string | null => {
  if (!skew.overLimit || skew.offsetMs === null) return null;
  const seconds = (Math.abs(skew.offsetMs) / 1000).toFixed(1);
  return (
    `El reloj de este servidor difiere ${seconds} s del de la base de datos (va ${skew.offsetMs < 0 ? "adelantado" : "atrasado"}): ` +
    (skew.source === "database" ? "las reservas, retenciones y plazos se deciden con la hora de la base de datos, pero sincroniza este reloj (NTP)" : "sincroniza este reloj (NTP)")
  );
};

/**
 * The clock's line in GET /readyz. A skew over the limit does not make the process unready: it
 * decides with the database's time (source "database"); the operator is told to fix the machine.
 */
export const clockCheck = (skew: ClockSkew) => {
  const warning = skewWarning(skew);
  return {
    ok: true,
    source: skew.source,
    offsetMs: skew.offsetMs,
    roundTripMs: skew.roundTripMs,
    sampledAt: skew.sampledAt?.toISOString() ?? null,
    overLimit: skew.overLimit,
    ...(warning === null ? {} : { warning }),
  };
};
