import type { Booking } from "./booking.js";
import { remainingOf } from "./booking.js";
import type { Cents } from "./money.js";
import { HOUR_MS } from "./time.js";

/**
 * Holds and the split deadline (DESIGN.md section 8). A new booking holds its slot for a few
 * minutes until its organiser pays; the others pay their shares until a deadline before the
 * start, and then the organiser's saved card pays what is left. The numbers come from
 * configuration (BOOKING_HOLD_MINUTES, MAX_UNPAID_BOOKINGS, SHARE_DEADLINE_HOURS).
 */
export interface BookingPolicy {
  readonly holdMinutes: number;
  /** unpaid bookings a player may hold at once (admins are exempt) */
  readonly maxUnpaidBookings: number;
  /** unpaid bookings a player whose email is not confirmed may hold at once (DESIGN.md section 13) */
  readonly unverifiedUnpaidBookings: number;
  readonly shareDeadlineHours: number;
}

export const DEFAULT_BOOKING_POLICY: BookingPolicy = { holdMinutes: 15, maxUnpaidBookings: 2, unverifiedUnpaidBookings: 1, shareDeadlineHours: 2 };

const MINUTE_MS = 60_000;

export const holdExpiryOf = (createdAt: Date, policy: Pick<BookingPolicy, "holdMinutes">): Date =>
  new Date(createdAt.getTime() + Math.round(policy.holdMinutes * MINUTE_MS));

export const shareDeadlineOf = (start: Date, policy: Pick<BookingPolicy, "shareDeadlineHours">): Date =>
  new Date(start.getTime() - Math.round(policy.shareDeadlineHours * HOUR_MS));

type HoldFields = Pick<Booking, "status" | "paidAmount" | "holdExpiresAt">;

/** The end of the booking's hold while it is an unpaid active booking; null once paid or ended (or without a hold). */
export const holdOf = (booking: HoldFields): Date | null =>
  booking.status === "active" && booking.paidAmount === 0 ? booking.holdExpiresAt : null;

/** An unpaid booking whose hold has run out: it no longer holds its slot, whether or not a sweep has marked it. */
export const isHoldOverdue = (booking: HoldFields, now: Date): boolean => {
  const until = holdOf(booking);
  return until !== null && until.getTime() <= now.getTime();
};

/** The hold still running, or null (paid, expired, cancelled, or a booking without a hold). */
export const liveHoldUntil = (booking: HoldFields, now: Date): Date | null => (isHoldOverdue(booking, now) ? null : holdOf(booking));

/** The booking as it stands at `now`: an overdue hold reads as expired everywhere. */
export const asSeenAt = <B extends Booking>(booking: B, now: Date): B =>
  isHoldOverdue(booking, now) ? { ...booking, status: "expired", holdExpiresAt: null } : { ...booking, holdExpiresAt: liveHoldUntil(booking, now) };

/** Still owed by an organiser whose card was declined at the deadline: it blocks new bookings. */
export const balanceDueOf = (booking: Pick<Booking, "status" | "remainderStatus" | "totalAmount" | "paidAmount">): Cents =>
  booking.remainderStatus === "failed" && booking.status !== "cancelled" && booking.status !== "expired" ? remainingOf(booking) : 0;

/** Shares can be paid only before the deadline; after it, only the whole rest. */
export const isPastShareDeadline = (booking: Pick<Booking, "shareDeadlineAt">, now: Date): boolean =>
  booking.shareDeadlineAt !== null && booking.shareDeadlineAt.getTime() <= now.getTime();

/** Holds an unpaid slot, so it counts against MAX_UNPAID_BOOKINGS. */
export const isUnpaidHold = (booking: HoldFields, now: Date): boolean => liveHoldUntil(booking, now) !== null;
