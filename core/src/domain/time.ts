/**
 * Wall-clock arithmetic in one configured IANA time zone (COURTS_TIMEZONE), never the
 * server's local zone. Uses only Intl, which every runtime ships.
 */
export const DEFAULT_TIME_ZONE = "America/Guayaquil";

export type LocalDate = string; // YYYY-MM-DD

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isLocalDate = (value: string): value is LocalDate => {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
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

export const wallClockAt = (instant: Date, zone: string): WallClock => {
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
