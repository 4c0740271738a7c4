import type { TimeSlot } from "./slots.js";
import { SLOTS } from "./slots.js";
import { dayMonthWords, weekdayWord } from "./date-words.js";
import { addDays, type LocalDate } from "./time.js";

/** Why a court is closed: the admin's choice of four (DESIGN.md section 10). */
export type BlockReason = "Mantenimiento" | "Clases" | "Torneo" | "Otro";
export const BLOCK_REASONS: readonly BlockReason[] = ["Mantenimiento", "Clases", "Torneo", "Otro"];

/** 1 = Monday .. 7 = Sunday (ISO 8601), as the admin picks them. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The longest a block may last: a year, so a typo cannot close a court for a decade. */
export const MAX_BLOCK_DAYS = 366;

/**
 * A court, or every court of a venue, closed for a date range: all slots or some, every day or
 * only some weekdays. Bookings are refused inside it (the database checks, see the repository).
 */
export interface Block {
  readonly id: string;
  readonly venueId: string;
  /** null: the whole venue */
  readonly courtId: string | null;
  readonly startDate: LocalDate;
  readonly endDate: LocalDate;
  /** null: every slot of the day */
  readonly timeSlots: readonly TimeSlot[] | null;
  /** null: every day */
  readonly weekdays: readonly Weekday[] | null;
  readonly reason: BlockReason;
  readonly note: string | null;
  readonly createdAt: Date;
}

/** The ISO weekday of a local date: 1 = Monday .. 7 = Sunday. */
export const weekdayOf = (date: LocalDate): Weekday => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const sunday0 = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return (((sunday0 + 6) % 7) + 1) as Weekday;
};

/** Whether a day from `from` to `to` falls on one of `weekdays` (any seven days in a row hold them all). */
export const fallsOnWeekday = (from: LocalDate, to: LocalDate, weekdays: readonly number[]): boolean => {
  for (let day = from, seen = 0; day <= to && seen < 7; day = addDays(day, 1), seen++) {
    if (weekdays.includes(weekdayOf(day))) return true;
  }
  return false;
};

/**
 * Why a block that would close no day is refused, said the same by the server (400) and by the
 * schedule's form before it sends: 'Ningún día entre el 1 de diciembre y el 3 de diciembre cae en
 * sábado ni domingo: ...'.
 */
export const closesNoDayMessage = (from: LocalDate, to: LocalDate, weekdays: readonly number[]): string => {
  const words = [...weekdays].sort((a, b) => a - b).map(weekdayWord);
  const days = words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ni ${words.at(-1)}`;
  return `Ningún día entre el ${dayMonthWords(from)} y el ${dayMonthWords(to)} cae en ${days}: el bloqueo no cerraría nada. Elige otros días o amplía las fechas.`;
};

/** Whether the block closes this court's (date, slot). The venue of the court decides venue-wide blocks. */
export const blockCovers = (
  block: Block,
  court: { readonly id: string; readonly venueId: string },
  date: LocalDate,
  slot: TimeSlot,
): boolean =>
  (block.courtId === null ? block.venueId === court.venueId : block.courtId === court.id) &&
  date >= block.startDate &&
  date <= block.endDate &&
  (block.timeSlots === null || block.timeSlots.includes(slot)) &&
  (block.weekdays === null || block.weekdays.includes(weekdayOf(date)));

/** The slots of a court closed on a date, each with the reason of the first block that closes it. */
export const blockedSlotsOf = (
  blocks: readonly Block[],
  court: { readonly id: string; readonly venueId: string },
  date: LocalDate,
): { timeSlot: TimeSlot; reason: BlockReason }[] => {
  const out: { timeSlot: TimeSlot; reason: BlockReason }[] = [];
  for (const slot of SLOTS) {
    const block = blocks.find((b) => blockCovers(b, court, date, slot));
    if (block) out.push({ timeSlot: slot, reason: block.reason });
  }
  return out;
};

/** Same scope, dates, slots, weekdays and reason: a repeated request, not a new block. */
export const sameBlock = (a: Block, b: Block): boolean =>
  a.venueId === b.venueId &&
  a.courtId === b.courtId &&
  a.startDate === b.startDate &&
  a.endDate === b.endDate &&
  a.reason === b.reason &&
  JSON.stringify(a.timeSlots) === JSON.stringify(b.timeSlots) &&
  JSON.stringify(a.weekdays) === JSON.stringify(b.weekdays);
