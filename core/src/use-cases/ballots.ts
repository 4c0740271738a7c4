import * as Effect from "effect/Effect";
import * as Either from "effect/Either";
import { displayName } from "../domain/account.js";
import { drawOrderOf, type BallotDraw, type BallotEntry } from "../domain/ballot.js";
import { newBooking } from "../domain/booking.js";
import { memberPrices } from "../domain/memberships.js";
import { clubMomentOf } from "../domain/booking-state.js";
import { isAvailable } from "../domain/entities.js";
import { BookingNotFound } from "../domain/errors.js";
import { holdExpiryOf, shareDeadlineOf } from "../domain/hold.js";
import { instantOf, type LocalDate } from "../domain/time.js";
import type { BallotRelease } from "../ports/ballot-repository.js";
import type { Ports } from "../ports/index.js";
import { placeHold } from "./holds.js";
import { enqueueNotice, factsOf } from "./notifications.js";
import type { Actor } from "./support.js";
import { call, requireAdmin, requireUser } from "./support.js";

type DrawPorts = Parameters<typeof placeHold>[0] & Pick<Ports, "ballots" | "memberships">;

/**
 * What an entrant (or an admin) reads of a ballot entry: GET /api/ballots/{id}. A pending entry
 * past its decidesAt, before the sweep came by, runs the draws due first: the answer is the outcome.
 */
export const ballotOf = (ports: DrawPorts, actor: Actor, id: string) =>
  Effect.gen(function* () {
    const userId = actor.isAdmin ? null : yield* requireUser(actor);
    const entry = yield* call(() => ports.ballots.findById(id));
    // another player's entry is not there for them: the same 404 as an unknown id
    if (!entry || (userId !== null && entry.userId !== userId)) return yield* Effect.fail(new BookingNotFound({ message: "No existe ese sorteo" }));
    if (entry.state !== "pending" || entry.decidesAt.getTime() > ports.clock.now().getTime()) return entry;
    yield* drawDueBallots(ports, { claimMs: DRAW_CLAIM_MS });
    return (yield* call(() => ports.ballots.findById(id))) ?? entry;
  });

/** How long a process keeps a release's draw taken on a request (the sweep's is its own). */
export const DRAW_CLAIM_MS = 60_000;

/** A release's draw as an admin audits it (GET /api/admin/ballots?venueId=&date=). */
export const ballotDrawOf = (ports: Pick<Ports, "ballots">, actor: Actor, venueId: string, date: LocalDate) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    return yield* call(() => ports.ballots.drawOf({ venueId, date }));
  });

export interface DrawOptions {
  /** how long a process keeps a release's draw before another may take it again */
  readonly claimMs: number;
  /** tests only: called once the holds of a draw are written, before it is recorded (a crash there is resumed) */
  readonly afterHolds?: (release: BallotRelease) => Promise<void>;
}

/**
 * The hold of one slot's draw: the entries in their drawn order, each player at most one win of
 * the release; an entry whose hold cannot be written (the slot blocked, a limit of the player)
 * gives way to the next. A draw taken again after a crash finds the hold it wrote (its id is the
 * entry's) and goes on from there: the same seed draws the same order.
 */
const drawSlot = (ports: DrawPorts, release: BallotRelease, entries: readonly BallotEntry[], winners: Set<string>, now: Date) =>
  Effect.gen(function* () {
    const first = entries[0];
    if (!first) return null;
    const holder = yield* call(() => ports.bookings.holderOf(first.courtId, first.date, first.timeSlot));
    const written = holder && entries.find((e) => e.id === holder.id);
    if (written) {
      winners.add(written.userId);
      return written;
    }
    const court = yield* call(() => ports.courts.findForBooking(first.courtId));
    if (!court || !isAvailable(court)) return null;
    for (const entry of entries) {
      if (winners.has(entry.userId)) continue;
      const start = instantOf(entry.date, entry.timeSlot, ports.clock.timeZone);
      if (start.getTime() <= now.getTime()) return null;
      // a member of the venue wins the hour at the member's price, as a first-come booking is charged
      const member = yield* call(() => ports.memberships.activeFor(entry.userId, court.venueId, now));
      const booking = newBooking({
        id: entry.id,
        userId: entry.userId,
        court: member ? { ...court, prices: memberPrices(court.prices, member.discountPercent) } : court,
        date: entry.date,
        timeSlot: entry.timeSlot,
        gameType: entry.gameType,
        createdAt: now,
        holdExpiresAt: holdExpiryOf(now, ports.policy),
        shareDeadlineAt: shareDeadlineOf(start, ports.policy),
      });
      const saved = yield* Effect.either(placeHold(ports, { userId: entry.userId, isAdmin: false }, booking, { id: release.venueId, rules: court.rules }));
      if (Either.isRight(saved) && saved.right !== "slot-blocked") {
        winners.add(entry.userId);
        return entry;
      }
      if (Either.isRight(saved)) return null; // a blocked slot is blocked for every entry
    }
    return null;
  });

