import * as Effect from "effect/Effect";
import type { Booking } from "../domain/booking.js";
import { remainingOf } from "../domain/booking.js";
import type { Payment } from "../domain/entities.js";
import { paidFor, pendingPayment } from "../domain/entities.js";
import { BalanceDue, EmailNotVerified, HoldRecentlyExpired, PlayerLimitReached, SlotTaken, TooManyUnpaidBookings } from "../domain/errors.js";
import { breakdown } from "../domain/fees.js";
import { asSeenAt, isHoldOverdue, reholdAllowedAt, reholdBarSince, unpaidLimitOf } from "../domain/hold.js";
import { displayMoney } from "../domain/money.js";
import { MINUTE_MS, wallClockAt } from "../domain/time.js";
import { clubMomentOf } from "../domain/booking-state.js";
import { playerLimitMessage, type VenueRules } from "../domain/venue-rules.js";
import type { Ports } from "../ports/index.js";
import type { BookingWithCourt, HoldLimits, PlayerLimits } from "../ports/booking-repository.js";
import { alreadyBooked } from "./lookups.js";
import { abandonPayment, CURRENCY, settleIntent } from "./payments.js";
import type { Actor } from "./support.js";
import { call } from "./support.js";

/**
 * Holds that expire and the organiser's guarantee for split payments (DESIGN.md section 8).
 * Every rule holds whether or not a sweep has run: an overdue hold reads as expired, frees its
 * slot for the next booking and cannot be paid; the sweeps only make the database say so.
 */

type HoldPorts = Pick<
  Ports,
  | "bookings"
  | "payments"
  | "refunds"
  | "shareLinks"
  | "gateway"
  | "clock"
  | "discountCodes"
  | "policy"
  | "users"
  | "outbox"
  | "notifications"
  | "ids"
  | "catalog"
  | "waitlist"
  | "courts"
  | "venues"
>;

/**
 * Ends an overdue hold. Its open intents are asked of the provider first: one that succeeded is
 * recorded (a card confirmed just before the end still counts); the others are cancelled at the
 * provider, so a card form left open can never be charged for a slot that was let go.
 * Answers whether this call expired the booking.
 */
export const expireHold = (ports: HoldPorts, booking: Pick<Booking, "id" | "courtId" | "date" | "timeSlot">) =>
  Effect.gen(function* () {
    const payments = yield* call(() => ports.payments.listByBooking(booking.id));
    for (const payment of payments.filter((p) => p.status === "pending")) {
      const intent = yield* call(() => ports.gateway.cancelIntent(payment.stripePaymentIntentId));
      if (intent?.status === "succeeded") yield* settleIntent(ports, payment).pipe(Effect.ignore);
      else yield* abandonPayment(ports, payment);
    }
    // the organiser and the waitlist are told by the events' reactions, whatever happens after this commit
    return yield* call(() =>
      ports.bookings.expireHold(booking.id, ports.clock.now(), [
        { type: "HoldExpired", bookingId: booking.id },
        { type: "SlotFreed", bookingId: booking.id, courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot },
      ]),
    );
  });

/** Sweep step: every overdue hold, claimed so that several processes never handle one twice. */
export const expireOverdueHolds = (ports: HoldPorts) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const claimed = yield* call(() => ports.bookings.claimDue("holds", now, new Date(now.getTime() + 60_000), 50));
    let expired = 0;
    for (const booking of claimed) if (yield* expireHold(ports, booking)) expired++;
    return expired;
  });


/** The wall clock's HH:MM in the club at the first whole minute at or after `instant` (a time said to a person is never early). */
const clockTimeOf = (instant: Date, timeZone: string): string => {
  const wall = wallClockAt(new Date(Math.ceil(instant.getTime() / MINUTE_MS) * MINUTE_MS), timeZone);
  return `${String(wall.hour).padStart(2, "0")}:${String(wall.minute).padStart(2, "0")}`;
};

/** Why a player at their unpaid limit is refused: a confirmed email lifts a lower limit (DESIGN.md section 13). */
const unpaidLimitReached = (ports: HoldPorts, userId: string) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findById(userId));
    const unverified = unpaidLimitOf(ports.policy, false);
    if (user && !user.emailVerified && unverified < ports.policy.maxUnpaidBookings) {
      const more = `más de ${unverified === 1 ? "una reserva" : `${unverified} reservas`} sin pagar`;
      return new EmailNotVerified({
        message: user.email
          ? `Confirma tu correo para tener ${more}: te enviamos un enlace a ${user.email}.`
          : `Agrega un correo en tu perfil y confírmalo para tener ${more}.`,
      });
    }
    return new TooManyUnpaidBookings({
      message: `Ya tienes ${ports.policy.maxUnpaidBookings} reservas sin pagar. Paga o cancela una antes de hacer otra.`,
    });
  });

