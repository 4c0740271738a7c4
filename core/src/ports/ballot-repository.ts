import type { BallotDraw, BallotEntry } from "../domain/ballot.js";
import type { LocalDate } from "../domain/time.js";

/** One release of a venue: the date that opened, whose ballot entries are drawn together. */
export interface BallotRelease {
  readonly venueId: string;
  readonly date: LocalDate;
}

export interface BallotRepository {
  /**
   * Writes the entry while its release takes entries (not drawn, and no process drawing it at the
   * entry's enteredAt), or answers the player's entry already there for the same slot (unique in
   * the database). Undefined when the release's draw has begun: the request is served as after it.
   */
  enter(entry: BallotEntry): Promise<BallotEntry | undefined>;
  findById(id: string): Promise<BallotEntry | undefined>;
  /** releases with pending entries whose decidesAt is at or before `now` */
  dueReleases(now: Date, limit: number): Promise<BallotRelease[]>;
  /**
   * Takes the release's draw for one process until `until` (a conditional update: free, or its
   * claim ran out, and not drawn), recording `seed` the first time: a draw taken again after a
   * crash keeps the first seed. The seed to draw with, or undefined when another process has it.
   */
  claim(release: BallotRelease, seed: string, now: Date, until: Date): Promise<string | undefined>;
  /** whether the slot has entries not decided yet (its draw due, or being drawn by another process) */
  beingDrawn(courtId: string, date: LocalDate, timeSlot: string): Promise<boolean>;
  /**
   * Keeps a draw taken with claim: moves its claim from `held` to `until`, only while it is still
   * this process's (its claim still `held`, not drawn). False when another process has taken it.
   */
  renew(release: BallotRelease, held: Date, until: Date): Promise<boolean>;
  /** the release's pending entries */
  pendingOf(release: BallotRelease): Promise<BallotEntry[]>;
  /**
   * Records the draw in one transaction: every entry's outcome, the order drawn, the release
   * drawn. False (nothing written) when it was drawn already or its claim is no longer `held`.
   */
  decide(
    release: BallotRelease,
    outcomes: readonly { readonly id: string; readonly bookingId: string | null }[],
    order: NonNullable<BallotDraw["order"]>,
    at: Date,
    held: Date,
  ): Promise<boolean>;
  /** the release as an admin audits it */
  drawOf(release: BallotRelease): Promise<BallotDraw>;
}
