import { randomUUID } from "node:crypto";
import {
  addDays,
  breakdown,
  cardFee,
  isSettled,
  punchCardIntentId,
  SLOTS,
  type Booking,
  type Court,
  type Payment,
  type PaymentKind,
  type PaymentWithPayer,
  type PurchaseProduct,
  type Repositories,
  type User,
  type Venue,
} from "@courts/core";
import type { SqlDatabase } from "@courts/adapters/sql/index";
import { rebuildTransactionDays } from "@courts/adapters/sql/migrations/Migration20261208001100_transaction_days";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPayment } from "../support/builders.js";
import { refundPayment } from "../support/refund-payment.js";
import { emptyTables, openTestDatabase, SQL_ENGINES } from "./support/harness.js";
import { seedBooking, seedCourt, seedPlace } from "./support/seed.js";

/**
 * The owner's reports (DESIGN.md section 18) read aggregates the database keeps with every
 * booking and payment write: their figures are the revenue summary's, to the cent, for the same
 * payments, whatever the history (card, cash, remainder payments, discounts, refunds, cancellations).
 * Products sold (top-ups, punch cards, memberships, by card or at the desk) are money in the
 * summary and rows of the transactions, with no game: the report by game date leaves them out, so
 * summary = report + products sold. A booking paid with a punch card's hour moves money the
 * card's sale counted: in neither (docs/ARCHITECTURE.md, "Money products in the reports").
 */

const FIRST_DAY = "2026-11-02"; // a Monday

interface World {
  readonly user: User;
  readonly other: User;
  readonly venues: readonly Venue[];
  readonly courts: readonly Court[];
  /** what each product sold names: a punch card product and a membership plan of venue 0 */
  readonly refs: Readonly<Record<PurchaseProduct, string | null>>;
  /** a card of each player with hours enough for any history */
  readonly cards: Readonly<Record<string, string>>;
}

const PRODUCT_TABLES = ["punch_card_uses", "punch_cards", "punch_card_products", "memberships", "membership_plans", "wallet_entries", "wallets", "purchases"];

const seedWorld = async (repos: Repositories): Promise<World> => {
  const place = await seedPlace(repos, { user: { fullName: "Ana Pérez" } as Partial<User> });
  const second = await seedPlace(repos);
  const extra = await seedCourt(repos, place.venue.id, { courtNumber: 2, name: "Cancha 2" });
  const at = new Date(Date.UTC(2026, 9, 1));
  const product = { id: randomUUID(), name: "Bono 10 h", hours: 10, price: 120_00, validDays: 3650, venueId: place.venue.id, band: null, active: true, createdAt: at };
  await repos.punchCards.insertProduct(product);
  const plan = { id: randomUUID(), venueId: place.venue.id, name: "Socio anual", price: 200_00, months: 12, discountPercent: 20, windowDays: null, active: true, createdAt: at };
  await repos.memberships.insertPlan(plan);
  const cards: Record<string, string> = {};
  for (const user of [place.user, second.user]) {
    const id = randomUUID();
    await repos.punchCards.insertCard({ id, userId: user.id, productId: product.id, name: product.name, hours: 100, hoursLeft: 100, venueId: null, band: null, expiresAt: new Date(Date.UTC(2036, 0, 1)), purchaseId: null, createdAt: at });
    cards[user.id] = id;
  }
  return {
    user: place.user,
    other: second.user,
    venues: [place.venue, second.venue],
    courts: [place.court, extra, second.court],
    refs: { wallet_topup: null, punch_card: product.id, membership: plan.id },
    cards,
  };
};

/** A product sold to `user`: by card (recorded, or left pending) or at the desk in cash (recorded at once). */
const sell = async (repos: Repositories, world: World, user: User, how: { readonly product: PurchaseProduct; readonly outcome: "recorded" | "pending" | "cash"; readonly at: Date }) => {
  const id = randomUUID();
  const amount = how.product === "wallet_topup" ? 25_00 : how.product === "punch_card" ? 120_00 : 200_00;
  const cash = how.outcome === "cash";
  const intentId = cash ? `cash-${id}` : `pi_test_${id.replaceAll("-", "")}`;
  await repos.purchases.insertPending({
    id,
    userId: user.id,
    product: how.product,
    productRef: world.refs[how.product],
    amount,
    stripeFee: cash ? 0 : cardFee(amount),
    intentId,
    status: "pending",
    invoiceNumber: null,
    taxRate: null,
    buyerName: null,
    buyerEmail: null,
    createdAt: how.at,
    paidAt: null,
  });
  if (how.outcome !== "pending") await repos.purchases.markSucceeded(intentId, how.at);
};

