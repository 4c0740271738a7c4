import * as Effect from "effect/Effect";
import { remainingOf } from "../domain/booking.js";
import {
  BookingFullyPaid,
  BookingNotActive,
  InvalidInput,
  LevelOutOfRange,
  MatchClosed,
  MatchFull,
  NotAllowed,
  NotInMatch,
  OpenMatchNotFound,
  OrganiserNotPaid,
  OwnMatch,
  PaymentAlreadyRecorded,
  ShareDeadlinePassed,
} from "../domain/errors.js";
import { chargedOf } from "../domain/entities.js";
import type { Cents } from "../domain/money.js";
import {
  inLevelRange,
  isJoinable,
  MATCH_MESSAGES,
  OPEN_MATCH_LIST_LIMIT,
  pricePerPlayerOf,
  spotsLeftOf,
  type MatchPlayer,
  type OpenMatchView,
} from "../domain/open-match.js";
import { PLAYERS } from "../domain/pricing.js";
import { ownShare } from "../domain/shares.js";
import { displayName } from "../domain/account.js";
import { HOUR_MS, localDateOf, wallClockAt } from "../domain/time.js";
import { sendRefundsNow } from "../ledger/refunds.js";
import type { Ports } from "../ports/index.js";
import type { OpenMatchBody, OpenMatchQuery } from "../schemas/open-matches.js";
import { bookingStart, getBooking } from "./lookups.js";
import { createPaymentIntent, type PaymentIntentPorts } from "./payments.js";
import { createShareLink, paymentOf } from "./share-links.js";
import type { Actor } from "./support.js";
import { call, callOr, requireUser } from "./support.js";

/** An open match as the API shows it: the view, its players, what the next player pays and the places left. */
export interface OpenMatchShown {
  readonly match: OpenMatchView;
  readonly players: readonly MatchPlayer[];
  readonly pricePerPlayer: Cents;
  readonly spotsLeft: number;
}

/** Only the booking's organiser opens or closes its match: an admin session is no organiser. */
const organiserOf = (actor: Actor) =>
  actor.userId === null && actor.isAdmin ? Effect.fail(new NotAllowed({ message: MATCH_MESSAGES.notOrganiser })) : requireUser(actor);

const notFound = () => new OpenMatchNotFound({ message: MATCH_MESSAGES.notFound });

const shown = (match: OpenMatchView, players: readonly MatchPlayer[]): OpenMatchShown => ({
  match,
  players,
  pricePerPlayer: pricePerPlayerOf(match),
  spotsLeft: spotsLeftOf(match),
});

const withPlayers = (ports: Pick<Ports, "openMatches">, match: OpenMatchView) =>
  Effect.map(call(() => ports.openMatches.players([match.bookingId])), (byBooking) => shown(match, byBooking.get(match.bookingId) ?? []));

/**
 * The organiser offers the places of their booking to players of a level range (DESIGN.md
 * section 17). Only once they paid at least their share (the hold is over and the organiser's
 * guarantee stands behind the others' shares), before the split deadline, while shares are still
 * unpaid. The places are the booking's share link's: the link is made if missing and lasts until
 * the deadline. Opening again updates the range (or reopens a closed match).
 */
export const openMatch = (
  ports: Pick<Ports, "bookings" | "shareLinks" | "payments" | "clock" | "ids" | "courts" | "openMatches" | "policy">,
  actor: Actor,
  bookingId: string,
  input: OpenMatchBody,
) =>
  Effect.gen(function* () {
    const userId = yield* organiserOf(actor);
    const booking = yield* getBooking(ports, { userId, isAdmin: false }, bookingId);
    if (booking.status !== "active") return yield* Effect.fail(new BookingNotActive({ message: MATCH_MESSAGES.notActive }));
    if (input.levelMin > input.levelMax) return yield* Effect.fail(new InvalidInput({ field: "levelMax", message: MATCH_MESSAGES.range }));
    const now = ports.clock.now();
    const start = bookingStart(booking, ports.clock.timeZone);
    const deadline = booking.shareDeadlineAt ?? start;
    if (deadline.getTime() <= now.getTime()) return yield* Effect.fail(new ShareDeadlinePassed({ message: MATCH_MESSAGES.tooLate }));
    const own = (yield* call(() => ports.payments.listByBooking(booking.id)))
      .filter((p) => p.userId === userId && p.status === "succeeded")
      .reduce((sum, p) => sum + p.amount, 0);
    if (own < ownShare(booking.totalAmount, booking.gameType)) return yield* Effect.fail(new OrganiserNotPaid({ message: MATCH_MESSAGES.organiserUnpaid }));
    if (remainingOf(booking) === 0) return yield* Effect.fail(new BookingFullyPaid({ message: MATCH_MESSAGES.fullyPaid }));
    yield* createShareLink(ports, actor, { bookingId: booking.id, maxParticipants: PLAYERS[booking.gameType] });
    const court = yield* call(() => ports.courts.findById(booking.courtId));
    const id = yield* call(() =>
      ports.openMatches.open({
        id: ports.ids.uuid(),
        bookingId: booking.id,
        venueId: court?.venueId ?? "",
        date: booking.date,
        timeSlot: booking.timeSlot,
        levelMin: input.levelMin,
        levelMax: input.levelMax,
        note: input.note ?? null,
        deadline,
        at: now,
      }),
    );
    const match = yield* callOr(() => ports.openMatches.findById(id), notFound);
    return yield* withPlayers(ports, match);
  });

