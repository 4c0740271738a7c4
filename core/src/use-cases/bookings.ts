import * as Effect from "effect/Effect";
import { newBooking } from "../domain/booking.js";
import { isAvailable } from "../domain/entities.js";
import { CourtUnavailable, InvalidInput, OutsideBookingWindow, PlayerLimitReached, SlotInPast, SlotTaken, UserNotFound } from "../domain/errors.js";
import { asSeenAt, holdExpiryOf, shareDeadlineOf } from "../domain/hold.js";
import { clubMomentOf } from "../domain/booking-state.js";
import { memberPrices, type Membership } from "../domain/memberships.js";
import { addDays, instantOf, localDateOf, type LocalDate } from "../domain/time.js";
import { opensAtOf, opensMessage, playerLimitMessage } from "../domain/venue-rules.js";
import { decidesAtOf, inBallotWindow } from "../domain/ballot.js";
import type { BookingWithCourt, Ports } from "../ports/index.js";
import type { CreateBookingBody } from "../schemas/requests.js";
import { DRAW_CLAIM_MS, drawDueBallots } from "./ballots.js";
import { placeHold } from "./holds.js";
import { blockReasonFor, courtNotFound, slotBlocked } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin, requireSelfOrAdmin, requireUser } from "./support.js";

/** How far ahead a slot can be booked with a venue's default rules (DEFAULT_VENUE_RULES.windowDays), and the days the grid shows ahead. */
export const BOOKING_HORIZON_DAYS = 180;

/** The last club-local date a booking may be made for, seen from the club's `today`. */
export const lastBookableDate = (today: LocalDate, windowDays: number = BOOKING_HORIZON_DAYS): LocalDate => addDays(today, windowDays);
/**
 * The last date a player's screens offer for a venue: its window's last day, or 180 days ahead
 * when its window is shorter (a day not open yet is shown closed, with when it opens).
 */
export const lastShownDate = (today: LocalDate, windowDays?: number): LocalDate => addDays(today, Math.max(BOOKING_HORIZON_DAYS, windowDays ?? 0));

type BookingPorts = Pick<
  Ports,
  "courts" | "bookings" | "blocks" | "payments" | "refunds" | "shareLinks" | "gateway" | "discountCodes" | "clock" | "ids" | "policy" | "users" | "outbox" | "notifications" | "catalog" | "waitlist" | "venues" | "memberships"
>;

/** A booking request that passed its checks: who books which court, and when the date opened (null: an admin's). */
interface CheckedRequest {
  readonly userId: string;
  readonly court: Effect.Effect.Success<ReturnType<typeof findCourt>>;
  readonly now: Date;
  readonly start: Date;
  readonly opensAt: Date | null;
  /** the player's membership of the court's venue in force (DESIGN.md section 16): 'Precio socio' and its window */
  readonly member: Membership | undefined;
}

const findCourt = (ports: Pick<Ports, "courts">, courtId: string) => callOr(() => ports.courts.findForBooking(courtId), courtNotFound);

