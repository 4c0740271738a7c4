import { displayMoney, localDateOf, wallClockAt, type Cents } from "@courts/core";

/** Money as people read it: $14.50. */
export const money = (cents: Cents): string => displayMoney(cents);

const pad2 = (n: number) => String(n).padStart(2, "0");

/** 2026-12-31 -> 31/12/2026 (Spanish order, as the admin panel shows dates). */
export const spanishDate = (date: string): string => {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
};

/** An instant as dd/MM/yyyy HH:mm on the club's wall clock. */
export const spanishDateTime = (instant: Date, timeZone: string): string => {
  const w = wallClockAt(instant, timeZone);
  return `${spanishDate(localDateOf(instant, timeZone))} ${pad2(w.hour)}:${pad2(w.minute)}`;
};

/** "1 complejo" / "3 complejos". */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