/** A payment of `booking`, recorded (card or remainder: intent then markSucceeded; cash: at the desk) or left as it is. */
const pay = async (
  repos: Repositories,
  booking: Booking,
  court: Court,
  venue: Venue,
  how: {
    readonly kind: PaymentKind;
    readonly amount: number;
    readonly discount: number;
    readonly outcome: "recorded" | "pending" | "failed";
    readonly at: Date;
    /** the payer's punch card, for kind punch_card */
    readonly card?: string;
  },
): Promise<Payment | undefined> => {
  const parts = breakdown(how.amount, how.discount > 0 ? { type: "fixed", value: how.discount } : undefined);
  const payment = aPayment(
    {
      kind: how.kind,
      amount: how.amount,
      discount: parts.discount,
      stripeFee: how.kind === "cash" ? 0 : parts.fee,
      netAmount: how.kind === "cash" ? parts.charged : parts.net,
      createdAt: how.at,
      userId: booking.userId,
    },
    { booking, court, venue },
  );
  if (how.kind === "cash") {
    const outcome = await repos.payments.recordCash(payment, how.at);
    return outcome.kind === "recorded" ? outcome.payment : undefined;
  }
  if (how.kind === "punch_card") {
    // an hour pays what the booking still owes, in full: charged nothing (all of it its discount)
    const now = await repos.bookings.findById(booking.id);
    const owed = now === undefined ? 0 : now.totalAmount - now.paidAmount;
    if (owed <= 0 || how.card === undefined) return undefined;
    const hour = { ...payment, amount: owed, discount: owed, stripeFee: 0, netAmount: 0, stripePaymentIntentId: punchCardIntentId(payment.id) };
    const outcome = await repos.punchCards.recordPayment(hour, how.card, how.at);
    return outcome.kind === "recorded" ? outcome.payment : undefined;
  }
  if ((await repos.payments.insertPending(payment)) === "code-used-up") return undefined;
  if (how.outcome === "recorded") await repos.payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: how.at, shareLinkId: null });
  if (how.outcome === "failed") await repos.payments.markFailed(payment.id);
  return payment;
};

const allOf = async (repos: Repositories, filter: Parameters<Repositories["payments"]["streamTransactions"]>[0] = {}): Promise<PaymentWithPayer[]> => {
  const rows: PaymentWithPayer[] = [];
  for await (const p of repos.payments.streamTransactions(filter, { batchSize: 7 })) rows.push(p);
  return rows;
};

/** The summary's figures over a list of payments, row by row (the CSV's definitions). */
const figuresOf = (payments: readonly Payment[]) => {
  const settled = payments.filter(isSettled);
  const sum = (f: (p: Payment) => number) => settled.reduce((acc, p) => acc + f(p), 0);
  return { gross: sum((p) => p.amount), discounts: sum((p) => p.discount), fees: sum((p) => p.stripeFee), refunds: sum((p) => p.refundedAmount) };
};

const op = fc.record({
  court: fc.integer({ min: 0, max: 2 }),
  day: fc.integer({ min: 0, max: 75 }),
  slot: fc.integer({ min: 0, max: SLOTS.length - 1 }),
  player: fc.boolean(),
  payments: fc.array(
    fc.record({
      kind: fc.constantFrom<PaymentKind>("partial", "full", "cash", "remainder", "punch_card"),
      share: fc.integer({ min: 1, max: 4 }),
      discount: fc.integer({ min: 0, max: 300 }),
      outcome: fc.constantFrom("recorded", "recorded", "pending", "failed" as const),
      refund: fc.integer({ min: 0, max: 100 }),
    }),
    { maxLength: 3 },
  ),
  cancel: fc.boolean(),
  sales: fc.array(
    fc.record({
      product: fc.constantFrom<PurchaseProduct>("wallet_topup", "punch_card", "membership"),
      outcome: fc.constantFrom("recorded", "recorded", "pending", "cash" as const),
    }),
    { maxLength: 2 },
  ),
});

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** the n-th write's instant: over four days of October and every hour, so payment dates' ranges cut days */
const spread = (n: number): Date => new Date(Date.UTC(2026, 9, 1 + (n % 4), (n * 5) % 24, n % 60));

