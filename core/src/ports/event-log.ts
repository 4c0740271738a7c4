import type { DomainEvent } from "../domain/events.js";

/** An event as the log keeps it until its reactions ran. */
export interface RecordedEvent {
  readonly id: string;
  readonly event: DomainEvent;
  readonly createdAt: Date;
  readonly attempts: number;
}

/**
 * The events use cases recorded with their changes (the repositories write them inside the same
 * transactions, `events` arguments), read by the one sweep step that runs their reactions.
 */
export interface EventLog {
  /**
   * Claims up to `limit` events whose reactions have not run and that nobody holds at `now`,
   * oldest first, until `until` (one conditional UPDATE; PostgreSQL: FOR UPDATE SKIP LOCKED).
   */
  claim(now: Date, until: Date, limit: number): Promise<RecordedEvent[]>;
  /**
   * Records events on their own, once per key, for what was done in several transactions that
   * each stand alone (a series' weeks, booked one by one): written once they all committed.
   */
  record(events: readonly DomainEvent[], at: Date): Promise<void>;
  /** its reactions ran: never claimed again */
  markHandled(id: string, at: Date): Promise<void>;
  /** a reaction failed: the claim is dropped and the next pass tries again */
  release(id: string, error: string): Promise<void>;
}
