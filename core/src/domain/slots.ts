/** Bookable slots: every hour from 06:00 to 21:00 (16 slots), SPEC.md section 9. */
export const FIRST_HOUR = 6;
export const LAST_HOUR = 21;
export const NIGHT_FROM_HOUR = 18;

export type TimeSlot = string;
export type TariffBand = "day" | "night";

const pad = (n: number) => String(n).padStart(2, "0");

export const SLOTS: readonly TimeSlot[] = Array.from(
  { length: LAST_HOUR - FIRST_HOUR + 1 },
  (_, i) => `${pad(FIRST_HOUR + i)}:00`,
);

export const isSlot = (value: string): value is TimeSlot => SLOTS.includes(value);

export const slotHour = (slot: TimeSlot): number => Number(slot.slice(0, 2));

/** Night for start hours 18..21 (artificial lighting), day otherwise. */
export const bandOf = (slot: TimeSlot): TariffBand => (slotHour(slot) >= NIGHT_FROM_HOUR ? "night" : "day");

export const DAY_SLOTS: readonly TimeSlot[] = SLOTS.filter((s) => bandOf(s) === "day");
export const NIGHT_SLOTS: readonly TimeSlot[] = SLOTS.filter((s) => bandOf(s) === "night");
