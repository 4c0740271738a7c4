import type {
  ClaimedMessage,
  NotificationRepository,
  NotificationSettings,
  Outbox,
  OutboxMessage,
  PayerInfo,
  WaitlistEntry,
  WaitlistRepository,
} from "@courts/core";
import type { MemoryState } from "./state.js";

interface OutboxRow extends OutboxMessage {
  status: "pending" | "sending" | "sent" | "failed";
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  sentAt: Date | null;
}

/** The outbox in memory, with the SQL one's semantics (unique event key, leases); `rows` for assertions. */
export const memoryOutbox = (): Outbox & { readonly rows: () => readonly OutboxRow[] } => {
  const rows = new Map<string, OutboxRow>();
  const keys = new Set<string>();
  return {
    rows: () => [...rows.values()],
    async enqueue(message) {
      if (keys.has(message.eventKey)) return false;
      keys.add(message.eventKey);
      rows.set(message.id, { ...message, status: "pending", attempts: 0, nextAttemptAt: message.createdAt, lockedUntil: null, lastError: null, sentAt: null });
      return true;
    },
    async claim(now, leaseUntil, limit) {
      const due = [...rows.values()]
        .filter((r) => (r.status === "pending" && r.nextAttemptAt <= now) || (r.status === "sending" && r.lockedUntil !== null && r.lockedUntil <= now))
        .sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime())
        .slice(0, limit);
      return due.map((r): ClaimedMessage => {
        r.status = "sending";
        r.attempts += 1;
        r.lockedUntil = leaseUntil;
        return { id: r.id, eventKey: r.eventKey, to: r.to, notice: r.notice, createdAt: r.createdAt, attempts: r.attempts };
      });
    },
    async markSent(id, at) {
      const r = rows.get(id);
      if (r?.status === "sending") Object.assign(r, { status: "sent", sentAt: at, lockedUntil: null });
    },
    async retryLater(id, nextAttemptAt, error) {
      const r = rows.get(id);
      if (r?.status === "sending") Object.assign(r, { status: "pending", nextAttemptAt, lockedUntil: null, lastError: error });
    },
    async pruneSent(before) {
      let n = 0;
      for (const r of [...rows.values()])
        if (r.status === "sent" && r.sentAt !== null && r.sentAt < before) {
          rows.delete(r.id);
          keys.delete(r.eventKey);
          n++;
        }
      return n;
    },
    async markFailed(id, error) {
      const r = rows.get(id);
      if (r?.status === "sending") Object.assign(r, { status: "failed", lockedUntil: null, lastError: error });
    },
  };
};

export const memoryNotifications = (state: MemoryState): NotificationRepository => {
  const settings = new Map<string, NotificationSettings>();
  const payers = new Map<string, PayerInfo>();
  const reminded = new Set<string>();
  const of = (userId: string): NotificationSettings => settings.get(userId) ?? { remindersEnabled: true, feedToken: null };
  return {
    async settings(userId) {
      return of(userId);
    },
    async setReminders(userId, enabled) {
      settings.set(userId, { ...of(userId), remindersEnabled: enabled });
    },
    async setFeedToken(userId, token) {
      settings.set(userId, { ...of(userId), feedToken: token });
    },
    async userIdByFeedToken(token) {
      return [...settings.entries()].find(([, s]) => s.feedToken === token)?.[0];
    },
    async savePayer(paymentId, payer) {
      payers.set(paymentId, payer);
    },
    async payers(paymentIds) {
      const out = new Map<string, PayerInfo>();
      for (const id of paymentIds) {
        const p = payers.get(id);
        if (p) out.set(id, p);
      }
      return out;
    },
    async bookingsAwaitingReminder(dates) {
      return [...state.bookings.values()]
        .filter((b) => dates.includes(b.date) && (b.status === "active" || b.status === "confirmed") && !reminded.has(b.id))
        .map((b) => b.id);
    },
    async markReminded(bookingId) {
      reminded.add(bookingId);
    },
  };
};

export const memoryWaitlist = (): WaitlistRepository => {
  const entries = new Map<string, WaitlistEntry>();
  const open = (e: WaitlistEntry) => e.notifiedAt === null;
  return {
    async add(entry) {
      const dup = [...entries.values()].some(
        (e) => open(e) && e.userId === entry.userId && e.courtId === entry.courtId && e.date === entry.date && e.timeSlot === entry.timeSlot,
      );
      if (dup) return "exists";
      entries.set(entry.id, entry);
      return entry;
    },
    async findById(id) {
      return entries.get(id);
    },
    async remove(id) {
      return entries.delete(id);
    },
    async listOpenByUser(userId) {
      return [...entries.values()].filter((e) => open(e) && e.userId === userId);
    },
    async listOpenForSlot(courtId, date, timeSlot) {
      return [...entries.values()].filter((e) => open(e) && e.courtId === courtId && e.date === date && e.timeSlot === timeSlot);
    },
    async markNotified(id, at) {
      const e = entries.get(id);
      if (!e || !open(e)) return false;
      entries.set(id, { ...e, notifiedAt: at });
      return true;
    },
  };
};
