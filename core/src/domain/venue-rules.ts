import { dayMonthWords, longDateWords } from "./date-words.js";
import { addDays, instantOf, type LocalDate } from "./time.js";

/**
 * A venue's booking rules (DESIGN.md section 15). The defaults are what every venue had before
 * there were rules: 180 days ahead, opened at midnight, no per-player limits, no ballot.
 */
export interface VenueRules {
  /** how many days ahead a date can be booked (1..365) */
  readonly windowDays: number;
  /** "HH:MM" on the club's clock at which the date `windowDays` ahead opens each day; null: at midnight */
  readonly releaseTime: string | null;
  /** live bookings still to be played a player may have at the venue; null: no limit */
  readonly maxUpcomingPerPlayer: number | null;
  /** live bookings a player may have at the venue on one date; null: no limit */
  readonly maxPerPlayerPerDay: number | null;
  /** seconds after a date opens during which requests enter the release ballot (0..300; 0: first-come) */
  readonly ballotSeconds: number;
}

export const DEFAULT_VENUE_RULES: VenueRules = {
  windowDays: 180,
  releaseTime: null,
  maxUpcomingPerPlayer: null,
  maxPerPlayerPerDay: null,
  ballotSeconds: 0,
};

export const MAX_WINDOW_DAYS = 365;
export const MAX_BALLOT_SECONDS = 300;
/** the largest per-player limit accepted: far above any club's, far below any column's range */
export const MAX_PLAYER_LIMIT = 1000;

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What each bad rule is told, by the server's 400 and by the panel's form. */
export const RULE_MESSAGES: Readonly<Record<keyof VenueRules, string>> = {
  windowDays: `Los días de anticipación deben ser un número entero entre 1 y ${MAX_WINDOW_DAYS}`,
  releaseTime: "La hora de apertura debe tener el formato HH:MM (por ejemplo, 08:00) o quedar vacía (medianoche)",
  maxUpcomingPerPlayer: `El máximo de reservas próximas por jugador debe ser un número entero entre 1 y ${MAX_PLAYER_LIMIT}, o quedar vacío (sin límite)`,
  maxPerPlayerPerDay: `El máximo de reservas por jugador y día debe ser un número entero entre 1 y ${MAX_PLAYER_LIMIT}, o quedar vacío (sin límite)`,
  ballotSeconds: `Los segundos de sorteo deben ser un número entero entre 0 y ${MAX_BALLOT_SECONDS}`,
};

const wholeIn = (value: unknown, min: number, max: number): boolean => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The first rule at fault, or null when the rules are valid. */
export const rulesProblem = (rules: VenueRules): { field: keyof VenueRules; message: string } | null => {
  const bad = (field: keyof VenueRules) => ({ field, message: RULE_MESSAGES[field] });
  if (!wholeIn(rules.windowDays, 1, MAX_WINDOW_DAYS)) return bad("windowDays");
  if (rules.releaseTime !== null && !HH_MM.test(rules.releaseTime)) return bad("releaseTime");
  if (rules.maxUpcomingPerPlayer !== null && !wholeIn(rules.maxUpcomingPerPlayer, 1, MAX_PLAYER_LIMIT)) return bad("maxUpcomingPerPlayer");
  if (rules.maxPerPlayerPerDay !== null && !wholeIn(rules.maxPerPlayerPerDay, 1, MAX_PLAYER_LIMIT)) return bad("maxPerPlayerPerDay");
  if (!wholeIn(rules.ballotSeconds, 0, MAX_BALLOT_SECONDS)) return bad("ballotSeconds");
  return null;
};

/**
 * When `date` opens for booking: `windowDays` before it, at `releaseTime` on the club's clock
 * (midnight without one). With the defaults, every date up to 180 days ahead of the club's today.
 */
export const opensAtOf = (date: LocalDate, rules: Pick<VenueRules, "windowDays" | "releaseTime">, timeZone: string): Date =>
  instantOf(addDays(date, -rules.windowDays), rules.releaseTime ?? "00:00", timeZone);

/** A closed hour's reason on a date not open yet: 'Se abre el 9 de diciembre a las 08:00'. */
export const openingWords = (opensOn: LocalDate, time: string): string => `Se abre el ${dayMonthWords(opensOn)} a las ${time}`;

/** 'Este día se abre el lunes 8 de junio de 2027 a las 08:00' for the date that opens on `opensOn` at `time`. */
export const opensMessage = (opensOn: LocalDate, time: string): string => `Este día se abre el ${longDateWords(opensOn)} a las ${time}`;

/** Which limit refused a hold, said with its number. */
export const playerLimitMessage = (limit: "upcoming" | "day", max: number): string =>
  limit === "upcoming"
    ? `Ya tienes el máximo de ${max === 1 ? "1 reserva próxima" : `${max} reservas próximas`} en esta sede`
    : `Ya tienes el máximo de ${max === 1 ? "1 reserva" : `${max} reservas`} para ese día en esta sede`;