/**
 * Inserts a new booking with its hold. A slot held by an overdue hold is let go first (asking the
 * provider, as above) and the insert tried once more, so a free-looking slot is bookable at once.
 * A player's limits (unpaid holds, lower until the email is confirmed; no holding again at once a
 * slot whose hold of theirs just ran out; the venue's per-player limits, DESIGN.md section 15)
 * are checked by the database as it writes, so concurrent requests never slip past them; an admin
 * placing a hold has none.
 */
export const placeHold = (ports: HoldPorts, actor: Actor, booking: Booking, venue?: { readonly id: string; readonly rules: VenueRules }) =>
  Effect.gen(function* () {
    const now = booking.createdAt;
    const perPlayer: PlayerLimits | undefined =
      venue && (venue.rules.maxUpcomingPerPlayer !== null || venue.rules.maxPerPlayerPerDay !== null)
        ? {
            venueId: venue.id,
            maxUpcoming: venue.rules.maxUpcomingPerPlayer,
            maxPerDay: venue.rules.maxPerPlayerPerDay,
            from: clubMomentOf(now, ports.clock.timeZone),
          }
        : undefined;
    const limits: HoldLimits = actor.isAdmin
      ? { maxUnpaid: null, now }
      : {
          maxUnpaid: ports.policy.maxUnpaidBookings,
          maxUnpaidUnverified: unpaidLimitOf(ports.policy, false),
          reholdBarSince: reholdBarSince(now, ports.policy),
          ...(perPlayer === undefined ? {} : { perPlayer }),
          now,
        };
    const insert = () => call(() => ports.bookings.insertHold(booking, limits));
    let saved = yield* insert();
    // the statement that refused the hold told who holds the slot: an overdue hold is let go (by
    // this request or, at the same moment, another) and the slot asked once more
    if (typeof saved === "object" && "overdueHold" in saved) {
      yield* expireHold(ports, { id: saved.overdueHold, courtId: booking.courtId, date: booking.date, timeSlot: booking.timeSlot });
      saved = yield* insert();
      if (typeof saved === "object" && "overdueHold" in saved) saved = "slot-taken";
    }
    if (typeof saved === "object" && "ownBooking" in saved) return yield* Effect.fail(alreadyBooked(booking.timeSlot, saved.ownBooking));
    // someone else holding the slot meanwhile is what the player is told then, not a time at which it would still be taken
    if (typeof saved === "object" && "heldUntil" in saved) {
      const holder = yield* call(() => ports.bookings.holderOf(booking.courtId, booking.date, booking.timeSlot));
      if (holder && !isHoldOverdue(holder, now)) saved = "slot-taken";
    }
    if (saved === "slot-taken")
      return yield* Effect.fail(new SlotTaken({ message: `El horario ${booking.timeSlot} ya está reservado para esta cancha` }));
    if (saved === "upcoming-limit" || saved === "day-limit") {
      const max = saved === "upcoming-limit" ? perPlayer?.maxUpcoming : perPlayer?.maxPerDay;
      return yield* Effect.fail(new PlayerLimitReached({ message: playerLimitMessage(saved === "upcoming-limit" ? "upcoming" : "day", max ?? 0) }));
    }
    if (saved === "too-many-unpaid") return yield* Effect.fail(yield* unpaidLimitReached(ports, booking.userId));
    if (saved === "balance-due") {
      const [due] = yield* call(() => ports.bookings.listBalancesDue(booking.userId));
      const amount = due ? displayMoney(remainingOf(due)) : "";
      return yield* Effect.fail(
        new BalanceDue({
          message: `Tienes un saldo pendiente${amount ? ` de ${amount}` : ""}. Completa ese pago antes de hacer una nueva reserva.`,
          bookingId: due?.id ?? "",
        }),
      );
    }
    if (typeof saved === "object" && "heldUntil" in saved) {
      const again = clockTimeOf(reholdAllowedAt(saved.heldUntil, ports.policy), ports.clock.timeZone);
      return yield* Effect.fail(
        new HoldRecentlyExpired({ message: `Tu reserva anterior de esta hora venció sin pago; podrás volver a reservarla a las ${again}.` }),
      );
    }
    return saved;
  });

