import type { Clock } from "@courts/core";

/** The machine's clock, read in the configured zone (COURTS_TIMEZONE) by the domain. */
export const systemClock = (timeZone: string): Clock => ({
  now: () => new Date(),
  timeZone,
});
