/**
 * Wall-clock arithmetic in one configured IANA time zone (COURTS_TIMEZONE), never the
 * server's local zone. Uses only Intl, which every runtime ships.
 */
import { keepNewest } from "./kept.js";

export const DEFAULT_TIME_ZONE = "America/Guayaquil";

export type LocalDate = string; // YYYY-MM-DD

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/**
 * A real day of the Gregorian calendar, years 0100-9999 (as Date.UTC reads them: it takes 0-99 as
 * 1900-1999), counted without a Date: every read of availability checks its ?date=.
 */
export const isLocalDate = (value: string): value is LocalDate => {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 100 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= (mo === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[mo - 1]!);
};

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (zone: string) => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
};

export interface WallClock {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

/** The wall clock in `zone` at `instant` as Intl tells it, asked every time (wallClockAt keeps and learns what it can). */
export const intlWallClock = (instant: Date, zone: string): WallClock => {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(zone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

export const MINUTE_MS = 60_000;
/**
 * From here on every zone's offset is a whole number of minutes and changes on a whole minute
 * (the last offset with seconds, Monrovia's -0:44:30, ended in January 1972), so within one UTC
 * minute the wall clock moves only by its seconds.
 */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);
/** Wall clocks kept per zone, by UTC minute (a booking's slots and "now" come back again and again). */
const MINUTES_KEPT = 4_096;
const minuteClocks = new Map<string, Map<number, WallClock>>();

/** From `from` on (an ISO instant), the zone is `offsetMinutes` ahead of UTC (behind when negative). */
export interface OffsetSpan {
  readonly from: string;
  readonly offsetMinutes: number;
}

/** The offsets a zone keeps from `from` until `until`, by instant (what learnOffsets takes). */
interface KnownOffsets {
  readonly until: number;
  readonly spans: readonly { readonly from: number; readonly offsetMs: number }[];
}
const learned = new Map<string, KnownOffsets>();

const offsetMsAt = (ms: number, zone: string): number => {
  const w = intlWallClock(new Date(ms), zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
};

/**
 * The UTC offsets `zone` keeps from `from` until `until`, each change found to the minute (a day
 * at a time, then halving). The server sends them with GET /api/config, so that a browser knows
 * the club's wall clock without Intl: a page's first Intl.DateTimeFormat loads ICU's locale data,
 * about 21 ms here and 110 ms in Lighthouse's 4x slower phone, in the middle of the first render.
 */
export const offsetSpans = (zone: string, from: Date, until: Date): OffsetSpan[] => {
  const start = Math.floor(Math.max(from.getTime(), WHOLE_MINUTE_OFFSETS_SINCE) / MINUTE_MS) * MINUTE_MS;
  const end = Math.ceil(until.getTime() / MINUTE_MS) * MINUTE_MS;
  let at = start;
  let offset = offsetMsAt(at, zone);
  const spans: OffsetSpan[] = [{ from: new Date(start).toISOString(), offsetMinutes: offset / MINUTE_MS }];
  while (at < end) {
    const next = Math.min(at + 24 * HOUR_MS, end);
    const nextOffset = offsetMsAt(next, zone);
    if (nextOffset !== offset) {
      // the first minute with the new offset, between at (old) and next (new)
      let [old, changed] = [at, next];
      while (changed - old > MINUTE_MS) {
        const middle = old + Math.floor((changed - old) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMsAt(middle, zone) === offset) old = middle;
        else changed = middle;
      }
      offset = offsetMsAt(changed, zone);
      spans.push({ from: new Date(changed).toISOString(), offsetMinutes: offset / MINUTE_MS });
      at = changed;
      continue;
    }
    at = next;
  }
  return spans;
};

/**
 * A browser is told `zone`'s offsets until `until` (offsetSpans, from the server): wallClockAt
 * answers the instants they cover by arithmetic, and asks Intl only outside them. Spans that are
 * not whole minutes, out of order or unreadable are ignored: Intl answers then, as before.
 */
export const learnOffsets = (zone: string, spans: readonly OffsetSpan[] | undefined, until: string | undefined): void => {
  if (!spans || spans.length === 0 || until === undefined) return;
  const read = spans.map((span) => ({ from: Date.parse(span.from), offsetMs: span.offsetMinutes * MINUTE_MS }));
  const end = Date.parse(until);
  const usable =
    Number.isFinite(end) &&
    read.every((span, i) => Number.isFinite(span.from) && span.from % MINUTE_MS === 0 && Number.isInteger(span.offsetMs / MINUTE_MS) && span.from >= WHOLE_MINUTE_OFFSETS_SINCE && (i === 0 || span.from > read[i - 1]!.from));
  if (usable) learned.set(zone, { until: end, spans: read });
};

/** The wall clock by a learned offset, or undefined outside what was learned. */
const learnedWallClock = (ms: number, zone: string): WallClock | undefined => {
  const known = learned.get(zone);
  if (known === undefined || ms >= known.until || ms < known.spans[0]!.from) return undefined;
  let offsetMs = known.spans[0]!.offsetMs;
  for (const span of known.spans) if (span.from <= ms) offsetMs = span.offsetMs;
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMs);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
};

/** The wall clock in `zone` at `instant`; `Intl`'s formatToParts once per zone and minute. */
export const wallClockAt = (instant: Date, zone: string): WallClock => {
  const ms = instant.getTime();
  if (!(ms >= WHOLE_MINUTE_OFFSETS_SINCE)) return intlWallClock(instant, zone);
  const known = learnedWallClock(ms, zone);
  if (known !== undefined) return known;
  const minute = Math.floor(ms / MINUTE_MS);
  let clocks = minuteClocks.get(zone);
  if (clocks === undefined) {
    clocks = new Map();
    minuteClocks.set(zone, clocks);
  }
  let atMinute = clocks.get(minute);
  if (atMinute === undefined) {
    atMinute = intlWallClock(new Date(minute * MINUTE_MS), zone);
    keepNewest(clocks, minute, atMinute, MINUTES_KEPT);
  }
  const second = Math.floor((ms - minute * MINUTE_MS) / 1000);
  return second === 0 ? atMinute : { ...atMinute, second };
};

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export const localDateOf = (instant: Date, zone: string): LocalDate => {
  const w = wallClockAt(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
};

/** The UTC instant at which the wall clock in `zone` reads `date` `time` (HH:MM). */
export const instantOf = (date: LocalDate, time: string, zone: string): Date => {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset also around a daylight-saving change.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClockAt(new Date(guess), zone);
    const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += asUtc - seen;
  }
  return new Date(guess);
};

export const addDays = (date: LocalDate, days: number): LocalDate => {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** First and last local dates of a month (month 1..12). */
export const monthRange = (year: number, month: number): { from: LocalDate; to: LocalDate } => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${pad(year, 4)}-${pad(month)}-01`, to: `${pad(year, 4)}-${pad(month)}-${pad(last)}` };
};

export const HOUR_MS = 3_600_000;
