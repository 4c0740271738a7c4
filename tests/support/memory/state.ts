import type { Block, Booking, BookingSeries, Court, DiscountCode, PaidAfter, Payment, Refund, ShareLink, StoredImage, User, Venue, VenueRules } from "@courts/core";
import type { StoredEvent } from "./memory-events.js";

/**
 * Everything the in-memory repositories hold, in one place so that cascades (venue -> courts ->
 * bookings -> share links) and joins (bookings with their court, payments with their payer)
 * behave like the SQL schema.
 */
export interface MemoryState {
  readonly users: Map<string, User>;
  readonly venues: Map<string, Venue>;
  readonly courts: Map<string, Court>;
  readonly bookings: Map<string, Booking>;
  readonly payments: Map<string, Payment>;
  readonly discountCodes: Map<string, DiscountCode>;
  readonly shareLinks: Map<string, ShareLink>;
  readonly images: Map<string, StoredImage>;
  /** last invoice number given per year (the SQL `invoice_counters` table) */
  readonly invoiceCounters: Map<number, number>;
  readonly blocks: Map<string, Block>;
  /** the refund ledger, with each row's lease (the SQL claimed_until column) */
  readonly refunds: Map<string, Refund & { readonly claimedUntil: Date | null }>;
  /** the domain events recorded with the changes (memory-events.ts) */
  readonly events: Map<string, StoredEvent>;
  readonly series: Map<string, BookingSeries>;
  /** booking id -> series id */
  readonly seriesItems: Map<string, string>;
  /** venue id -> its booking rules, when set (DEFAULT_VENUE_RULES otherwise) */
  readonly venueRules: Map<string, VenueRules>;
}

export const emptyState = (): MemoryState => ({
  users: new Map(),
  venues: new Map(),
  venueRules: new Map(),
  courts: new Map(),
  bookings: new Map(),
  payments: new Map(),
  discountCodes: new Map(),
  shareLinks: new Map(),
  images: new Map(),
  invoiceCounters: new Map(),
  blocks: new Map(),
  refunds: new Map(),
  events: new Map(),
  series: new Map(),
  seriesItems: new Map(),
});

/** What a missing foreign key does in SQL: the write fails loudly. */
export const foreignKeyError = (what: string): Error =>
  new Error(`in-memory foreign key violation: ${what} does not exist`);

/** Sort helper: ascending by the keys returned, compared in order. */
export const byKeys =
  <T>(keys: (item: T) => readonly (string | number)[]) =>
  (a: T, b: T): number => {
    const ka = keys(a);
    const kb = keys(b);
    for (let i = 0; i < ka.length; i++) {
      const x = ka[i]!;
      const y = kb[i]!;
      if (x < y) return -1;
      if (x > y) return 1;
    }
    return 0;
  };

/** Removes a court's bookings and their share links (ON DELETE CASCADE in SQL). */
export const cascadeCourt = (state: MemoryState, courtId: string): void => {
  for (const booking of [...state.bookings.values()]) {
    if (booking.courtId !== courtId) continue;
    state.bookings.delete(booking.id);
    for (const link of [...state.shareLinks.values()]) {
      if (link.bookingId === booking.id) state.shareLinks.delete(link.id);
    }
  }
  state.courts.delete(courtId);
};

/** setImage of venues and courts: only the image fields given change (an explicit null clears one). */
export const setImageIn = <T extends { readonly imageData: string | null; readonly imageUrl: string | null }>(
  rows: Map<string, T>,
  id: string,
  image: { imageData?: string | null; imageUrl?: string | null },
): T | undefined => {
  const current = rows.get(id);
  if (!current) return undefined;
  const next: T = {
    ...current,
    ...(image.imageData !== undefined ? { imageData: image.imageData } : {}),
    ...(image.imageUrl !== undefined ? { imageUrl: image.imageUrl } : {}),
  };
  rows.set(id, next);
  return next;
};

/** A live booking of one of `courtIds` holding money that starts after `after` (CourtRepository.delete's guard). */
export const paidAheadOn = (state: MemoryState, courtIds: ReadonlySet<string>, after: PaidAfter): boolean =>
  [...state.bookings.values()].some(
    (b) =>
      courtIds.has(b.courtId) &&
      b.status !== "cancelled" &&
      b.status !== "expired" &&
      b.paidAmount > 0 &&
      (b.date > after.date || (b.date === after.date && b.timeSlot > after.time)),
  );
