import { describe, expect, it } from "vitest";
import {
  ADMIN,
  asUser,
  ballotOf,
  createBooking,
  DEFAULT_VENUE_RULES,
  drawDueBallots,
  drawOrderOf,
  requestBooking,
  setVenueRules,
  type BallotEntry,
  type Ports,
  type User,
} from "@courts/core";
import { aUser } from "../../support/builders.js";
import { club, failure, ok } from "./harness.js";

/**
 * The release ballot (DESIGN.md section 15) on the harness's clock, Saturday 2026-11-21 07:00 in
 * Guayaquil (12:00 UTC): with 7 days ahead opening at 07:00, 2026-11-28 opens right now, and with
 * 60 ballot seconds its requests are drawn at 12:01 UTC.
 */
const OPENS = "2026-11-21T12:00:00.000Z";
const DECIDES = "2026-11-21T12:01:00.000Z";
const DAY = "2026-11-28";

const release = async (rules: Partial<typeof DEFAULT_VENUE_RULES> = {}) => {
  const c = await club();
  const ports: Ports = { ...c.ports, policy: { ...c.ports.policy, maxUnpaidBookings: 100 } };
  await ok(setVenueRules(ports, ADMIN, c.venue.id, { ...DEFAULT_VENUE_RULES, windowDays: 7, releaseTime: "07:00", ballotSeconds: 60, ...rules }));
  c.clock.set(new Date(OPENS));
  const carla = (await ports.users.insert(aUser({ username: "carla", email: "carla@example.com" }))) as User;
  const ask = (actor = c.asAna, timeSlot = "18:00", courtId = c.court.id, date = DAY) =>
    requestBooking(ports, actor, { courtId, bookingDate: date, timeSlot, gameType: "singles" });
  const entered = async (...args: Parameters<typeof ask>): Promise<BallotEntry> => {
    const answer = await ok(ask(...args));
    if (!answer.ballot) throw new Error("expected a ballot entry");
    return answer.ballot;
  };
  const draw = () => ok(drawDueBallots(ports, { claimMs: 60_000 }));
  return { ...c, ports, carla, asCarla: asUser(carla.id), ask, entered, draw };
};

