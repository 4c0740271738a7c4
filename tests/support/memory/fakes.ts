import { DEFAULT_TIME_ZONE, type Clock, type Ids, type PasswordHasher } from "@courts/core";

export interface SettableClock extends Clock {
  /** moves the clock to an instant (ISO string or Date) */
  set(instant: string | Date): void;
  /** moves the clock forward (or back, with a negative value) by milliseconds */
  advance(ms: number): void;
}

export const fixedClock = (iso: string, timeZone: string = DEFAULT_TIME_ZONE): SettableClock => {
  let current = new Date(iso);
  if (Number.isNaN(current.getTime())) throw new Error(`fixedClock: not an instant: ${iso}`);
  return {
    timeZone,
    now: () => new Date(current.getTime()),
    set(instant) {
      current = new Date(instant);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
};

/** Predictable ids: valid v4-shaped UUIDs 00000000-0000-4000-8000-000000000001, ... and tokens. */
export const sequentialIds = (): Ids => {
  let uuids = 0;
  let tokens = 0;
  return {
    uuid: () => `00000000-0000-4000-8000-${(++uuids).toString(16).padStart(12, "0")}`,
    token: () => `test-token-${String(++tokens).padStart(22, "0")}`,
    tokenHash: (token) => `hash-of-${token}`,
  };
};

/** A hasher without the cost of a KDF: fine in tests, never in production. */
export const fakePasswordHasher = (): PasswordHasher => ({
  hash: async (password) => `fake-hash:${password}`,
  verify: async (hash, password) => hash === `fake-hash:${password}`,
  verifyDummy: async () => undefined,
});
