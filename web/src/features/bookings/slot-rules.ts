import { bandOf, HOUR_MS, instantOf, SLOTS, type TariffBand } from "@courts/core";

export interface SlotState {
  slot: string;
  band: TariffBand;
  /** taken by an active booking: shown 'Ocupado' */
  booked: boolean;
  /** closed by the club ('Mantenimiento', 'Clases', 'Torneo', 'Otro'): shown instead of 'Ocupado' */
  blockedReason: string | null;
  /** booked by the player looking: shown 'Tu reserva', and nobody waits for their own hour */
  mine: boolean;
  /** already started, in the club's time zone */
  past: boolean;
  disabled: boolean;
}

/** A slot has passed once its start, read on the club's wall clock, is not in the future. */
export const isSlotPast = (date: string, slot: string, now: Date, timeZone: string): boolean =>
  instantOf(date, slot, timeZone).getTime() <= now.getTime();

/**
 * Whether a booking of this slot made now could still be paid by shares: its split deadline
 * (`shareDeadlineHours` before the start, SHARE_DEADLINE_HOURS on the server) has not passed. A
 * booking made after it can only be paid in full (DESIGN.md section 8).
 */
export const canSplitNow = (date: string, slot: string, now: Date, timeZone: string, shareDeadlineHours: number): boolean =>
  instantOf(date, slot, timeZone).getTime() - Math.round(shareDeadlineHours * HOUR_MS) > now.getTime();

/** Every bookable slot of a club-local date: its band, and whether it can still be chosen. */
export const slotStates = ({
  date,
  bookedSlots,
  blockedSlots = [],
  ownSlots = [],
  now,
  timeZone,
}: {
  date: string;
  bookedSlots: readonly string[];
  blockedSlots?: readonly { timeSlot: string; reason: string }[];
  /** the slots of this court and day the player holds (active or confirmed) */
  ownSlots?: readonly string[];
  now: Date;
  timeZone: string;
}): SlotState[] =>
  SLOTS.map((slot) => {
    const blockedReason = blockedSlots.find((b) => b.timeSlot === slot)?.reason ?? null;
    const booked = bookedSlots.includes(slot) || blockedReason !== null;
    const past = isSlotPast(date, slot, now, timeZone);
    const mine = bookedSlots.includes(slot) && ownSlots.includes(slot);
    return { slot, band: bandOf(slot), booked, blockedReason, mine, past, disabled: booked || past };
  });
