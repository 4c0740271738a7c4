import { HOUR_MS, instantOf, SLOTS } from "@courts/core";
import { slotStates } from "./slot-rules";

/** What a court's day looks like from now on: the hour under way, and the next hour still bookable. */
export interface CourtToday {
  /**
   * 'disponible ahora': nobody holds the hour under way (nor has the club closed it), and an hour
   * of today can still be booked, so the count never contradicts 'Completa hoy' or 'Sin más
   * horarios hoy' on the same screen
   */
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
  blockedSlots = [],
  now,
  timeZone,
}: {
  today: string;
  bookedSlots: readonly string[];
  /** the club's closed hours (maintenance, classes, tournaments): taken like booked ones */
  blockedSlots?: readonly { timeSlot: string; reason: string }[];
  now: Date;
  timeZone: string;
}): CourtToday => {
  const states = slotStates({ date: today, bookedSlots, blockedSlots, now, timeZone });
  const current = currentSlot(today, now, timeZone);
  const nextFree = states.find((s) => !s.disabled)?.slot ?? null;
  // slotStates counts a closed hour as booked
  const underWay = states.find((s) => s.slot === current);
  return { freeNow: underWay !== undefined && !underWay.booked && nextFree !== null, nextFree, dayOver: states.every((s) => s.past) };
};

/** The words under a court's status: 'Libre desde 19:00', 'Completa hoy' or that the day is over. */
export const courtTodayText = (day: CourtToday): string =>
  day.nextFree ? `Libre desde ${day.nextFree}` : day.dayOver ? "Sin más horarios hoy" : "Completa hoy";