/** Authorization, the court, the hour and the venue's window, in the order a request is refused. */
const checkRequest = (ports: BookingPorts, actor: Actor, input: CreateBookingBody) =>
  Effect.gen(function* () {
    const callerId = yield* requireUser(actor.isAdmin && input.userId ? { ...actor, userId: input.userId } : actor);
    yield* requireSelfOrAdmin(actor, input.userId);
    const userId = input.userId ?? callerId;
    // An admin books for a player named in the body: an unknown id is a 404, not a foreign-key failure.
    if (userId !== actor.userId && !(yield* call(() => ports.users.findById(userId))))
      return yield* Effect.fail(new UserNotFound({ message: `No existe el usuario '${userId}'` }));
    // with its venue's name: the answer is built from what was written, with no second read
    const court = yield* findCourt(ports, input.courtId);
    if (!isAvailable(court)) return yield* Effect.fail(new CourtUnavailable({ message: "La cancha no está disponible para reservas" }));

    const now = ports.clock.now();
    const start = instantOf(input.bookingDate, input.timeSlot, ports.clock.timeZone);
    if (start.getTime() <= now.getTime())
      return yield* Effect.fail(new SlotInPast({ message: "No se puede reservar una fecha u hora pasada" }));
    // The venue's window (DESIGN.md section 15), decided here on the Clock: a date opens windowDays
    // before it, at the release time (midnight without one). Admins are exempt from the rules, not
    // from the farthest a venue may open.
    // A member of the venue books with the plan's window when it has one (DESIGN.md section 16).
    const member = yield* call(() => ports.memberships.activeFor(userId, court.venueId, now));
    const rules = member?.windowDays != null ? { ...court.rules, windowDays: member.windowDays } : court.rules;
    let opensAt: Date | null = null;
    if (actor.isAdmin) {
      const horizon = Math.max(rules.windowDays, BOOKING_HORIZON_DAYS);
      if (input.bookingDate > addDays(localDateOf(now, ports.clock.timeZone), horizon))
        return yield* Effect.fail(new InvalidInput({ field: "bookingDate", message: `Solo se puede reservar con hasta ${horizon} días de anticipación` }));
    } else {
      opensAt = opensAtOf(input.bookingDate, rules, ports.clock.timeZone);
      if (now.getTime() < opensAt.getTime())
        return yield* Effect.fail(
          new OutsideBookingWindow({
            message: opensMessage(localDateOf(opensAt, ports.clock.timeZone), rules.releaseTime ?? "00:00"),
            opensAt: opensAt.toISOString(),
          }),
        );
    }
    const checked: CheckedRequest = { userId, court, now, start, opensAt, member };
    return checked;
  });

/** The hold (or the club's booking) of a checked request, first-come. */
const holdOf = (ports: BookingPorts, actor: Actor, input: CreateBookingBody, { userId, court, now, start, member }: CheckedRequest) =>
  Effect.gen(function* () {
    const { rules } = court;
    // The club booking an hour for a player (the day schedule) collects it, as each week of a fixed
    // booking (DESIGN.md section 10): no hold that would free the slot in 15 minutes while the
    // player is on their way to pay at the desk, and no split deadline charging a card nobody gave.
    const byClub = actor.isAdmin && userId !== actor.userId;
    const booking = newBooking({
      id: ports.ids.uuid(),
      userId,
      // a member pays the court's price less the plan's discount ('Precio socio')
      court: member ? { ...court, prices: memberPrices(court.prices, member.discountPercent) } : court,
      date: input.bookingDate,
      timeSlot: input.timeSlot,
      gameType: input.gameType,
      createdAt: now,
      holdExpiresAt: byClub ? null : holdExpiryOf(now, ports.policy),
      shareDeadlineAt: byClub ? null : shareDeadlineOf(start, ports.policy),
    });
    // A player whose first try was written but whose answer was lost (an outage, a dropped
    // connection) retries: the slot is theirs, and placeHold tells them so with the booking's id.
    const saved = yield* placeHold(ports, actor, booking, { id: court.venueId, rules });
    if (saved === "slot-blocked")
      return yield* Effect.fail(slotBlocked(input.timeSlot, yield* blockReasonFor(ports, court, input.bookingDate, input.timeSlot)));
    // Object.assign, not `{ ...saved, court }`: in Node 20's V8 a spread followed by a new key gives
    // each object a map of its own, and every read of it after that missed V8's caches (docs/PERFORMANCE.md)
    const written: BookingWithCourt = Object.assign({}, saved, {
      court: { id: court.id, name: court.name, courtNumber: court.courtNumber, venueId: court.venueId, venueName: court.venueName },
    });
    return written;
  });

/** A first-come request for an hour whose ballot another process is drawing at that moment. */
const BEING_DRAWN = "Este horario se está sorteando ahora: vuelve a intentarlo en unos segundos";

/** How long after a ballot's decidesAt a player's request runs the draws due first. */
const DRAW_ON_REQUEST_MS = 10 * 60_000;

/** A booking request served first-come (what an admin's always is, and the CLI's). */
export const createBooking = (ports: BookingPorts, actor: Actor, input: CreateBookingBody) =>
  Effect.gen(function* () {
    const checked = yield* checkRequest(ports, actor, input);
    return yield* holdOf(ports, actor, input, checked);
  });

/**
 * A ballot entry is refused up front when the player already holds the venue's maximum (upcoming
 * or of that date; DESIGN.md section 15), as the hold would be. The draw's hold counts again in
 * the database: this is the early answer, not the guarantee.
 */
