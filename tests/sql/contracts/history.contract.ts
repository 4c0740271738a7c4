import { addDays, clubMomentOf, instantOf, type Payment, type PaymentWithPayer } from "@courts/core";
import { expect, it } from "vitest";
import { aBooking, aPayment, written } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { seedBooking, seedCourt, seedPlace } from "../support/seed.js";
import { refundPayment } from "../../support/refund-payment.js";

const at = (iso: string) => new Date(iso);
const TODAY = "2026-11-22";
const ZONE = "America/Guayaquil";
/** The club's clock at `time` on TODAY. */
const momentAt = (time: string) => clubMomentOf(instantOf(TODAY, time, ZONE), ZONE);
/** Before any of TODAY's games: they are all still to be played. */
const MORNING = momentAt("08:00");

/** Lists that grow with history: pages, totals, the export's batches, and the summary's definitions. */
export const historyContract = (subject: () => Subject): void => {
  const repos = () => subject().repos;

  /** A player with bookings on 7 days around TODAY (two slots on TODAY), and another player's booking. */
  const playerWithBookings = async () => {
    const place = await seedPlace(repos());
    const other = await seedPlace(repos());
    const dates = [-3, -2, -1, 0, 0, 1, 2, 5];
    const slots = ["10:00", "10:00", "10:00", "09:00", "18:00", "10:00", "10:00", "10:00"];
    const bookings = [];
    for (let i = 0; i < dates.length; i++)
      bookings.push(await seedBooking(repos(), place, { date: addDays(TODAY, dates[i]!), timeSlot: slots[i]! }));
    await seedBooking(repos(), other, { date: TODAY });
    return { place, bookings };
  };

  it("when a player's bookings are paged, then they come newest first with the total, and pages never overlap", async () => {
    const { place, bookings } = await playerWithBookings();
    const newestFirst = [...bookings].reverse().map((b) => b.id);
    const first = await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 3, now: MORNING });
    const second = await repos().bookings.pageByUser(place.user.id, { page: 2, pageSize: 3, now: MORNING });
    const third = await repos().bookings.pageByUser(place.user.id, { page: 3, pageSize: 3, now: MORNING });
    expect([first, second, third].map((p) => p.total)).toEqual([8, 8, 8]);
    expect([...first.items, ...second.items, ...third.items].map((b) => b.id)).toEqual(newestFirst);
    expect(third.items).toHaveLength(2);
    expect(first).toMatchObject({ page: 1, pageSize: 3 });
    expect(first.items[0]?.court).toMatchObject({ id: place.court.id, venueName: place.venue.name });
    const beyond = await repos().bookings.pageByUser(place.user.id, { page: 9, pageSize: 3, now: MORNING });
    expect(beyond).toEqual({ items: [], total: 8, page: 9, pageSize: 3 });
  });

  it("when upcoming bookings are asked, then today's and later ones come soonest first; past ones newest first", async () => {
    const { place, bookings } = await playerWithBookings();
    const upcoming = await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 10, now: MORNING, scope: "upcoming" });
    expect(upcoming.total).toBe(5);
    expect(upcoming.items.map((b) => [b.date, b.timeSlot])).toEqual([
      [TODAY, "09:00"],
      [TODAY, "18:00"],
      [addDays(TODAY, 1), "10:00"],
      [addDays(TODAY, 2), "10:00"],
      [addDays(TODAY, 5), "10:00"],
    ]);
    const past = await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 2, now: MORNING, scope: "past" });
    expect(past.total).toBe(3);
    expect(past.items.map((b) => b.id)).toEqual([bookings[2]!.id, bookings[1]!.id]);
  });

  it("when the clock passes a game's start, then it moves from upcoming to past, and cancelled, expired or overdue ones are past", async () => {
    const { place, bookings } = await playerWithBookings();
    const later = addDays(TODAY, 3);
    const cancelled = await seedBooking(repos(), place, { date: later, timeSlot: "11:00", status: "cancelled", cancelledAt: at(`${TODAY}T09:00:00.000Z`) });
    const expired = await seedBooking(repos(), place, { date: later, timeSlot: "12:00", status: "expired" });
    // an unpaid hold that ran out before noon, not swept yet
    const overdue = await seedBooking(repos(), place, { date: later, timeSlot: "13:00", holdExpiresAt: momentAt("11:00").at });
    const paid = await seedBooking(repos(), place, { date: later, timeSlot: "14:00", paidAmount: 1450, status: "confirmed" });
    const noon = momentAt("12:00");
    const upcoming = await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 20, now: noon, scope: "upcoming" });
    // TODAY 09:00 started; 18:00 has not; the confirmed one is still to be played
    expect(upcoming.items.map((b) => b.id)).toEqual([bookings[4]!.id, bookings[5]!.id, bookings[6]!.id, paid.id, bookings[7]!.id]);
    expect(upcoming.total).toBe(5);
    const pastPages = [1, 2, 3].map((page) => repos().bookings.pageByUser(place.user.id, { page, pageSize: 3, now: noon, scope: "past" }));
    const past = await Promise.all(pastPages);
    expect(past.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(past.flatMap((p) => p.items.map((b) => b.id))).toEqual([
      overdue.id,
      expired.id,
      cancelled.id,
      bookings[3]!.id,
      bookings[2]!.id,
      bookings[1]!.id,
      bookings[0]!.id,
    ]);
    // a minute before 18:00 the game is upcoming; at 18:00 it started
    const before = await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 1, now: momentAt("17:59"), scope: "upcoming" });
    expect(before.items[0]?.id).toBe(bookings[4]!.id);
    const atStart = await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 1, now: momentAt("18:00"), scope: "past" });
    expect(atStart.items.map((b) => b.id)).toEqual([overdue.id]);
    expect(atStart.total).toBe(8);
  });

  it("when a court goes with its bookings and a hold is written, then each scope's total is what is left, counted or kept", async () => {
    const { place } = await playerWithBookings();
    const second = { user: place.user, court: await seedCourt(repos(), place.venue.id) };
    await seedBooking(repos(), second, { date: addDays(TODAY, -10) });
    await seedBooking(repos(), second, { date: addDays(TODAY, 3) });
    const totals = async () =>
      Promise.all(
        ([undefined, "upcoming", "past"] as const).map(
          async (scope) => (await repos().bookings.pageByUser(place.user.id, { page: 1, pageSize: 1, now: MORNING, ...(scope ? { scope } : {}) })).total,
        ),
      );
    expect(await totals()).toEqual([10, 6, 4]);
    // the database removes the first court's bookings with it (ON DELETE CASCADE), not the repository
    expect(await repos().courts.delete(place.court.id)).toBe(true);
    expect(await totals()).toEqual([2, 1, 1]);
    const hold = aBooking({ userId: place.user.id, courtId: second.court.id, date: addDays(TODAY, 4), timeSlot: "08:00" });
    expect(await repos().bookings.insertHold(hold, { maxUnpaid: null, now: at(`${TODAY}T12:00:00.000Z`) })).toMatchObject({ id: hold.id });
    expect(await totals()).toEqual([3, 2, 1]);
  });

  it("when bookings are fetched by ids, then the existing ones come with their courts in one call", async () => {
    const { bookings } = await playerWithBookings();
    const found = await repos().bookings.findManyByIds([bookings[0]!.id, bookings[3]!.id, "00000000-0000-4000-8000-00000000dead"]);
    expect(found.map((b) => b.id).sort()).toEqual([bookings[0]!.id, bookings[3]!.id].sort());
    expect(await repos().bookings.findManyByIds([])).toEqual([]);
  });

  /** `n` payments of one payer, one minute apart from 2026-11-20 10:00 UTC, the first ones paid. */
  const payments = async (n: number, paid = 0) => {
    const place = await seedPlace(repos());
    const booking = await seedBooking(repos(), place, { date: "2026-11-25", gameType: "doubles", timeSlot: "19:00" });
    const list: Payment[] = [];
    for (let i = 0; i < n; i++)
      list.push(
        written(await repos().payments.insertPending(
          aPayment({ amount: 100 + i, createdAt: new Date(Date.parse("2026-11-20T10:00:00.000Z") + i * 60_000) }, { booking, ...place }),
        )),
      );
    for (const p of list.slice(0, paid))
      await repos().payments.markSucceeded({ intentId: p.stripePaymentIntentId, at: at("2026-11-20T12:00:00.000Z"), shareLinkId: null });
    return { place, list };
  };

  it("when a payer's payments are paged, then they come newest first with the total", async () => {
    const { place, list } = await payments(5);
    const first = await repos().payments.pageByUser(place.user.id, { page: 1, pageSize: 2 });
    const last = await repos().payments.pageByUser(place.user.id, { page: 3, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((p) => p.id)).toEqual([list[4]!.id, list[3]!.id]);
    expect(last.items.map((p) => p.id)).toEqual([list[0]!.id]);
    expect((await repos().payments.pageByUser("nobody", { page: 1, pageSize: 2 })).total).toBe(0);
  });

  it("when transactions are paged and filtered, then the page, its payers and the total follow the filter", async () => {
    const { place, list } = await payments(6, 2);
    const all = await repos().payments.pageTransactions({}, { page: 1, pageSize: 4 });
    expect(all.total).toBe(6);
    expect(all.items.map((p) => p.id)).toEqual([list[5]!.id, list[4]!.id, list[3]!.id, list[2]!.id]);
    expect(all.items[0]).toMatchObject({ userName: place.user.username, userEmail: place.user.email });
    const succeeded = await repos().payments.pageTransactions({ status: "succeeded" }, { page: 1, pageSize: 4 });
    expect(succeeded.total).toBe(2);
    expect(succeeded.items.map((p) => p.id)).toEqual([list[1]!.id, list[0]!.id]);
    expect((await repos().payments.pageTransactions({ status: "refunded" }, { page: 1, pageSize: 4 })).total).toBe(0);
    // [10:01, 10:04): the second, third and fourth payments
    const range = await repos().payments.pageTransactions(
      { from: at("2026-11-20T10:01:00.000Z"), to: at("2026-11-20T10:04:00.000Z") },
      { page: 1, pageSize: 2 },
    );
    expect(range.total).toBe(3);
    expect(range.items.map((p) => p.id)).toEqual([list[3]!.id, list[2]!.id]);
    const pendingInRange = await repos().payments.pageTransactions(
      { from: at("2026-11-20T10:01:00.000Z"), to: at("2026-11-20T10:04:00.000Z"), status: "pending" },
      { page: 1, pageSize: 10 },
    );
    expect(pendingInRange.items.map((p) => p.id)).toEqual([list[3]!.id, list[2]!.id]);
    expect(pendingInRange.total).toBe(2);
  });

  it("when transactions are streamed, then every one of the filter comes once, newest first, across batches and equal instants", async () => {
    const place = await seedPlace(repos());
    const court = await seedCourt(repos(), place.venue.id);
    const booking = await seedBooking(repos(), { user: place.user, court });
    // 61 payments on 7 instants: the batches must break ties by id, not lose or repeat rows
    const inserted: Payment[] = [];
    for (let i = 0; i < 61; i++)
      inserted.push(
        written(await repos().payments.insertPending(
          aPayment({ createdAt: new Date(Date.parse("2026-11-20T10:00:00.000Z") + (i % 7) * 3_600_000) }, { booking, court, venue: place.venue }),
        )),
      );
    const streamed: PaymentWithPayer[] = [];
    for await (const p of repos().payments.streamTransactions({}, { batchSize: 5 })) streamed.push(p);
    expect(streamed).toHaveLength(61);
    expect(new Set(streamed.map((p) => p.id)).size).toBe(61);
    const order = streamed.map((p) => [p.createdAt.getTime(), p.id] as const);
    for (let i = 1; i < order.length; i++) {
      const [t0, id0] = order[i - 1]!;
      const [t1, id1] = order[i]!;
      expect(t0 > t1 || (t0 === t1 && id0 > id1)).toBe(true);
    }
    const firstHours: PaymentWithPayer[] = [];
    const firstTwoHours = { from: at("2026-11-20T10:00:00.000Z"), to: at("2026-11-20T12:00:00.000Z") };
    for await (const p of repos().payments.streamTransactions(firstTwoHours, { batchSize: 4 }))
      firstHours.push(p);
    expect(firstHours).toHaveLength(inserted.filter((p) => p.createdAt < at("2026-11-20T12:00:00.000Z")).length);
  });

  it("when payments are written every way, then the summary equals the transaction rows summed with the same definitions", async () => {
    const { list } = await payments(8, 5);
    await refundPayment(repos(), list[0]!.id, 40);
    await refundPayment(repos(), list[1]!.id, 10_000); // clamped to what was charged
    await repos().payments.markFailed(list[6]!.id);
    await refundPayment(repos(), list[7]!.id, 30); // captured, never applied: counts nowhere

    const rows = (await repos().payments.pageTransactions({}, { page: 1, pageSize: 200 })).items;
    const settled = rows.filter((p) => (p.status === "succeeded" || p.status === "refunded") && p.paidAt !== null);
    const sum = (f: (p: Payment) => number) => settled.reduce((acc, p) => acc + f(p), 0);
    const gross = sum((p) => p.amount);
    const discounts = sum((p) => p.discount);
    const stripeFees = sum((p) => p.stripeFee);
    const refunds = sum((p) => p.refundedAmount);
    const summary = await repos().payments.summary();
    expect(summary).toEqual({
      gross,
      total: gross - discounts - refunds,
      discounts,
      stripeFees,
      refunds,
      net: sum((p) => p.amount - p.discount - p.stripeFee - p.refundedAmount),
      succeededCount: rows.filter((p) => p.status === "succeeded").length,
      pendingAmount: rows.filter((p) => p.status === "pending").reduce((acc, p) => acc + p.amount - p.discount, 0),
      pendingCount: rows.filter((p) => p.status === "pending").length,
    });
    expect(summary.gross - summary.discounts - summary.stripeFees - summary.refunds).toBe(summary.net);
    expect(summary).toMatchObject({ succeededCount: 3, pendingCount: 1 });
    expect((await repos().payments.pageTransactions({ status: "refunded" }, { page: 1, pageSize: 1 })).total).toBe(3);
  });
};
