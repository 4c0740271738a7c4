import type { Clock } from "@courts/core";
import { TEST_TIME_ZONE } from "./server.js";

/** The real time moved by an offset the test sets: a server whose ports read it sees "later" without waiting. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
  moveTo(instant: Date): void;
}

export const movableClock = (timeZone: string = TEST_TIME_ZONE): MovableClock => {
  let offset = 0;
  return {
    timeZone,
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
    moveTo(instant) {
      offset = instant.getTime() - Date.now();
    },
  };
};