/** The organiser's own match of a booking (open or closed), for their booking's card. */
export const matchOfBooking = (ports: Pick<Ports, "bookings" | "clock" | "openMatches">, actor: Actor, bookingId: string) =>
  Effect.gen(function* () {
    const booking = yield* getBooking(ports, actor, bookingId);
    const match = yield* callOr(() => ports.openMatches.findByBooking(booking.id), notFound);
    return yield* withPlayers(ports, match);
  });

/** DELETE: no new player joins; those who paid keep their places. */
export const closeMatch = (ports: Pick<Ports, "bookings" | "clock" | "openMatches">, actor: Actor, bookingId: string) =>
  Effect.gen(function* () {
    const userId = yield* organiserOf(actor);
    const booking = yield* getBooking(ports, { userId, isAdmin: false }, bookingId);
    const match = yield* callOr(() => ports.openMatches.findByBooking(booking.id), notFound);
    yield* call(() => ports.openMatches.close(match.id, ports.clock.now()));
  });

/** Public: upcoming open matches with a place left at `at` (now), soonest first; first names and levels only. */
export const listOpenMatches = (ports: Pick<Ports, "openMatches" | "clock">, query: OpenMatchQuery, at: Date = ports.clock.now()) =>
  Effect.gen(function* () {
    const matches = yield* call(() =>
      ports.openMatches.list({
        ...(query.venueId === undefined ? {} : { venueId: query.venueId }),
        ...(query.date === undefined ? {} : { date: query.date }),
        ...(query.level === undefined ? {} : { level: query.level }),
        after: at,
        limit: OPEN_MATCH_LIST_LIMIT,
      }),
    );
    const players = yield* call(() => ports.openMatches.players(matches.map((m) => m.bookingId)));
    return matches.map((m) => shown(m, players.get(m.bookingId) ?? []));
  });

/**
 * Public: one match, for its page (also once full or closed, which the page says); for a
 * signed-in `viewer`, whether they have a paid place in it (the page offers leaving instead of joining).
 */
export const getOpenMatch = (ports: Pick<Ports, "openMatches" | "payments">, id: string, viewer: string | null = null) =>
  Effect.gen(function* () {
    const match = yield* callOr(() => ports.openMatches.findById(id), notFound);
    const shown = yield* withPlayers(ports, match);
    const yours = yield* paymentOf(ports, match.bookingId, viewer);
    return { ...shown, youPlay: yours !== undefined };
  });

/** Places left, told as MATCH_FULL: the link's own refusals are about a link the player never saw. */
const asMatchFull = <E extends { readonly _tag: string }>(error: E): E | MatchFull =>
  error._tag === "ShareLinkPlacesPending"
    ? new MatchFull({ message: MATCH_MESSAGES.fullPending })
    : error._tag === "ShareLinkFull" || error._tag === "BookingFullyPaid"
      ? new MatchFull({ message: MATCH_MESSAGES.full })
      : error;

/**
 * A signed-in player of the match's level takes a place: a card intent for one share, exactly as
 * a share link opens one (its place is held by the pending share for the intent's lifetime, under
 * the link's insert lock, so the last place is never sold twice). The place counts once the share
 * is paid and recorded (POST /api/payments).
 */
export const joinOpenMatch = (ports: PaymentIntentPorts & Pick<Ports, "openMatches">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const match = yield* callOr(() => ports.openMatches.findById(id), notFound);
    const now = ports.clock.now();
    if (match.status !== "open") return yield* Effect.fail(new MatchClosed({ message: MATCH_MESSAGES.closed }));
    if (match.bookingStatus !== "active") return yield* Effect.fail(new BookingNotActive({ message: MATCH_MESSAGES.notActive }));
    if (!isJoinable(match, now)) return yield* Effect.fail(new ShareDeadlinePassed({ message: MATCH_MESSAGES.deadline }));
    if (match.organiserId === userId) return yield* Effect.fail(new OwnMatch({ message: MATCH_MESSAGES.own }));
    const user = yield* call(() => ports.users.findById(userId));
    const level = user?.level ?? null;
    if (level === null) return yield* Effect.fail(new LevelOutOfRange({ message: MATCH_MESSAGES.levelUnset }));
    if (!inLevelRange(level, match)) return yield* Effect.fail(new LevelOutOfRange({ message: MATCH_MESSAGES.levelOut(match.levelMin, match.levelMax) }));
    if (yield* paymentOf(ports, match.bookingId, userId)) return yield* Effect.fail(new PaymentAlreadyRecorded({ message: MATCH_MESSAGES.already }));
    // the player's own open intent is theirs to reuse (a reload of the page): only others' count as full
    const mine = yield* call(() => ports.payments.findPending(match.bookingId, userId, "shared"));
    if (mine === undefined && spotsLeftOf(match) === 0) return yield* Effect.fail(new MatchFull({ message: MATCH_MESSAGES.full }));
    const answer = yield* createPaymentIntent(ports, actor, { bookingId: match.bookingId, shareToken: match.shareToken }).pipe(Effect.mapError(asMatchFull));
    return { ...answer, match };
  });