describe("the release ballot", () => {
  it("when a player asks a date opened less than ballotSeconds ago, then the request enters the slot's ballot decided at the opening + ballotSeconds; asking again gives the same entry", async () => {
    const { entered, asAna, ask, court } = await release();
    const entry = await entered();
    expect(entry).toMatchObject({ state: "pending", decidesAt: new Date(DECIDES), courtId: court.id, date: DAY, timeSlot: "18:00" });
    expect((await entered(asAna)).id).toBe(entry.id);
    // the window still comes first: the day after is not open
    expect(await failure(ask(asAna, "18:00", court.id, "2026-11-29"))).toMatchObject({ _tag: "OutsideBookingWindow" });
  });

  it("when an admin asks during the ballot, or a player once it is decided, then it is served first-come", async () => {
    const { ask, clock, ports, court, ana } = await release();
    const byAdmin = await ok(requestBooking(ports, ADMIN, { courtId: court.id, bookingDate: DAY, timeSlot: "10:00", gameType: "singles", userId: ana.id }));
    expect(byAdmin.booking).toBeDefined();
    await ok(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: DAY, timeSlot: "11:00", gameType: "singles", userId: ana.id }));
    clock.set(new Date(DECIDES));
    const answer = await ok(ask());
    expect(answer.ballot).toBeUndefined();
    expect(answer.booking).toMatchObject({ date: DAY, timeSlot: "18:00", paidAmount: 0 });
  });

  it("when a player asks right after decidesAt, before the sweep drew, then the draw runs first: the entrant gets the slot, the late request is refused", async () => {
    const { entered, ask, asBeto, clock, ports } = await release();
    const entry = await entered();
    clock.set(new Date(DECIDES));
    expect(await failure(ask(asBeto))).toMatchObject({ _tag: "SlotTaken" });
    expect(await ok(ballotOf(ports, ADMIN, entry.id))).toMatchObject({ state: "won", bookingId: entry.id });
  });

  it("when another process holds the draw right after decidesAt, then a first-come request for an hour being drawn is refused and writes nothing, an hour nobody entered is served, and the entrant still wins", async () => {
    const { entered, ask, asBeto, clock, ports, court } = await release();
    const entry = await entered();
    clock.set(new Date(DECIDES));
    // the draw taken by another process, which has not written its holds yet
    expect(await ports.ballots.claim({ venueId: entry.venueId, date: DAY }, "seed-of-another", clock.now(), new Date(Date.parse(DECIDES) + 60_000))).toBe("seed-of-another");
    expect(await failure(ask(asBeto))).toMatchObject({ _tag: "SlotTaken", message: "Este horario se está sorteando ahora: vuelve a intentarlo en unos segundos" });
    expect(await ports.bookings.holderOf(court.id, DAY, "18:00")).toBeUndefined();
    expect((await ok(ask(asBeto, "19:00"))).booking).toMatchObject({ timeSlot: "19:00" });
    // the other process is gone; once its claim ran out the draw is taken again and the entrant wins
    clock.set(new Date(Date.parse(DECIDES) + 61_000));
    expect(await failure(ask(asBeto))).toMatchObject({ _tag: "SlotTaken" });
    expect(await ok(ballotOf(ports, ADMIN, entry.id))).toMatchObject({ state: "won", bookingId: entry.id });
  });

  it("when a request still inside the ballot's seconds arrives after another process took the draw, then it is not entered: an hour being drawn answers 409, one nobody entered is served first-come", async () => {
    const { entered, ask, asBeto, clock, ports, court } = await release();
    const entry = await entered();
    // this process's clock a second before decidesAt; another's already past it has taken the draw
    clock.set(new Date(Date.parse(DECIDES) - 1_000));
    expect(await ports.ballots.claim({ venueId: entry.venueId, date: DAY }, "seed-of-another", new Date(DECIDES), new Date(Date.parse(DECIDES) + 60_000))).toBe("seed-of-another");
    expect(await failure(ask(asBeto))).toMatchObject({ _tag: "SlotTaken", message: "Este horario se está sorteando ahora: vuelve a intentarlo en unos segundos" });
    expect((await ok(ask(asBeto, "19:00"))).booking).toMatchObject({ timeSlot: "19:00" });
    expect((await ports.ballots.drawOf({ venueId: entry.venueId, date: DAY })).entries.map((e) => e.id)).toEqual([entry.id]);
    expect(await ports.bookings.holderOf(court.id, DAY, "18:00")).toBeUndefined();
  });

  it("when a draw is so slow that its claim runs out and another process draws the release, then the slow one stops at its next step and records nothing: one draw, one hold per slot, one win per player", async () => {
    const { entered, asAna, asBeto, asCarla, clock, ports, court } = await release();
    const entries = [await entered(asAna, "18:00"), await entered(asBeto, "18:00"), await entered(asCarla, "19:00"), await entered(asAna, "19:00")];
    clock.set(new Date(DECIDES));
    let inner = -1;
    const outer = await ok(
      drawDueBallots(ports, {
        claimMs: 60_000,
        afterHolds: async () => {
          // the slow process stalls after its holds; another takes the release once its claim ran out
          clock.set(new Date(Date.parse(DECIDES) + 61_000));
          inner = await ok(drawDueBallots(ports, { claimMs: 60_000 }));
        },
      }),
    );
    expect([outer, inner]).toEqual([0, 1]);
    const outcomes = await Promise.all(entries.map((e) => ok(ballotOf(ports, ADMIN, e.id))));
    const won = outcomes.filter((o) => o.state === "won");
    expect(won).toHaveLength(2);
    expect(new Set(won.map((o) => o.userId)).size).toBe(2);
    const held = [await ports.bookings.holderOf(court.id, DAY, "18:00"), await ports.bookings.holderOf(court.id, DAY, "19:00")];
    expect(won.map((o) => o.bookingId).sort()).toEqual(held.map((h) => h?.id).sort());
  });

  it("when the ballot is decided, then one entry per slot gets an unpaid hold, the others lose, and each entrant reads their outcome and gets one mail", async () => {
    const { entered, asAna, asBeto, asCarla, clock, draw, ports, ana } = await release();
    const entries = [await entered(asAna), await entered(asBeto), await entered(asCarla)];
    expect(await draw()).toBe(0); // not due yet
    clock.set(new Date(DECIDES));
    expect(await draw()).toBe(1);
    expect(await draw()).toBe(0); // drawn once
    const outcomes = await Promise.all(entries.map((e) => ok(ballotOf(ports, ADMIN, e.id))));
    const won = outcomes.filter((o) => o.state === "won");
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => o.state === "lost")).toHaveLength(2);
    const hold = await ports.bookings.findById(won[0]!.bookingId!);
    expect(hold).toMatchObject({ userId: won[0]!.userId, date: DAY, timeSlot: "18:00", paidAmount: 0, status: "active" });
    expect(hold?.holdExpiresAt?.getTime()).toBeGreaterThan(clock.now().getTime());
    // another player's entry is not there for them
    const anasEntry = entries[0]!;
    expect(await failure(ballotOf(ports, asBeto, anasEntry.id))).toMatchObject({ _tag: "BookingNotFound" });
    expect((await ok(ballotOf(ports, asUser(ana.id), anasEntry.id))).id).toBe(anasEntry.id);
    const mails = await ports.outbox.claim(clock.now(), new Date(clock.now().getTime() + 60_000), 50);
    const ballotMails = mails.filter((m) => m.notice.kind === "ballot");
    expect(ballotMails.map((m) => m.to).sort()).toEqual(["ana@example.com", "beto@example.com", "carla@example.com"]);
    expect(ballotMails.filter((m) => m.notice.kind === "ballot" && m.notice.won)).toHaveLength(1);
  });

  it("when the entrant asks for the outcome after decidesAt, before the sweep drew, then the draw runs first and the answer is the outcome", async () => {
    const { entered, asAna, clock, ports } = await release();
    const entry = await entered();
    expect(await ok(ballotOf(ports, asAna, entry.id))).toMatchObject({ state: "pending" });
    clock.set(new Date(DECIDES));
    expect(await ok(ballotOf(ports, asAna, entry.id))).toMatchObject({ state: "won", bookingId: entry.id });
  });

  it("when a player already holds the venue's maximum, then the request is refused up front (409), not entered", async () => {
    const { ask, ports, court, ana } = await release({ maxUpcomingPerPlayer: 1, maxPerPlayerPerDay: null });
    await ok(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: "2026-11-25", timeSlot: "10:00", gameType: "singles", userId: ana.id }));
    expect(await failure(ask())).toMatchObject({ _tag: "PlayerLimitReached", message: "Ya tienes el máximo de 1 reserva próxima en esta sede" });
    const { ask: askDay, ports: dayPorts, court: dayCourt, ana: dayAna } = await release({ maxPerPlayerPerDay: 1 });
    await ok(createBooking(dayPorts, ADMIN, { courtId: dayCourt.id, bookingDate: DAY, timeSlot: "10:00", gameType: "singles", userId: dayAna.id }));
    expect(await failure(askDay())).toMatchObject({ _tag: "PlayerLimitReached", message: "Ya tienes el máximo de 1 reserva para ese día en esta sede" });
  });

  it("when the admin moves the release time after a draw and the date opens again, then the new entries are drawn at their own decidesAt", async () => {
    const { entered, asAna, asCarla, clock, draw, ports, venue } = await release();
    await entered(asAna);
    clock.set(new Date(DECIDES));
    expect(await draw()).toBe(1);
    await ok(setVenueRules(ports, ADMIN, venue.id, { ...DEFAULT_VENUE_RULES, windowDays: 7, releaseTime: "07:30", ballotSeconds: 60 }));
    clock.set(new Date("2026-11-21T12:30:05.000Z"));
    const late = await entered(asCarla, "19:00");
    expect(late.decidesAt).toEqual(new Date("2026-11-21T12:31:00.000Z"));
    clock.set(late.decidesAt);
    expect(await draw()).toBe(1);
    expect(await ok(ballotOf(ports, asCarla, late.id))).toMatchObject({ state: "won" });
  });

  it("when two players enter the same two slots, then each wins exactly one: a player who won is skipped for the later slots", async () => {
    const { entered, asAna, asBeto, clock, draw, ports } = await release();
    const entries = [await entered(asAna, "18:00"), await entered(asAna, "19:00"), await entered(asBeto, "18:00"), await entered(asBeto, "19:00")];
    clock.set(new Date(DECIDES));
    await draw();
    const outcomes = await Promise.all(entries.map((e) => ok(ballotOf(ports, ADMIN, e.id))));
    const winners = outcomes.filter((o) => o.state === "won").map((o) => o.userId);
    expect(winners.sort()).toEqual([entries[0]!.userId, entries[2]!.userId].sort());
    expect(new Set(outcomes.filter((o) => o.state === "won").map((o) => o.timeSlot)).size).toBe(2);
  });

  it("when the drawn entry's hold cannot be written (the player is at the venue's limit for the day), then the next entry is drawn", async () => {
    const { entered, asAna, asBeto, clock, draw, ports, court, ana, beto } = await release({ maxPerPlayerPerDay: 1 });
    const [a, b] = [await entered(asAna), await entered(asBeto)];
    // the desk books Ana that day after she entered: her hold would pass the venue's limit
    await ok(createBooking(ports, ADMIN, { courtId: court.id, bookingDate: DAY, timeSlot: "10:00", gameType: "singles", userId: ana.id }));
    clock.set(new Date(DECIDES));
    await draw();
    expect(await ok(ballotOf(ports, ADMIN, a.id))).toMatchObject({ state: "lost", bookingId: null });
    expect(await ok(ballotOf(ports, ADMIN, b.id))).toMatchObject({ state: "won", bookingId: b.id });
    expect((await ports.bookings.holderOf(court.id, DAY, "18:00"))?.userId).toBe(beto.id);
  });

  it("when a draw stops after its holds (a crash), then nothing is decided, and taken again it keeps its seed and decides the same winners with no second hold", async () => {
    const { entered, asAna, asBeto, asCarla, clock, ports, court } = await release();
    const entries = [await entered(asAna, "18:00"), await entered(asBeto, "18:00"), await entered(asCarla, "19:00"), await entered(asAna, "19:00")];
    clock.set(new Date(DECIDES));
    const crash = new Error("killed");
    await expect(
      ok(drawDueBallots(ports, { claimMs: 60_000, afterHolds: () => Promise.reject(crash) })),
    ).rejects.toBeDefined();
    expect((await Promise.all(entries.map((e) => ok(ballotOf(ports, ADMIN, e.id))))).every((o) => o.state === "pending")).toBe(true);
    const held = [await ports.bookings.holderOf(court.id, DAY, "18:00"), await ports.bookings.holderOf(court.id, DAY, "19:00")];
    // another process cannot take it while the claim lasts; once it ran out, it is drawn again
    expect(await ok(drawDueBallots(ports, { claimMs: 60_000 }))).toBe(0);
    clock.set(new Date(Date.parse(DECIDES) + 61_000));
    expect(await ok(drawDueBallots(ports, { claimMs: 60_000 }))).toBe(1);
    const outcomes = await Promise.all(entries.map((e) => ok(ballotOf(ports, ADMIN, e.id))));
    const won = outcomes.filter((o) => o.state === "won");
    expect(won.map((o) => o.bookingId).sort()).toEqual(held.map((h) => h?.id).sort());
    expect(new Set(won.map((o) => o.userId)).size).toBe(won.length);
    const draw = await ports.ballots.drawOf({ venueId: entries[0]!.venueId, date: DAY });
    expect(draw.seed).not.toBeNull();
    expect(draw.order?.flatMap((s) => s.entries).sort()).toEqual(entries.map((e) => e.id).sort());
  });
});

describe("the draw's order", () => {
  const entry = (id: string, timeSlot: string, userId = id): BallotEntry => ({
    id,
    venueId: "v",
    courtId: "c",
    date: DAY,
    timeSlot,
    gameType: "singles",
    userId,
    decidesAt: new Date(DECIDES),
    enteredAt: new Date(OPENS),
    state: "pending",
    bookingId: null,
  });
  const entries = ["a", "b", "c", "d", "e", "f"].flatMap((id) => [entry(`${id}1`, "18:00", id), entry(`${id}2`, "19:00", id)]);
  const ids = (seed: string, list = entries) => drawOrderOf(seed, list).map((s) => [s.slot, s.entries.map((e) => e.id)]);

  it("when the same seed draws the same entries in any order, then the order is the same; other seeds draw other orders", () => {
    expect(ids("seed-1")).toEqual(ids("seed-1", [...entries].reverse()));
    const seeds = ["seed-1", "seed-2", "seed-3", "seed-4", "seed-5"].map((s) => JSON.stringify(ids(s)));
    expect(new Set(seeds).size).toBeGreaterThan(1);
    expect(ids("seed-1").flatMap(([, e]) => e as string[]).sort()).toEqual(entries.map((e) => e.id).sort());
  });
});