type RemainderPorts = HoldPorts & Pick<Ports, "ids">;

/** The card the organiser saved with their share, as the provider reports it. */
const organiserCard = (ports: RemainderPorts, booking: Booking, payments: readonly Payment[]) =>
  Effect.gen(function* () {
    const own = payments.filter((p) => p.kind === "partial" && p.userId === booking.userId && p.status === "succeeded");
    for (const payment of own) {
      const intent = yield* call(() => ports.gateway.retrieveIntent(payment.stripePaymentIntentId));
      if (intent?.savedCard) return intent.savedCard;
    }
    return undefined;
  });

/**
 * At the split deadline, what the others did not pay is charged to the organiser's saved card,
 * once: one idempotency key per booking and one payment id kept from the first claim. A refused
 * charge (a SCA request included: nobody is there to answer it) leaves a balance due.
 * Answers "charged", "declined" or "nothing" (paid in full meanwhile).
 */
export const chargeRemainder = (ports: RemainderPorts, booking: BookingWithCourt) =>
  Effect.gen(function* () {
    const amount = remainingOf(booking);
    if (amount === 0 || booking.status !== "active") {
      yield* call(() => ports.bookings.setRemainder(booking.id, "charged"));
      return "nothing" as const;
    }
    const paymentId = (yield* call(() => ports.bookings.setRemainder(booking.id, "charging", { paymentId: ports.ids.uuid() }))) ?? ports.ids.uuid();
    const payments = yield* call(() => ports.payments.listByBooking(booking.id));
    const card = yield* organiserCard(ports, booking, payments);
    const result = card
      ? yield* call(() =>
          ports.gateway.chargeOffSession({
            card,
            amount,
            currency: CURRENCY,
            metadata: { paymentId, bookingId: booking.id, payerId: booking.userId, kind: "remainder" },
            idempotencyKey: `remainder-${booking.id}`,
          }),
        )
      : ({ status: "declined", intentId: null, message: "no card saved" } as const);

    const intentId = result.status === "succeeded" ? result.intent.id : result.intentId;
    let payment = intentId === null ? undefined : yield* call(() => ports.payments.findByIntent(intentId));
    if (intentId !== null && payment === undefined) {
      const figures = breakdown(amount);
      const inserted = yield* call(() =>
        ports.payments.insertPending(
          pendingPayment({
            id: paymentId,
            bookingId: booking.id,
            userId: booking.userId,
            kind: "remainder",
            amount: figures.amount,
            discount: figures.discount,
            discountCode: null,
            discountCodeId: null,
            stripeFee: figures.fee,
            netAmount: figures.net,
            stripePaymentIntentId: intentId,
            shareToken: null,
            createdAt: ports.clock.now(),
            ...paidFor(booking),
          }),
        ),
      );
      // a remainder carries no discount code: there is no use to reserve, so it is always written
      payment = inserted === "code-used-up" ? undefined : inserted;
    }
    if (result.status === "declined") {
      if (payment) yield* call(() => ports.payments.markFailed((payment as Payment).id));
      yield* call(() => ports.bookings.setRemainder(booking.id, "failed", { events: [{ type: "BalanceDue", bookingId: booking.id, amount }], at: ports.clock.now() }));
      return "declined" as const;
    }
    // Money taken that can no longer apply (paid in full or cancelled meanwhile) is refunded by settleIntent.
    if (payment) yield* settleIntent(ports, payment).pipe(Effect.ignore);
    yield* call(() =>
      ports.bookings.setRemainder(booking.id, "charged", {
        events: [{ type: "RemainderCharged", bookingId: booking.id, amount, paymentId: payment?.id ?? null }],
        at: ports.clock.now(),
      }),
    );
    return "charged" as const;
  });

/** Sweep step: every booking past its split deadline with something still unpaid. */
export const chargeDueRemainders = (ports: RemainderPorts) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const claimed = yield* call(() => ports.bookings.claimDue("remainders", now, new Date(now.getTime() + 5 * 60_000), 20));
    let handled = 0;
    for (const booking of claimed) if ((yield* chargeRemainder(ports, booking)) !== "nothing") handled++;
    return handled;
  });

/** The admin's list of outstanding balances. */
export const listOutstandingBalances = (ports: Pick<Ports, "bookings" | "clock">) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    return (yield* call(() => ports.bookings.listBalancesDue())).map((b) => asSeenAt(b, now));
  });
