import type { Booking } from "./booking.js";
import { remainingOf } from "./booking.js";
import type { Cents } from "./money.js";
import { HOUR_MS, MINUTE_MS } from "./time.js";

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

/**
 * What a hold refused for its slot is told of the booking that holds it (BookingRepository's
 * SlotHeldBy): an overdue hold is let go and the slot asked again; the player's own active or
 * confirmed booking is theirs already; any other is "slot-taken".
 */
export const slotHolderOutcome = (
  holder: HoldFields & Pick<Booking, "id" | "userId">,
  userId: string,
  now: Date,
): "slot-taken" | { readonly overdueHold: string } | { readonly ownBooking: string } => {
  if (isHoldOverdue(holder, now)) return { overdueHold: holder.id };
  if (holder.userId === userId && (holder.status === "active" || holder.status === "confirmed")) return { ownBooking: holder.id };
  return "slot-taken";
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

/**
 * The unpaid holds a player may have at once: fewer until they confirm their email (DESIGN.md
 * section 13), never more than MAX_UNPAID_BOOKINGS.
 */
export const unpaidLimitOf = (policy: Pick<BookingPolicy, "maxUnpaidBookings" | "unverifiedUnpaidBookings">, emailVerified: boolean): number =>
  emailVerified ? policy.maxUnpaidBookings : Math.min(policy.maxUnpaidBookings, policy.unverifiedUnpaidBookings);

/**
 * A player whose hold on a slot ran out unpaid cannot hold that slot again for
 * BOOKING_HOLD_MINUTES (DESIGN.md section 13): without the pause, one account could keep a slot
 * from everyone by holding it again the moment each hold ends. Holds of the player's own on the
 * slot that ended after this instant refuse a new one at `now`.
 */
export const reholdBarSince = (now: Date, policy: Pick<BookingPolicy, "holdMinutes">): Date =>
  new Date(now.getTime() - Math.round(policy.holdMinutes * MINUTE_MS));

/** When the player whose hold on a slot ended at `heldUntil` may hold that slot again. */
export const reholdAllowedAt = (heldUntil: Date, policy: Pick<BookingPolicy, "holdMinutes">): Date => holdExpiryOf(heldUntil, policy);

/** Whether a booking is the player's own hold on a slot that ran out unpaid after `since` (by `now`): it keeps them from holding the slot again. */
export const barsRehold = (
  booking: Pick<Booking, "userId" | "courtId" | "date" | "timeSlot" | "status" | "paidAmount" | "holdExpiresAt">,
  hold: Pick<Booking, "userId" | "courtId" | "date" | "timeSlot">,
  since: Date,
  now: Date,
): boolean =>
  booking.userId === hold.userId &&
  booking.courtId === hold.courtId &&
  booking.date === hold.date &&
  booking.timeSlot === hold.timeSlot &&
  (booking.status === "expired" || booking.status === "active") &&
  booking.paidAmount === 0 &&
  booking.holdExpiresAt !== null &&
  booking.holdExpiresAt.getTime() > since.getTime() &&
  booking.holdExpiresAt.getTime() <= now.getTime();
