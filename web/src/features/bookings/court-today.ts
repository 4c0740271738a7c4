import { HOUR_MS, instantOf, SLOTS } from "@courts/core";
import { slotStates } from "./slot-rules";

/** What a court's day looks like from now on: the hour under way, and the next hour still bookable. */
export interface CourtToday {
  /** the slot under way now is open and nobody holds it */
  readonly freeNow: boolean;
  /** the first slot of today that can still be booked, or null */
  readonly nextFree: string | null;
  /** no slot of today is left to start (the day is over for this court) */
  readonly dayOver: boolean;
}

/** The slot whose hour contains `now` on the club's clock, if the club is open then. */
export const currentSlot = (today: string, now: Date, timeZone: string): string | null =>
  SLOTS.find((slot) => {
    const start = instantOf(today, slot, timeZone).getTime();
    return start <= now.getTime() && now.getTime() < start + HOUR_MS;
  }) ?? null;

export const courtToday = ({
  today,
  bookedSlots,
  now,
  timeZone,
}: {
  today: string;
  bookedSlots: readonly string[];
  now: Date;
  timeZone: string;
}): CourtToday => {
  const states = slotStates({ date: today, bookedSlots, now, timeZone });
  const current = currentSlot(today, now, timeZone);
  return {
    freeNow: current !== null && !bookedSlots.includes(current),
    nextFree: states.find((s) => !s.disabled)?.slot ?? null,
    dayOver: states.every((s) => s.past),
  };
};

/** The words under a court's status: 'Libre desde 19:00', 'Completa hoy' or that the day is over. */
export const courtTodayText = (day: CourtToday): string =>
  day.nextFree ? `Libre desde ${day.nextFree}` : day.dayOver ? "Sin más horarios hoy" : "Completa hoy";
