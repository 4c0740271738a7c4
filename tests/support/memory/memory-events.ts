import { randomUUID } from "node:crypto";
import { eventKeyOf, type DomainEvent, type EventLog, type RecordedEvent } from "@courts/core";
import { byKeys, type MemoryState } from "./state.js";

/** An event as the in-memory log keeps it: with its key, lease and handled time (the SQL columns). */
export type StoredEvent = RecordedEvent & { readonly key: string; readonly claimedUntil: Date | null; readonly handledAt: Date | null; readonly lastError: string | null };

/** Records events as the SQL repositories do inside their transactions: once per key. */
export const recordInMemory = (state: MemoryState, events: readonly DomainEvent[] | undefined, at: Date): void => {
  for (const event of events ?? []) {
    const key = eventKeyOf(event);
    if ([...state.events.values()].some((e) => e.key === key)) continue;
    const id = randomUUID();
    state.events.set(id, { id, key, event, createdAt: at, attempts: 0, claimedUntil: null, handledAt: null, lastError: null });
  }
};

export const memoryEvents = (state: MemoryState): EventLog => ({
  async claim(now, until, limit) {
    const free = [...state.events.values()]
      .filter((e) => e.handledAt === null && (e.claimedUntil === null || e.claimedUntil <= now))
      .sort(byKeys((e) => [e.createdAt.getTime()]))
      .slice(0, limit);
    return free.map((e) => {
      const claimed = { ...e, claimedUntil: until, attempts: e.attempts + 1 };
      state.events.set(e.id, claimed);
      return { id: claimed.id, event: claimed.event, createdAt: claimed.createdAt, attempts: claimed.attempts };
    });
  },
  async record(events, at) {
    recordInMemory(state, events, at);
  },
  async markHandled(id, at) {
    const e = state.events.get(id);
    if (e) state.events.set(id, { ...e, handledAt: at, claimedUntil: null, lastError: null });
  },
  async release(id, error) {
    const e = state.events.get(id);
    if (e && e.handledAt === null) state.events.set(id, { ...e, claimedUntil: null, lastError: error });
  },
});
