import * as Effect from "effect/Effect";
import { CalendarFeedNotFound } from "../domain/errors.js";
import type { CalendarEvent } from "../domain/notices.js";
import { FEED_CANCELLED_DAYS } from "../domain/notices.js";
import { asSeenAt, holdOf } from "../domain/hold.js";
import { HOUR_MS } from "../domain/time.js";

const DAY_MS = 24 * HOUR_MS;
import type { BookingWithCourt } from "../ports/booking-repository.js";
import type { Ports } from "../ports/index.js";
import type { NotificationSettingsBody } from "../schemas/requests.js";
import { MAX_WINDOW_DAYS } from "../domain/venue-rules.js";
import { withBookings } from "./history.js";
import { bookingStart, getBooking } from "./lookups.js";
import type { Actor } from "./support.js";
import { call, requireUser } from "./support.js";

const GAME_TEXT = { singles: "Singles", doubles: "Dobles" } as const;

/** A booking that no longer holds its slot (cancelled, or a hold that expired). */
const isGone = (booking: Pick<BookingWithCourt, "status">): boolean => booking.status !== "active" && booking.status !== "confirmed";

/**
 * The booking as a calendar event (RFC 5545): one UID for its whole life, so a calendar updates
 * the event it has; a cancelled booking is the same event, CANCELLED, with a higher SEQUENCE.
 */
export const calendarEventOf = (booking: BookingWithCourt, timeZone: string, url: string | null): CalendarEvent => {
  const start = bookingStart(booking, timeZone);
  const gone = isGone(booking);
  // an unpaid hold is not a game yet: its slot goes back if it is not paid in time
  const held = !gone && holdOf(booking) !== null;
  const court = `${booking.court.name} (Cancha ${booking.court.courtNumber})`;
  return {
    uid: `reserva-${booking.id}@canchas`,
    sequence: gone ? 1 : 0,
    status: gone ? "CANCELLED" : held ? "TENTATIVE" : "CONFIRMED",
    title: `${gone ? "Cancelada: " : held ? "Por pagar: " : ""}Tenis en ${booking.court.venueName}`,
    description: `${court}, ${GAME_TEXT[booking.gameType]}, ${booking.timeSlot}${held ? ". Sin pagar: la hora se libera si no se paga a tiempo" : ""}`,
    location: `${booking.court.venueName}, ${court}`,
    start,
    end: new Date(start.getTime() + HOUR_MS),
    url,
  };
};

/** GET /api/bookings/{id}/calendar.ics: the owner's or an admin's. */
export const bookingCalendar = (ports: Pick<Ports, "bookings" | "clock">, actor: Actor, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* getBooking(ports, actor, bookingId);
    // a hold that ran out is gone, swept or not (DESIGN.md section 8)
    return calendarEventOf(asSeenAt(booking, ports.clock.now()), ports.clock.timeZone, null);
  });

/**
 * The games a player paid a share of through a friend's link (DESIGN.md section 9: payers get the
 * game's reminder too). Only shares paid within the booking horizon before `at` can be for a game
 * the feed still shows. A share refunded because the game was cancelled keeps it, CANCELLED; one
 * refunded while the game goes on (the link was full when it arrived) was never a place in it.
 */
const sharedGames = (ports: Pick<Ports, "bookings" | "payments">, userId: string, own: ReadonlySet<string>, at: Date) =>
  Effect.gen(function* () {
    const since = at.getTime() - (MAX_WINDOW_DAYS + 2) * DAY_MS;
    const shares = (yield* call(() => ports.payments.listByUser(userId))).filter(
      (p) => p.kind === "shared" && (p.status === "succeeded" || p.status === "refunded") && p.createdAt.getTime() >= since && !own.has(p.bookingId),
    );
    const playing = new Set(shares.filter((p) => p.status === "succeeded").map((p) => p.bookingId));
    // their bookings in one read, as the payment history reads them
    const games = new Map<string, BookingWithCourt>();
    for (const { booking } of yield* withBookings(ports, shares))
      if (booking && (playing.has(booking.id) || isGone(asSeenAt(booking, at)))) games.set(booking.id, booking);
    return [...games.values()];
  });

/**
 * The personal feed: upcoming bookings, the games paid a share of on a friend's booking, and
 * those cancelled in the last 30 days as CANCELLED so a subscribed calendar removes them. The
 * token is the only credential, so an unknown one is a plain 404 that says nothing about whether
 * it ever existed.
 */
export const calendarFeed = (ports: Pick<Ports, "bookings" | "payments" | "notifications" | "clock">, token: string) =>
  Effect.gen(function* () {
    const userId = yield* call(() => ports.notifications.userIdByFeedToken(token));
    if (userId === undefined) return yield* Effect.fail(new CalendarFeedNotFound({ message: "Calendario no encontrado" }));
    const at = ports.clock.now();
    const now = at.getTime();
    const own = yield* call(() => ports.bookings.listByUser(userId));
    const bookings = [...own, ...(yield* sharedGames(ports, userId, new Set(own.map((b) => b.id)), at))];
    const events: CalendarEvent[] = [];
    for (const listed of bookings) {
      const booking = asSeenAt(listed, at);
      const event = calendarEventOf(booking, ports.clock.timeZone, null);
      if (event.end.getTime() < now - DAY_MS) continue;
      if (isGone(booking) && (booking.cancelledAt ?? booking.createdAt).getTime() < now - FEED_CANCELLED_DAYS * DAY_MS) continue;
      events.push(event);
    }
    return events.sort((a, b) => a.start.getTime() - b.start.getTime());
  });

/** The player's feed token, made on first use. */
export const calendarFeedToken = (ports: Pick<Ports, "notifications" | "ids" | "clock">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const settings = yield* call(() => ports.notifications.settings(userId));
    if (settings.feedToken !== null) return settings.feedToken;
    return yield* regenerateCalendarFeed(ports, actor);
  });

/** A new token; the old feed address stops working at once. */
export const regenerateCalendarFeed = (ports: Pick<Ports, "notifications" | "ids" | "clock">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const token = ports.ids.token();
    yield* call(() => ports.notifications.setFeedToken(userId, token, ports.clock.now()));
    return token;
  });

export const notificationSettings = (ports: Pick<Ports, "notifications">, actor: Actor) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const settings = yield* call(() => ports.notifications.settings(userId));
    return { remindersEnabled: settings.remindersEnabled };
  });

export const updateNotificationSettings = (ports: Pick<Ports, "notifications" | "clock">, actor: Actor, input: NotificationSettingsBody) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    yield* call(() => ports.notifications.setReminders(userId, input.remindersEnabled, ports.clock.now()));
    return { remindersEnabled: input.remindersEnabled };
  });
