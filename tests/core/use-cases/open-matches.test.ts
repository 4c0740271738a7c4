import { describe, expect, it } from "vitest";
import {
  createBooking,
  createPaymentIntent,
  enqueueMatchDigests,
  getOpenMatch,
  joinOpenMatch,
  leaveOpenMatch,
  listOpenMatches,
  openMatch,
  reconcileStaleIntents,
  recordPayment,
  type Actor,
  type User,
} from "@courts/core";
import { asUser } from "@courts/core";
import { aUser } from "../../support/builders.js";
import { club, failure, ok } from "./harness.js";

/**
 * Open matches (DESIGN.md section 17) over in-memory ports: who may open one, who may join, a
 * place held by an open intent until paid or abandoned, and leaving before the split deadline.
 */

const MINUTE = 60_000;

type Club = Awaited<ReturnType<typeof club>>;

const playerOf = async (c: Club, username: string, level: number | null, fullName: string | null = null): Promise<Actor> => {
  const user = (await c.ports.users.insert(aUser({ username, email: `${username}@example.com`, fullName, level }))) as User;
  return asUser(user.id);
};

/** Ana's doubles of tomorrow 18:00, her share paid. */
const paidDoubles = async (c: Club) => {
  const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
  const own = await ok(createPaymentIntent(c.ports, c.asAna, { bookingId: booking.id, paymentType: "partial" }));
  await c.pay(own.clientSecret);
  await ok(recordPayment(c.ports, c.asAna, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
  return booking;
};

const joinAndPay = async (c: Club, actor: Actor, matchId: string) => {
  const joined = await ok(joinOpenMatch(c.ports, actor, matchId));
  await c.pay(joined.clientSecret);
  return ok(recordPayment(c.ports, actor, { bookingId: joined.match.bookingId, stripePaymentIntentId: joined.paymentIntentId }));
};

describe("open matches", () => {
  it("when the organiser has not paid their share, then opening is OrganiserNotPaid; someone else's booking is NotAllowed; min above max is InvalidInput", async () => {
    const c = await club();
    const booking = await ok(createBooking(c.ports, c.asAna, { courtId: c.court2.id, bookingDate: "2026-11-22", timeSlot: "18:00", gameType: "doubles" }));
    expect(await failure(openMatch(c.ports, c.asAna, booking.id, { levelMin: 3, levelMax: 4 }))).toMatchObject({ _tag: "OrganiserNotPaid" });
    expect(await failure(openMatch(c.ports, c.asBeto, booking.id, { levelMin: 3, levelMax: 4 }))).toMatchObject({ _tag: "NotAllowed" });
    const paid = await paidDoubles(c);
    expect(await failure(openMatch(c.ports, c.asAna, paid.id, { levelMin: 4.5, levelMax: 4 }))).toMatchObject({ _tag: "InvalidInput", field: "levelMax" });
    expect(await ok(listOpenMatches(c.ports, {}))).toEqual([]);
  });

  it("when a match is open, then players of its level join and pay one share each; the organiser, other levels and a second join are refused", async () => {
    const c = await club();
    const booking = await paidDoubles(c);
    const opened = await ok(openMatch(c.ports, c.asAna, booking.id, { levelMin: 3, levelMax: 4 }));
    expect(opened).toMatchObject({ spotsLeft: 3, pricePerPlayer: 825 });
    const id = opened.match.id;
    expect(await failure(joinOpenMatch(c.ports, c.asAna, id))).toMatchObject({ _tag: "OwnMatch" });
    expect(await failure(joinOpenMatch(c.ports, await playerOf(c, "baja", 2), id))).toMatchObject({ _tag: "LevelOutOfRange", message: "Este partido es para nivel 3.0 a 4.0" });
    expect(await failure(joinOpenMatch(c.ports, await playerOf(c, "sinnivel", null), id))).toMatchObject({ _tag: "LevelOutOfRange" });
    const carla = await playerOf(c, "carla", 3.5, "Carla Ríos");
    await joinAndPay(c, carla, id);
    expect(await failure(joinOpenMatch(c.ports, carla, id))).toMatchObject({ _tag: "PaymentAlreadyRecorded" });
    const shown = await ok(getOpenMatch(c.ports, id));
    expect(shown.spotsLeft).toBe(2);
    expect(shown.players.map((p) => p.firstName)).toEqual(["ana", "Carla"]);
    expect((await ok(listOpenMatches(c.ports, { level: 3.5 }))).map((m) => m.match.id)).toEqual([id]);
    expect(await ok(listOpenMatches(c.ports, { level: 5 }))).toEqual([]);
  });

  it("when a joiner's intent is left unpaid past the intent TTL, then the sweep abandons it and the place reopens", async () => {
    const c = await club();
    const booking = await paidDoubles(c);
    const { match } = await ok(openMatch(c.ports, c.asAna, booking.id, { levelMin: 1, levelMax: 7 }));
    for (const name of ["uno", "dos", "tres"]) await ok(joinOpenMatch(c.ports, await playerOf(c, name, 4), match.id));
    expect(await failure(joinOpenMatch(c.ports, await playerOf(c, "cuatro", 4), match.id))).toMatchObject({ _tag: "MatchFull" });
    expect(await ok(listOpenMatches(c.ports, {}))).toEqual([]);
    c.clock.advance(31 * MINUTE);
    await ok(reconcileStaleIntents(c.ports, { ttlMs: 30 * MINUTE }));
    expect((await ok(getOpenMatch(c.ports, match.id))).spotsLeft).toBe(3);
    await ok(joinOpenMatch(c.ports, await playerOf(c, "cinco", 4), match.id));
  });

  it("when a player leaves before the deadline, then their whole share is owed and sent back and the place reopens; after the deadline they stay", async () => {
    const c = await club();
    const booking = await paidDoubles(c);
    const { match } = await ok(openMatch(c.ports, c.asAna, booking.id, { levelMin: 1, levelMax: 7 }));
    const luis = await playerOf(c, "luis", 4);
    const paid = await joinAndPay(c, luis, match.id);
    const left = await ok(leaveOpenMatch(c.ports, luis, match.id));
    expect(left).toEqual({ refundAmount: paid.payment.amount - paid.payment.discount, refundPending: 0 });
    expect((await c.ports.refunds.byBooking(booking.id)).map((r) => [r.status, r.amount])).toEqual([["sent", left.refundAmount]]);
    expect((await ok(getOpenMatch(c.ports, match.id))).spotsLeft).toBe(3);
    expect(await failure(leaveOpenMatch(c.ports, luis, match.id))).toMatchObject({ _tag: "NotInMatch" });
    expect(await failure(leaveOpenMatch(c.ports, c.asAna, match.id))).toMatchObject({ _tag: "NotAllowed" });

    const eva = await playerOf(c, "eva", 4);
    await joinAndPay(c, eva, match.id);
    c.clock.set(new Date(match.deadline.getTime() + 1_000));
    expect(await failure(leaveOpenMatch(c.ports, eva, match.id))).toMatchObject({ _tag: "ShareDeadlinePassed" });
    expect(await failure(joinOpenMatch(c.ports, await playerOf(c, "tarde", 4), match.id))).toMatchObject({ _tag: "ShareDeadlinePassed" });
  });

  it("when it is morning at the club, then a player who opted in gets one mail a day with the new matches of their level, and none before 08:00", async () => {
    const c = await club();
    const booking = await paidDoubles(c);
    const { match } = await ok(openMatch(c.ports, c.asAna, booking.id, { levelMin: 3, levelMax: 4 }));
    const fan = await c.ports.users.insert(aUser({ username: "fan", email: "fan@example.com", level: 3.5, matchDigest: true }));
    await c.ports.users.insert(aUser({ username: "lejos", email: "lejos@example.com", level: 6, matchDigest: true }));
    const sent: { eventKey: string; to: string }[] = [];
    const ports = { ...c.ports, outbox: { ...c.ports.outbox, enqueue: async (m: { eventKey: string; to: string }) => (sent.some((s) => s.eventKey === m.eventKey) ? false : (sent.push(m), true)) } };
    // the club's clock reads 07:00: too early
    expect(await ok(enqueueMatchDigests(ports))).toBe(0);
    c.clock.advance(2 * 60 * MINUTE);
    expect(await ok(enqueueMatchDigests(ports))).toBe(1);
    expect(sent).toEqual([expect.objectContaining({ to: "fan@example.com", eventKey: `match-digest:${(fan as User).id}:2026-11-21`, notice: expect.objectContaining({ kind: "match-digest", matches: [expect.objectContaining({ id: match.id, spotsLeft: 3 })] }) })]);
    expect(await ok(enqueueMatchDigests(ports))).toBe(0);
  });
});