/**
 * A player leaves before the split deadline: their share goes back in full through the ledger
 * (owed in the same transaction that gives the place back, then sent), and the place is open
 * again. After the deadline the place is theirs: 409. The organiser leaves by cancelling.
 */
export const leaveOpenMatch = (ports: Pick<Ports, "openMatches" | "payments" | "refunds" | "gateway" | "clock" | "ids">, actor: Actor, id: string) =>
  Effect.gen(function* () {
    const userId = yield* requireUser(actor);
    const match = yield* callOr(() => ports.openMatches.findById(id), notFound);
    if (match.organiserId === userId) return yield* Effect.fail(new NotAllowed({ message: MATCH_MESSAGES.organiserLeaves }));
    const payment = (yield* call(() => ports.payments.listByBooking(match.bookingId))).find(
      (p) => p.userId === userId && p.kind === "shared" && p.status === "succeeded",
    );
    if (!payment) return yield* Effect.fail(new NotInMatch({ message: MATCH_MESSAGES.notIn }));
    const now = ports.clock.now();
    if (match.deadline.getTime() <= now.getTime() || match.bookingStatus !== "active")
      return yield* Effect.fail(new ShareDeadlinePassed({ message: MATCH_MESSAGES.leaveDeadline }));
    const refund = { paymentId: payment.id, amount: chargedOf(payment), refundId: ports.ids.uuid() };
    const outcome = yield* call(() =>
      ports.openMatches.leave({ bookingId: match.bookingId, shareLinkId: match.shareLinkId, paymentId: payment.id, counted: payment.amount, refund, at: now, events: [] }),
    );
    if (outcome === "deadline") return yield* Effect.fail(new ShareDeadlinePassed({ message: MATCH_MESSAGES.leaveDeadline }));
    if (outcome === "not-in-match") return yield* Effect.fail(new NotInMatch({ message: MATCH_MESSAGES.notIn }));
    const states = yield* sendRefundsNow(ports, [refund.refundId]);
    return { refundAmount: refund.amount, refundPending: states.get(refund.refundId) === "owed" ? refund.amount : 0 };
  });

/** The daily mail of new matches goes out from this hour of the club's day: a morning read, never at midnight. */
export const MATCH_DIGEST_HOUR = 8;

/**
 * Sweep step: once a day, each player who opted in and has a level gets one mail with the matches
 * opened in the last 24 hours at their level that still have places (not their own). Written to
 * the outbox under one key per player and day, then the player's day is marked, so any number of
 * processes at once, or a crash between the two, still send it once. A day with nothing new marks
 * the player without a mail.
 */
export const enqueueMatchDigests = (ports: Pick<Ports, "openMatches" | "outbox" | "ids" | "clock">, options: { readonly batch?: number } = {}) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const tz = ports.clock.timeZone;
    if (wallClockAt(now, tz).hour < MATCH_DIGEST_HOUR) return 0;
    const day = localDateOf(now, tz);
    const since = new Date(now.getTime() - 24 * HOUR_MS);
    const subscribers = yield* call(() => ports.openMatches.digestSubscribers(day, options.batch ?? 50));
    let written = 0;
    for (const user of subscribers) {
      const level = user.level;
      if (level === null || level === undefined) continue;
      const matches = (yield* call(() => ports.openMatches.list({ after: now, level, openedAfter: since, limit: 10 }))).filter((m) => m.organiserId !== user.id);
      if (matches.length > 0) {
        const sent = yield* call(() =>
          ports.outbox.enqueue({
            id: ports.ids.uuid(),
            eventKey: `match-digest:${user.id}:${day}`,
            to: user.email,
            notice: {
              kind: "match-digest",
              name: displayName(user),
              level,
              matches: matches.map((m) => ({
                id: m.id,
                venueName: m.venueName,
                date: m.date,
                timeSlot: m.timeSlot,
                levelMin: m.levelMin,
                levelMax: m.levelMax,
                spotsLeft: spotsLeftOf(m),
                pricePerPlayer: pricePerPlayerOf(m),
              })),
            },
            createdAt: now,
          }),
        );
        if (sent) written++;
      }
      yield* call(() => ports.openMatches.markDigest(user.id, day));
    }
    return written;
  });
