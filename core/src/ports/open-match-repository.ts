import type { User } from "../domain/entities.js";
import type { DomainEvent } from "../domain/events.js";
import type { Cents } from "../domain/money.js";
import type { MatchPlayer, OpenMatchView } from "../domain/open-match.js";
import type { OwedRefund } from "../ledger/refund-rule.js";

/** What opening a match writes (or writes again over a closed one of the same booking). */
export interface OpenMatchOpening {
  readonly id: string;
  readonly bookingId: string;
  readonly venueId: string;
  readonly date: string;
  readonly timeSlot: string;
  readonly levelMin: number;
  readonly levelMax: number;
  readonly note: string | null;
  readonly deadline: Date;
  readonly at: Date;
}

export interface OpenMatchFilter {
  readonly venueId?: string;
  readonly date?: string;
  readonly level?: number;
  /** matches whose deadline is after this instant */
  readonly after: Date;
  /** only the matches first opened after this instant: the daily mail's new ones */
  readonly openedAfter?: Date;
  readonly limit: number;
}

export type LeaveOutcome = "left" | "not-in-match" | "deadline";

/** A public list's answer ready to send: its JSON bytes, and the instant its first match drops out (its deadline). */
export interface OpenMatchListBytes {
  readonly body: Uint8Array;
  /** ms since the epoch; Infinity when the list is empty */
  readonly until: number;
}

export interface OpenMatchRepository {
  /** One match per booking: a closed one opens again with the new range; an open one is updated. Answers its id. */
  open(opening: OpenMatchOpening): Promise<string>;
  /** open -> closed; false when it was not open */
  close(id: string, at: Date): Promise<boolean>;
  findById(id: string): Promise<OpenMatchView | undefined>;
  findByBooking(bookingId: string): Promise<OpenMatchView | undefined>;
  /**
   * Matches still open, of active bookings, whose deadline is after `filter.after`, with a place
   * nobody holds, soonest first; read through an index on (status, deadline), so matches of past
   * days are never scanned.
   */
  list(filter: OpenMatchFilter): Promise<OpenMatchView[]>;
  /**
   * The public list's answer for one filter (`key`) at `now`, as `build` makes it (from list and
   * players) at `now`. The SQL repository keeps it per process while no write it depends on was
   * committed since (its change counter: a match opened, closed or changed, a place taken, held
   * or given back, a payment, a cancellation, a player's name or level, a court's or venue's name)
   * and `now` is between the instant it was built at and its `until`. Absent: build every time.
   */
  keptList?(key: string, now: Date, build: () => Promise<OpenMatchListBytes>): Promise<Uint8Array>;
  /**
   * Players who opted in to the daily mail, with a level and an email, not mailed on `day` yet
   * (club-local YYYY-MM-DD), at most `limit`.
   */
  digestSubscribers(day: string, limit: number): Promise<User[]>;
  /** the player's mail of `day` is done (written, or nothing new): false when another process marked it first */
  markDigest(userId: string, day: string): Promise<boolean>;
  /** who has paid a place in each booking (organiser included), by booking id, in payment order */
  players(bookingIds: readonly string[]): Promise<Map<string, MatchPlayer[]>>;
  /**
   * A player leaves before the deadline, in one transaction: the share's refund owed in full in
   * the ledger, the booking's paid amount lowered by what the share counted, the link's place
   * given back, `events` recorded; only while the payment is still a succeeded share of the
   * booking and the booking is active with its deadline after `at`.
   */
  leave(input: {
    readonly bookingId: string;
    readonly shareLinkId: string;
    readonly paymentId: string;
    /** what the payment added to the booking's paid amount (its amount before discount) */
    readonly counted: Cents;
    readonly refund: OwedRefund;
    readonly at: Date;
    readonly events: readonly DomainEvent[];
  }): Promise<LeaveOutcome>;
}
