import type { GameType } from "./pricing.js";
import type { TimeSlot } from "./slots.js";
import type { LocalDate } from "./time.js";

/**
 * The release ballot (DESIGN.md section 15): a player's request for a date that opened less than
 * the venue's ballotSeconds ago enters a ballot for its slot, decided at `decidesAt` (the date's
 * opening instant + ballotSeconds) by a draw with a recorded seed.
 */
export type BallotState = "pending" | "won" | "lost";

export interface BallotEntry {
  readonly id: string;
  readonly venueId: string;
  readonly courtId: string;
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly gameType: GameType;
  readonly userId: string;
  readonly decidesAt: Date;
  readonly enteredAt: Date;
  readonly state: BallotState;
  /** the winner's hold */
  readonly bookingId: string | null;
}

/** A release's draw as an admin audits it: the seed, the order of the slots and of each slot's entries. */
export interface BallotDraw {
  readonly venueId: string;
  readonly date: LocalDate;
  readonly seed: string | null;
  /** each slot ("courtId date timeSlot") in the order it was drawn, with its entries' ids in the order they were drawn */
  readonly order: readonly { readonly slot: string; readonly entries: readonly string[] }[] | null;
  readonly drawnAt: Date | null;
  readonly entries: readonly BallotEntry[];
}

/** True while requests for a date that opened at `opensAt` go to the ballot. */
export const inBallotWindow = (now: Date, opensAt: Date, ballotSeconds: number): boolean =>
  ballotSeconds > 0 && now.getTime() >= opensAt.getTime() && now.getTime() < opensAt.getTime() + ballotSeconds * 1000;

export const decidesAtOf = (opensAt: Date, ballotSeconds: number): Date => new Date(opensAt.getTime() + ballotSeconds * 1000);

/** mulberry32 over a string seed (FNV-1a): the same seed draws the same order on every runtime. */
const randomOf = (seed: string): (() => number) => {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const shuffled = <T>(items: readonly T[], random: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

export const slotKeyOf = (entry: Pick<BallotEntry, "courtId" | "date" | "timeSlot">): string => `${entry.courtId} ${entry.date} ${entry.timeSlot}`;

/**
 * The draw's order from its seed alone: the slots shuffled, then each slot's entries (sorted by id
 * first, so the order does not depend on how the database listed them).
 */
export const drawOrderOf = (seed: string, entries: readonly BallotEntry[]): { slot: string; entries: BallotEntry[] }[] => {
  const random = randomOf(seed);
  const bySlot = new Map<string, BallotEntry[]>();
  for (const entry of [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const key = slotKeyOf(entry);
    bySlot.set(key, [...(bySlot.get(key) ?? []), entry]);
  }
  const slots = shuffled([...bySlot.keys()].sort(), random);
  return slots.map((slot) => ({ slot, entries: shuffled(bySlot.get(slot) ?? [], random) }));
};