const refuseOverVenueLimits = (ports: Pick<Ports, "bookings" | "clock">, userId: string, court: CheckedRequest["court"], date: LocalDate, now: Date) =>
  Effect.gen(function* () {
    const { maxUpcomingPerPlayer, maxPerPlayerPerDay } = court.rules;
    if (maxUpcomingPerPlayer === null && maxPerPlayerPerDay === null) return;
    const limits = { venueId: court.venueId, maxUpcoming: maxUpcomingPerPlayer, maxPerDay: maxPerPlayerPerDay, from: clubMomentOf(now, ports.clock.timeZone) };
    const over = yield* call(() => ports.bookings.venueLimitReached({ userId, date }, limits, now));
    if (over === "upcoming-limit") return yield* Effect.fail(new PlayerLimitReached({ message: playerLimitMessage("upcoming", maxUpcomingPerPlayer ?? 0) }));
    if (over === "day-limit") return yield* Effect.fail(new PlayerLimitReached({ message: playerLimitMessage("day", maxPerPlayerPerDay ?? 0) }));
  });

/**
 * A player's booking request (POST /api/bookings): first-come, except for a date that opened less
 * than the venue's ballotSeconds ago (DESIGN.md section 15), whose requests enter the slot's
 * ballot, decided at the opening + ballotSeconds. The same player asking the same slot again
 * during the ballot gets the same entry.
 */
export const requestBooking = (ports: BookingPorts & Pick<Ports, "ballots">, actor: Actor, input: CreateBookingBody) =>
  Effect.gen(function* () {
    const checked = yield* checkRequest(ports, actor, input);
    const { court, now, opensAt, userId } = checked;
    const ballotSeconds = court.rules.ballotSeconds;
    if (!actor.isAdmin && opensAt !== null && inBallotWindow(now, opensAt, ballotSeconds)) {
      yield* refuseOverVenueLimits(ports, userId, court, input.bookingDate, now);
      const entry = yield* call(() =>
        ports.ballots.enter({
          id: ports.ids.uuid(),
          venueId: court.venueId,
          courtId: court.id,
          date: input.bookingDate,
          timeSlot: input.timeSlot,
          gameType: input.gameType,
          userId,
          decidesAt: decidesAtOf(opensAt, ballotSeconds),
          enteredAt: now,
          state: "pending",
          bookingId: null,
        }),
      );
      if (entry !== undefined) return { ballot: entry } as const;
      // its draw has begun (the ballot's seconds ran out while this request was on its way): the
      // request is served as one just after the draw
    }
    // Just after a ballot's decidesAt, before the sweep came by: the draw runs first, so no request
    // served first-come takes a slot its entrants were promised. A slot whose draw another process
    // holds is not served until it is decided (its winner's hold is written before its entries are).
    if (opensAt !== null && ballotSeconds > 0 && now.getTime() < decidesAtOf(opensAt, ballotSeconds).getTime() + DRAW_ON_REQUEST_MS) {
      yield* drawDueBallots(ports, { claimMs: DRAW_CLAIM_MS });
      if (yield* call(() => ports.ballots.beingDrawn(court.id, input.bookingDate, input.timeSlot)))
        return yield* Effect.fail(new SlotTaken({ message: BEING_DRAWN }));
    }
    return { booking: yield* holdOf(ports, actor, input, checked) } as const;
  });

export const listUserBookings = (ports: Pick<Ports, "bookings" | "clock">, actor: Actor, userId?: string) =>
  Effect.gen(function* () {
    yield* requireSelfOrAdmin(actor, userId);
    const owner = userId ?? (yield* requireUser(actor));
    const now = ports.clock.now();
    return (yield* call(() => ports.bookings.listByUser(owner))).map((b) => asSeenAt(b, now));
  });

export const listBookingsOn = (ports: Pick<Ports, "bookings" | "clock">, actor: Actor, date?: string, venueId?: string) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    const day = date ?? localDateOf(ports.clock.now(), ports.clock.timeZone);
    return yield* call(() => ports.bookings.listByDate(day, venueId));
  });

export const todayBookings = (ports: Pick<Ports, "bookings" | "clock">, actor: Actor) => listBookingsOn(ports, actor);
