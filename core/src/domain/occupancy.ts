/** Slots a court offers in a day for the occupancy figure (SPEC.md section 9 uses 15). */
export const OCCUPANCY_SLOTS_PER_COURT = 15;

/** today's bookings / (courts x 15) as a whole percentage, at most 100. */
export const occupancyRate = (bookingsToday: number, courts: number): number => {
  if (courts <= 0) return 0;
  return Math.min(100, Math.round((bookingsToday * 100) / (courts * OCCUPANCY_SLOTS_PER_COURT)));
};
