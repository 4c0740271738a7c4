import type { ClaimedMessage, OutboxMessage } from "../domain/notices.js";
import type { TimeSlot } from "../domain/slots.js";
import type { LocalDate } from "../domain/time.js";

/** The mail outbox: written with the change it reports, drained by the sweep. */
export interface Outbox {
  /** false when a message with this event key exists already (nothing written) */
  enqueue(message: OutboxMessage): Promise<boolean>;
  /**
   * Claims up to `limit` messages due at `now` (pending, or sending with an expired lease), each
   * with one conditional UPDATE, so concurrent sweepers never take the same row.
   */
  claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]>;
  markSent(id: string, at: Date): Promise<void>;
  retryLater(id: string, nextAttemptAt: Date, error: string): Promise<void>;
  /** a permanent refusal (the server rejected the address): kept for the record, not retried */
  markFailed(id: string, error: string): Promise<void>;
  /** deletes messages sent before `before` (their event keys go with them); how many */
  pruneSent(before: Date): Promise<number>;
}

export interface NotificationSettings {
  readonly remindersEnabled: boolean;
  readonly feedToken: string | null;
}

/** Who paid a share without an account, as they typed it on /shared-payment. */
export interface PayerInfo {
  readonly name: string;
  readonly email: string | null;
}

export interface NotificationRepository {
  /** defaults (reminders on, no feed) for a user who never changed them */
  settings(userId: string): Promise<NotificationSettings>;
  setReminders(userId: string, enabled: boolean, at: Date): Promise<void>;
  /** replaces the user's feed token: the old one stops working */
  setFeedToken(userId: string, token: string, at: Date): Promise<void>;
  userIdByFeedToken(token: string): Promise<string | undefined>;
  savePayer(paymentId: string, payer: PayerInfo): Promise<void>;
  payers(paymentIds: readonly string[]): Promise<ReadonlyMap<string, PayerInfo>>;
  /** ids of active bookings on these dates whose reminder was not sent yet */
  bookingsAwaitingReminder(dates: readonly LocalDate[]): Promise<string[]>;
  /** idempotent */
  markReminded(bookingId: string, at: Date): Promise<void>;
}

export interface WaitlistEntry {
  readonly id: string;
  readonly userId: string;
  readonly courtId: string;
  readonly date: LocalDate;
  readonly timeSlot: TimeSlot;
  readonly createdAt: Date;
  readonly notifiedAt: Date | null;
}

export interface WaitlistRepository {
  /** "exists" when the user already waits for this slot (unique in the database) */
  add(entry: WaitlistEntry): Promise<WaitlistEntry | "exists">;
  findById(id: string): Promise<WaitlistEntry | undefined>;
  remove(id: string): Promise<boolean>;
  /** the user's entries not notified yet */
  listOpenByUser(userId: string): Promise<WaitlistEntry[]>;
  /** entries of a slot not notified yet, oldest first */
  listOpenForSlot(courtId: string, date: LocalDate, timeSlot: TimeSlot): Promise<WaitlistEntry[]>;
  /** conditional: false when it was notified already */
  markNotified(id: string, at: Date): Promise<boolean>;
}

/** Hands one message to the mail server. */
export type MailResult = { readonly ok: true } | { readonly ok: false; readonly permanent: boolean; readonly error: string };

export interface Mailer {
  send(message: OutboxMessage): Promise<MailResult>;
}
