import type { LocalDate } from "./time.js";

/*
 * A club's date in Spanish words, without Intl: the same words on every runtime (a page's first
 * Intl.DateTimeFormat loads ICU's locale data; a server may lack it).
 */

/** by JavaScript's weekday: 0 is Sunday */
const WEEKDAY_WORDS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const MONTH_WORDS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

const partsOf = (date: LocalDate) => date.split("-").map(Number) as [number, number, number];

/** 'miércoles', by ISO weekday (1 Monday ... 7 Sunday) */
export const weekdayWord = (isoWeekday: number): string => WEEKDAY_WORDS[isoWeekday % 7] ?? "";

/** '1 de diciembre' */
export const dayMonthWords = (date: LocalDate): string => {
  const [, m, d] = partsOf(date);
  return `${d} de ${MONTH_WORDS[m - 1] ?? ""}`;
};

/** 'lunes 8 de junio de 2027', as the mails say a date */
export const longDateWords = (date: LocalDate): string => {
  const [y, m, d] = partsOf(date);
  return `${WEEKDAY_WORDS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? ""} ${dayMonthWords(date)} de ${y}`;
};

/** 'noviembre 2026', a month of the owner's reports ("2026-11") */
export const monthYearWords = (month: string): string => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_WORDS[m - 1] ?? ""} ${y}`;
};