/**
 * Draws every release whose ballot is due (DESIGN.md section 15), in the sweep. A release is taken
 * by one process with a conditional update, its seed recorded the first time; the holds are
 * written (each slot at most one, the database's unique slot), then the entrants' mails (one per
 * entry, by event key) and last, in one transaction, every outcome and the order drawn. A process
 * killed midway leaves the release undrawn: taken again once its claim runs out, the same seed
 * draws the same order and finds the holds already written. A slow draw keeps its claim as it goes
 * (before each slot, and every few mails); one that finds it taken by another process stops there
 * and leaves the release to it. How many releases were drawn.
 */
export const drawDueBallots = (ports: DrawPorts, options: DrawOptions) =>
  Effect.gen(function* () {
    const now = ports.clock.now();
    const due = yield* call(() => ports.ballots.dueReleases(now, 20));
    let drawn = 0;
    for (const release of due) {
      let held = new Date(now.getTime() + options.claimMs);
      const seed = yield* call(() => ports.ballots.claim(release, ports.ids.uuid(), now, held));
      if (seed === undefined) continue;
      /** the claim moved on, still this process's; false: another process has the release now */
      const keep = () =>
        Effect.gen(function* () {
          const until = new Date(ports.clock.now().getTime() + options.claimMs);
          if (!(yield* call(() => ports.ballots.renew(release, held, until)))) return false;
          held = until;
          return true;
        });
      const entries = yield* call(() => ports.ballots.pendingOf(release));
      const order = drawOrderOf(seed, entries);
      const winners = new Set<string>();
      const wins = new Map<string, BallotEntry>();
      let kept = true;
      for (const slot of order) {
        if (!(kept = yield* keep())) break;
        const won = yield* drawSlot(ports, release, slot.entries, winners, now);
        if (won) wins.set(won.id, won);
      }
      if (!kept) continue;
      if (options.afterHolds) yield* call(() => options.afterHolds!(release));
      for (const [i, entry] of entries.entries()) {
        if (i % MAILS_PER_RENEWAL === 0 && !(kept = yield* keep())) break;
        yield* tellEntrant(ports, entry, wins.has(entry.id));
      }
      if (!kept) continue;
      const outcomes = entries.map((e) => ({ id: e.id, bookingId: wins.has(e.id) ? e.id : null }));
      const recorded: NonNullable<BallotDraw["order"]> = order.map((s) => ({ slot: s.slot, entries: s.entries.map((e) => e.id) }));
      if (yield* call(() => ports.ballots.decide(release, outcomes, recorded, ports.clock.now(), held))) drawn++;
    }
    return drawn;
  });

/** How many entrants' mails a draw queues between two renewals of its claim. */
const MAILS_PER_RENEWAL = 25;

/** One mail per entry with its outcome: won (pay the hold before its deadline) or lost. */
const tellEntrant = (ports: DrawPorts, entry: BallotEntry, won: boolean) =>
  Effect.gen(function* () {
    const user = yield* call(() => ports.users.findById(entry.userId));
    const court = yield* call(() => ports.courts.findForBooking(entry.courtId));
    if (!user?.email || !court) return;
    const facts = factsOf(
      {
        id: won ? entry.id : "",
        date: entry.date,
        timeSlot: entry.timeSlot,
        gameType: entry.gameType,
        court: { id: court.id, name: court.name, courtNumber: court.courtNumber, venueId: court.venueId, venueName: court.venueName },
      },
      ports.clock.timeZone,
    );
    const holder = won ? yield* call(() => ports.bookings.holderOf(entry.courtId, entry.date, entry.timeSlot)) : undefined;
    const payBy = holder?.holdExpiresAt ? clubMomentOf(holder.holdExpiresAt, ports.clock.timeZone).time : undefined;
    yield* enqueueNotice(ports, `ballot:${entry.id}`, user.email, {
      kind: "ballot",
      name: displayName(user),
      booking: facts,
      won,
      courtId: court.id,
      ...(payBy ? { payBy } : {}),
    });
  });