const OCTOBER_START = Date.UTC(2026, 8, 30);
/** an instant of a payment dates' filter: a UTC midnight, a club's (Madrid's) midnight, or any minute */
const edge = fc.oneof(
  fc.integer({ min: 0, max: 100 }).map((d) => new Date(OCTOBER_START + d * 86_400_000)),
  fc.integer({ min: 1, max: 100 }).map((d) => new Date(OCTOBER_START + d * 86_400_000 - 3_600_000)),
  fc.integer({ min: 0, max: 6 * 1440 }).map((m) => new Date(OCTOBER_START + m * 60_000)),
  fc.integer({ min: 0, max: 100 * 1440 }).map((m) => new Date(OCTOBER_START + m * 60_000)),
);
const transactionFilter = fc.record(
  {
    from: edge,
    to: edge,
    venue: fc.integer({ min: 0, max: 1 }),
    status: fc.constantFrom("pending" as const, "succeeded" as const, "failed" as const, "refunded" as const),
    gameFrom: fc.integer({ min: 0, max: 75 }),
    gameTo: fc.integer({ min: 0, max: 75 }),
  },
  { requiredKeys: [] },
);

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`owner reports (${engine.name})`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void> = async () => undefined;
    const r = (): Repositories => db.repositories;

    beforeAll(async () => {
      const opened = await openTestDatabase(engine.name);
      db = opened.db;
      dispose = opened.dispose;
    });
    afterAll(async () => {
      await dispose();
    });

    /** Writes a random history through the repositories; answers the world it wrote into. */
    const writeHistory = async (ops: readonly Op[]): Promise<World> => {
      for (const table of PRODUCT_TABLES) await db.sql.run(`delete from ${table}`);
      await emptyTables(db);
      // the plans went before their purchases above (the app deletes neither): the day counts start afresh
      await db.sql.run("delete from transaction_days");
      const world = await seedWorld(r());
      const taken = new Set<string>();
      let minute = 0;
      for (const o of ops) {
        const court = world.courts[o.court]!;
        const venue = world.venues.find((v) => v.id === court.venueId)!;
        const date = addDays(FIRST_DAY, o.day);
        const key = `${court.id} ${date} ${o.slot}`;
        if (taken.has(key)) continue;
        taken.add(key);
        const booking = await seedBooking(r(), { user: o.player ? world.user : world.other, court }, { date, timeSlot: SLOTS[o.slot]! });
        for (const p of o.payments) {
          minute += 1;
          const at = spread(minute);
          const amount = Math.max(1, Math.floor(booking.totalAmount / 4) * p.share);
          const paid = await pay(r(), booking, court, venue, {
            kind: p.kind,
            amount,
            discount: Math.min(p.discount, amount),
            outcome: p.kind === "cash" ? "recorded" : p.outcome,
            at,
            card: world.cards[booking.userId],
          });
          if (paid?.kind === "punch_card") seen.punch += 1;
          if (paid !== undefined && p.refund > 0) {
            const now = await r().payments.findById(paid.id);
            if (now !== undefined) {
              const left = now.amount - now.discount - now.refundedAmount;
              const back = Math.floor((left * p.refund) / 100);
              if (back > 0) await refundPayment(r(), paid.id, back, at);
            }
          }
        }
        if (o.cancel) await r().bookings.cancel(booking.id, { reason: null, refundPercentage: 0, at: new Date(Date.UTC(2026, 9, 2)) });
        for (const sale of o.sales) {
          minute += 1;
          await sell(r(), world, o.player ? world.user : world.other, { ...sale, at: spread(minute) });
          if (sale.outcome !== "pending") seen.sales += 1;
        }
      }
      return world;
    };

    const seen = { gross: 0, discounts: 0, refunds: 0, sales: 0, punch: 0 };
    it("when any history of card, cash, remainder and punch-card payments with discounts, refunds and cancellations, and of products sold, is written, then the revenue report's total and the products sold equal the revenue summary to the cent, so do the transactions, and each venue's and period's report equals its own payments", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 75 }), fc.integer({ min: 0, max: 30 }), fc.array(transactionFilter, { maxLength: 4 }), async (ops, start, length, filters) => {
          const world = await writeHistory(ops);
          const everything = { from: FIRST_DAY, to: addDays(FIRST_DAY, 80) };
          const summary = await r().payments.summary();
          const products = await r().purchases.totals();
          if (summary.refunds > 0) seen.refunds += 1;
          if (summary.discounts > 0) seen.discounts += 1;
          if (summary.gross > 0) seen.gross += 1;
          for (const groupBy of ["month", "venue", "court"] as const) {
            const rows = await r().reports.revenue(everything, groupBy);
            const total = rows.reduce(
              (acc, row) => ({ gross: acc.gross + row.gross, discounts: acc.discounts + row.discounts, fees: acc.fees + row.fees, refunds: acc.refunds + row.refunds }),
              { gross: 0, discounts: 0, fees: 0, refunds: 0 },
            );
            // the products sold have no game: the summary holds them beside the report
            expect({ ...total, gross: total.gross + products.amount, fees: total.fees + products.fees }).toEqual({
              gross: summary.gross,
              discounts: summary.discounts,
              fees: summary.stripeFees,
              refunds: summary.refunds,
            });
          }
          // every transaction, products included, row by row: the summary's figures
          const listed = await allOf(r());
          expect(figuresOf(listed)).toEqual({ gross: summary.gross, discounts: summary.discounts, fees: summary.stripeFees, refunds: summary.refunds });
          expect(listed.filter((t) => t.sale !== undefined)).toHaveLength(await db.sql.one("select count(*) as n from purchases").then((row) => Number(row?.["n"] ?? 0)));
          // one venue, a part of the period: the payments the transactions list for the same filter
          const venue = world.venues[0]!;
          const period = { from: addDays(FIRST_DAY, start), to: addDays(FIRST_DAY, start + length), venueId: venue.id };
          const own = await allOf(r(), { gameFrom: period.from, gameTo: period.to, venueId: venue.id });
          const rows = await r().reports.revenue(period, "court");
          const found = rows.reduce(
            (acc, row) => ({ gross: acc.gross + row.gross, discounts: acc.discounts + row.discounts, fees: acc.fees + row.fees, refunds: acc.refunds + row.refunds }),
            { gross: 0, discounts: 0, fees: 0, refunds: 0 },
          );
          expect(found).toEqual(figuresOf(own));
          // the live bookings counted by the revenue and the occupancy reports are the same ones
          const booked = (await r().reports.occupancy(period)).booked.reduce((acc, c) => acc + c.booked, 0);
          expect(rows.reduce((acc, row) => acc + row.bookings, 0)).toBe(booked);
          // any filter's total (kept per day, part-days counted) is the rows its pages walk by cursor
          for (const f of [{}, ...filters]) {
            const filter = {
              ...(f.from === undefined ? {} : { from: f.from }),
              ...(f.to === undefined || (f.from !== undefined && f.to < f.from) ? {} : { to: f.to }),
              ...(f.venue === undefined ? {} : { venueId: world.venues[f.venue]!.id }),
              ...(f.status === undefined ? {} : { status: f.status }),
              ...(f.gameFrom === undefined ? {} : { gameFrom: addDays(FIRST_DAY, f.gameFrom) }),
              ...(f.gameTo === undefined ? {} : { gameTo: addDays(FIRST_DAY, f.gameTo) }),
            };
            const walked: string[] = [];
            let page = await r().payments.pageTransactions(filter, { page: 1, pageSize: 5 });
            for (;;) {
              walked.push(...page.items.map((t) => t.id));
              if (page.nextAfter === null) break;
              const next = await r().payments.pageTransactions(filter, { page: 1, pageSize: 5, after: page.nextAfter });
              expect(next.total).toBe(page.total);
              page = next;
            }
            expect({ filter, total: page.total }).toEqual({ filter, total: walked.length });
            expect(new Set(walked).size).toBe(walked.length);
            expect(walked).toEqual((await allOf(r(), filter)).map((t) => t.id));
          }
          // what the triggers kept is what the migration rebuilds from the rows
          const kept = async () =>
            (await db.sql.all("select day, venue_id, status, payments, products from transaction_days where payments <> 0 or products <> 0 order by day, venue_id, status")).map(
              (row) => `${String(row["day"])} ${String(row["venue_id"])} ${String(row["status"])} ${Number(row["payments"])} ${Number(row["products"])}`,
            );
          const before = await kept();
          for (const statement of rebuildTransactionDays(engine.name === "postgresql")) await db.sql.run(statement);
          expect(before).toEqual(await kept());
        }),
        { numRuns: engine.name === "postgresql" ? 12 : 25 },
      );
      // the histories did hold money, discounts and refunds: the property was not met by empty sums
      expect(Math.min(seen.gross, seen.discounts, seen.refunds, seen.sales, seen.punch)).toBeGreaterThan(0);
    }, 120_000);

    it("when payments and products sold are written at every hour over three months, then the total of any filter by payment dates (whole days or cut anywhere), game dates, venue and status is the rows its pages walk by cursor", async () => {
      for (const table of PRODUCT_TABLES) await db.sql.run(`delete from ${table}`);
      await emptyTables(db);
      await db.sql.run("delete from transaction_days");
      const world = await seedWorld(r());
      const outcomes = ["recorded", "pending", "failed"] as const;
      for (let i = 0; i < 60; i++) {
        const court = world.courts[i % 3]!;
        const venue = world.venues.find((v) => v.id === court.venueId)!;
        const booking = await seedBooking(r(), { user: i % 2 === 0 ? world.user : world.other, court }, { date: addDays(FIRST_DAY, (i * 2) % 75), timeSlot: SLOTS[i % SLOTS.length]! });
        // every 37 h 7 min: over three months (whole months, days and part-days read), at every hour
        const at = new Date(OCTOBER_START + 86_400_000 + i * 2227 * 60_000);
        await pay(r(), booking, court, venue, { kind: i % 7 === 0 ? "cash" : "full", amount: 1000, discount: 0, outcome: outcomes[i % 3]!, at });
        if (i % 4 === 0) {
          const paid = (await r().payments.listByBooking(booking.id)).find((p) => p.status === "succeeded");
          if (paid !== undefined && i % 8 === 0) await refundPayment(r(), paid.id, 1000, at);
        }
        if (i % 3 === 1) await sell(r(), world, world.user, { product: (["wallet_topup", "punch_card", "membership"] as const)[i % 3]!, outcome: i % 2 === 0 ? "pending" : "cash", at: new Date(at.getTime() + 30_000) });
      }
      await fc.assert(
        fc.asyncProperty(transactionFilter, async (f) => {
          const filter = {
            ...(f.from === undefined ? {} : { from: f.from }),
            ...(f.to === undefined || (f.from !== undefined && f.to < f.from) ? {} : { to: f.to }),
            ...(f.venue === undefined ? {} : { venueId: world.venues[f.venue]!.id }),
            ...(f.status === undefined ? {} : { status: f.status }),
            // game dates over three months too (their whole months kept, the days outside them from report_days)
            ...(f.gameFrom === undefined ? {} : { gameFrom: addDays(FIRST_DAY, f.gameFrom - 5) }),
            ...(f.gameTo === undefined ? {} : { gameTo: addDays(FIRST_DAY, f.gameTo) }),
          };
          const expected = (await allOf(r(), filter)).map((t) => t.id);
          const walked: string[] = [];
          let page = await r().payments.pageTransactions(filter, { page: 1, pageSize: 9 });
          for (;;) {
            expect(page.total).toBe(expected.length);
            walked.push(...page.items.map((t) => t.id));
            if (page.nextAfter === null) break;
            page = await r().payments.pageTransactions(filter, { page: 1, pageSize: 9, after: page.nextAfter });
          }
          expect(walked).toEqual(expected);
        }),
        { numRuns: engine.name === "postgresql" ? 60 : 120 },
      );
    }, 120_000);

    it("when bookings are made, cancelled and moved, then occupancy counts the live ones per weekday and hour, and capacity is the venue's courts on that weekday's dates", async () => {
      await emptyTables(db);
      const world = await seedWorld(r());
      const [a, b] = world.courts;
      // Monday 2 Nov 10:00 on both courts of venue 0; Tuesday 3 Nov 18:00 cancelled; Monday 9 Nov 10:00
      await seedBooking(r(), { user: world.user, court: a! }, { date: "2026-11-02", timeSlot: "10:00" });
      await seedBooking(r(), { user: world.other, court: b! }, { date: "2026-11-02", timeSlot: "10:00" });
      const gone = await seedBooking(r(), { user: world.user, court: a! }, { date: "2026-11-03", timeSlot: "18:00" });
      await r().bookings.cancel(gone.id, { reason: null, refundPercentage: 0, at: new Date("2026-11-01T12:00:00Z") });
      await seedBooking(r(), { user: world.user, court: a! }, { date: "2026-11-09", timeSlot: "10:00" });
      const period = { from: "2026-11-02", to: "2026-11-15", venueId: world.venues[0]!.id };
      const { booked, courts } = await r().reports.occupancy(period);
      expect(courts).toBe(2);
      expect(booked.filter((c) => c.booked !== 0)).toEqual([{ weekday: 1, timeSlot: "10:00", booked: 3 }]);
      const summary = await r().reports.summary(period, { outstanding: 20, topPlayers: 10 });
      expect(summary.cancellations.count).toBe(1);
      expect(summary.topPlayers[0]).toMatchObject({ userId: world.user.id, bookings: 2 });
      expect(summary.outstanding.map((o) => o.userId).sort()).toEqual([world.user.id, world.other.id].sort());
    });

    it("when a court is deleted, then its bookings leave the occupancy and its payments stay in the revenue under 'a court that is gone'", async () => {
      await emptyTables(db);
      const world = await seedWorld(r());
      const court = world.courts[1]!;
      const venue = world.venues[0]!;
      const booking = await seedBooking(r(), { user: world.user, court }, { date: "2026-11-04", timeSlot: "09:00" });
      await pay(r(), booking, court, venue, { kind: "full", amount: booking.totalAmount, discount: 0, outcome: "recorded", at: new Date("2026-11-01T12:00:00Z") });
      const period = { from: "2026-11-01", to: "2026-11-30" };
      const before = await r().reports.revenue(period, "court");
      expect(before.map((row) => row.key)).toEqual([court.id]);
      await r().courts.delete(court.id);
      const after = await r().reports.revenue(period, "court");
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ key: court.id, label: null, gross: booking.totalAmount, bookings: 0 });
      expect((await r().reports.occupancy(period)).booked.reduce((acc, c) => acc + c.booked, 0)).toBe(0);
      // and the transactions still find it by its venue
      expect((await r().payments.pageTransactions({ venueId: venue.id }, { page: 1, pageSize: 10 })).total).toBe(1);
    });

    it("when payments arrive between pages, then paging by cursor neither repeats nor skips a row, by payment date and by game date, and every total is the filter's count", async () => {
      await emptyTables(db);
      const world = await seedWorld(r());
      const venue = world.venues[0]!;
      const court = world.courts[0]!;
      for (let i = 0; i < 23; i++) {
        const booking = await seedBooking(r(), { user: world.user, court: world.courts[i % 3]! }, { date: addDays(FIRST_DAY, i % 9), timeSlot: SLOTS[i % SLOTS.length]! });
        const c = world.courts[i % 3]!;
        await pay(r(), booking, c, world.venues.find((v) => v.id === c.venueId)!, {
          kind: i % 4 === 0 ? "cash" : "partial",
          amount: 500,
          discount: 0,
          outcome: i % 5 === 0 ? "failed" : "recorded",
          at: new Date(Date.UTC(2026, 9, 1, 12, i % 7, i)),
        });
      }
      const filters = [{}, { venueId: venue.id }, { gameFrom: addDays(FIRST_DAY, 2), gameTo: addDays(FIRST_DAY, 6) }, { gameFrom: FIRST_DAY, venueId: venue.id, status: "succeeded" as const }];
      for (const filter of filters) {
        const expected = (await allOf(r(), filter)).map((p) => p.id);
        const seen: string[] = [];
        let page = await r().payments.pageTransactions(filter, { page: 1, pageSize: 4 });
        expect(page.total).toBe(expected.length);
        for (;;) {
          seen.push(...page.items.map((p) => p.id));
          if (page.nextAfter === null) break;
          // a new payment arrives: newest first, it sorts before the cursor and is never read by this walk
          const booking = await seedBooking(r(), { user: world.user, court }, { date: addDays(FIRST_DAY, 20 + seen.length), timeSlot: "06:00" });
          await pay(r(), booking, court, venue, { kind: "partial", amount: 300, discount: 0, outcome: "pending", at: new Date(Date.UTC(2026, 9, 5, seen.length)) });
          page = await r().payments.pageTransactions(filter, { page: 1, pageSize: 4, after: page.nextAfter });
        }
        const arrived = new Set((await allOf(r(), filter)).map((p) => p.id).filter((id) => !expected.includes(id)));
        expect(seen.filter((id) => !arrived.has(id))).toEqual(expected);
        expect(new Set(seen).size).toBe(seen.length);
        await db.sql.run("delete from payments where amount = 300");
        await db.sql.run("delete from bookings where id not in (select booking_id from payments)");
      }
    });
  });
}
