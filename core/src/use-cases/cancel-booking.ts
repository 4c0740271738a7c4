import * as Effect from "effect/Effect";
import { BookingNotActive } from "../domain/errors.js";
import type { DomainEvent } from "../domain/events.js";
import type { Cents } from "../domain/money.js";
import { refundPercentage } from "../domain/refund.js";
import { decideRefunds } from "../ledger/refund-rule.js";
import { sendRefundsNow } from "../ledger/refunds.js";
import type { Ports } from "../ports/index.js";
import type { CancellationBody } from "../schemas/requests.js";
import { settleOrCancelIntent } from "./payments.js";
import { bookingStart, bookingStarted, clubNow, getBooking } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, requireSelfOrAdmin } from "./support.js";

/**
 * Cancels an active booking and frees its slot. The refund tier is taken at the moment of
 * cancelling; what each payer gets back (the ledger's rule) is owed in the ledger in the same
 * transaction as the cancellation, then sent through the provider (one idempotency key per
 * refund). A provider that is down does not undo the cancellation: the refunds stay owed and the
 * sweep sends them. Open intents are cancelled at the provider (or settled when already charged).
 * `byClub`: the club's own decision (a weekly series it ends), refunded in full whatever the
 * tier, as a closure is: the player did not cancel. Its `group` is the key of the series' event
 * that tells the players (recorded with this cancellation, `also`): this booking's own event then
 * writes no message of its own.
 *
 * A game that began on the club's clock is not cancelled, by its player, the desk or a series'
 * end (DESIGN.md section 14): only a closure (createBlock, its own path) cancels one. Decided here
 * and again by the database's write, against the clock as it reads then, so a request that looked
 * just before the start and writes after it changes nothing either.
 */
export const cancelBooking = (
  ports: Pick<Ports, "bookings" | "payments" | "refunds" | "gateway" | "discountCodes" | "clock" | "shareLinks" | "users" | "notifications" | "waitlist" | "catalog" | "courts" | "venues" | "outbox" | "ids">,
  actor: Actor,
  input: CancellationBody,
  byClub: false | { readonly group: string; readonly also: readonly DomainEvent[] } = false,
) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, input.userId);
    const booking = yield* getBooking(ports, actor, input.bookingId);
    if (booking.status !== "active") return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));
    const now = ports.clock.now();
    const start = bookingStart(booking, ports.clock.timeZone);
    if (start.getTime() <= now.getTime()) return yield* Effect.fail(bookingStarted());
    const percentage = byClub ? 100 : refundPercentage(now, start);
    const payments = yield* call(() => ports.payments.listByBooking(booking.id));
    const owed = decideRefunds(payments, percentage).map((d) => ({ ...d, refundId: ports.ids.uuid() }));
    const cancelled = yield* call(() =>
      ports.bookings.cancel(booking.id, {
        reason: input.cancellationReason ?? null,
        refundPercentage: percentage,
        at: now,
        refunds: { reason: byClub ? "series" : "player", owed },
        // each payer hears their refund and whoever waits for the slot hears it is free (reactions.ts)
        events: [
          byClub
            ? { type: "BookingCancelled", bookingId: booking.id, by: "series", reason: null, group: byClub.group }
            : { type: "BookingCancelled", bookingId: booking.id, by: "player", reason: null },
          { type: "SlotFreed", bookingId: booking.id, courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot },
          ...(byClub ? byClub.also : []),
        ],
        notStartedBy: clubNow(ports.clock),
      }),
    );
    if (cancelled === "started") return yield* Effect.fail(bookingStarted());
    if (!cancelled) return yield* Effect.fail(new BookingNotActive({ message: "La reserva ya no está activa" }));

    // Best effort now; whatever the provider does not confirm is finished by the sweep.
    for (const p of payments.filter((p) => p.status === "pending")) yield* Effect.exit(settleOrCancelIntent(ports, p));
    const states = yield* sendRefundsNow(ports, owed.map((o) => o.refundId));
    const pending: Cents = owed.filter((o) => states.get(o.refundId) === "owed").reduce((sum, o) => sum + o.amount, 0);
    const refunded: Cents = owed.filter((o) => states.get(o.refundId) !== "void").reduce((sum, o) => sum + o.amount, 0);
    const updated = yield* call(() => ports.bookings.findById(booking.id));
    return { refundPercentage: percentage, refundAmount: refunded, refundPending: pending, booking: updated ?? booking };
  });
