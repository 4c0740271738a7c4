import * as Effect from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Cause from "effect/Cause";
import { eventKeyOf, type DomainEvent } from "../domain/events.js";
import type { Ports } from "../ports/index.js";
import {
  enqueueBalanceDue,
  enqueueBookingConfirmed,
  enqueueCancellationNotices,
  enqueueClosureNotice,
  enqueueClubActionNotices,
  enqueueHoldExpired,
  enqueuePaymentNotices,
  enqueueRemainderCharged,
  notifyWaitlist,
} from "./notifications.js";
import { call } from "./support.js";

type ReactionPorts = Pick<
  Ports,
  "events" | "bookings" | "catalog" | "payments" | "users" | "shareLinks" | "notifications" | "waitlist" | "courts" | "venues" | "outbox" | "ids" | "clock"
>;

/** How long one process holds an event while its reactions run (reads and outbox writes only). */
const CLAIM_MS = 60_000;
const BATCH = 50;

/**
 * What follows an event: the messages of DESIGN.md section 9 and the waitlist. Each reaction is
 * idempotent (outbox event keys, waitlist entries marked), so an event whose reactions ran halfway
 * before a crash is simply run again. Answers how many messages it wrote.
 */
export const reactTo = (ports: Omit<ReactionPorts, "events">, event: DomainEvent, recordedAt?: Date): Effect.Effect<number> => {
  switch (event.type) {
    case "PaymentRecorded":
      return Effect.gen(function* () {
        const payment = yield* call(() => ports.payments.findById(event.paymentId));
        return payment ? yield* enqueuePaymentNotices(ports, payment, event) : 0;
      });
    case "BookingConfirmed":
      // the payment that completed it told its payer and the organiser (DESIGN.md section 14);
      // an event recorded before that still writes its own confirmation
      return event.paymentId !== undefined ? Effect.succeed(0) : enqueueBookingConfirmed(ports, event.bookingId);
    case "BookingCancelled":
      // a club action's booking: its players hear of all its bookings at once (its own event)
      if (event.group !== undefined) return Effect.succeed(0);
      return event.by === "closure" ? enqueueClosureNotice(ports, event.bookingId, event.reason ?? "") : enqueueCancellationNotices(ports, event.bookingId);
    case "SeriesBooked":
      return enqueueClubActionNotices(ports, { action: "series-booked", eventKey: eventKeyOf(event), bookingIds: event.bookingIds, reason: null, skipped: event.skipped });
    case "SeriesCancelled":
      return enqueueClubActionNotices(ports, {
        action: "series-cancelled",
        eventKey: eventKeyOf(event),
        bookingIds: event.bookingIds,
        reason: event.reason,
        ...(recordedAt === undefined ? {} : { recordedAt }),
      });
    case "ClubClosed":
      return enqueueClubActionNotices(ports, { action: "closure", eventKey: eventKeyOf(event), bookingIds: event.bookingIds, reason: event.reason });
    case "HoldExpired":
      return enqueueHoldExpired(ports, event.bookingId);
    case "RemainderCharged":
      // a charge recorded as a payment is told by that payment's own message (its way: the saved card)
      return event.paymentId !== null ? Effect.succeed(0) : enqueueRemainderCharged(ports, event.bookingId, event.amount, event.paymentId);
    case "BalanceDue":
      return enqueueBalanceDue(ports, event.bookingId, event.amount);
    case "SlotFreed":
      return notifyWaitlist(ports, event.courtId, event.date, event.timeSlot);
  }
};

/**
 * Sweep step: every event whose reactions have not run, oldest first (a receipt is written before
 * the cancellation that followed it), claimed so that several processes never run one twice at
 * once. A reaction that fails leaves its event for the next pass. Answers how many events ran.
 */
export const handleEvents = (ports: ReactionPorts, options: { readonly limit?: number } = {}) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const claimed = yield* call(() => ports.events.claim(now, new Date(now.getTime() + CLAIM_MS), options.limit ?? BATCH));
    let handled = 0;
    for (const recorded of claimed) {
      const result = yield* Effect.exit(reactTo(ports, recorded.event, recorded.createdAt));
      if (Exit.isSuccess(result)) {
        yield* call(() => ports.events.markHandled(recorded.id, ports.clock.now()));
        handled++;
      } else {
        const error = Cause.squash(result.cause);
        yield* call(() => ports.events.release(recorded.id, error instanceof Error ? error.message : String(error)));
        // where the warning goes is the caller's: the server's log, the operator's terminal
        yield* Effect.logWarning("reacción a un evento fallida: se reintenta en el siguiente barrido", result.cause).pipe(
          Effect.annotateLogs({ eventId: recorded.id, eventType: recorded.event.type }),
        );
      }
    }
    return handled;
  });
