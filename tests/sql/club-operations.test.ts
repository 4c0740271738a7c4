import type { Block, PaymentGateway, Ports } from "@courts/core";
import { ADMIN, asUser, DEFAULT_ACCOUNT_POLICY, DEFAULT_BOOKING_POLICY, createBlock, createDiscountCode, createPaymentIntent, createShareLink, GUEST, recordPayment, sendOwedRefunds } from "@courts/core";
import { cryptoIds } from "@courts/adapters/auth/ids";
import { simulatedGateway, type SimulatedGateway } from "@courts/adapters/payments/simulated-gateway";
import { type SqlDatabase } from "@courts/adapters/sql/index";
import { describe, expect, it } from "vitest";
import { aBooking, aUser } from "../support/builders.js";
import { fakePasswordHasher, fixedClock } from "../support/memory/index.js";
import { unimplementedInvoices } from "../support/memory/index.js";
import { ok } from "../core/use-cases/harness.js";
import { emptyTables, SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { int } from "./support/rows.js";
import { inserted, seedCourt, seedPlace } from "./support/seed.js";

/**
 * Club operations on the real databases, with several Database instances standing for separate
 * server processes: no active booking ever overlaps a block, however the requests interleave,
 * and a closure refunds each payer exactly what they paid, once.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`club operations (${engine.name})`, () => {
    const target = useTestDatabase(engine.name, { others: engine.name === "sqlite" ? 2 : 3, poolSize: 6, empty: true });

    const clock = fixedClock("2026-11-21T12:00:00.000Z");
    /** The ports one process has: its own repositories and its own simulated provider over the shared database. */
    const portsOf = (db: SqlDatabase, gateway?: PaymentGateway): Ports & { simulated: SimulatedGateway } => {
      const simulated = simulatedGateway(db.simulatedIntents, cryptoIds, clock);
      return { ...db.repositories, gateway: gateway ?? simulated, invoices: unimplementedInvoices(), passwords: fakePasswordHasher(), clock, ids: cryptoIds, policy: { ...DEFAULT_BOOKING_POLICY, maxUnpaidBookings: 1_000 }, accounts: DEFAULT_ACCOUNT_POLICY, simulated };
    };
    const count = async (sql: string, params: (string | number)[] = []) => int((await target.db.sql.one(sql, params))!, "n");
    const activeInsideBlocks = async () => {
      const blocks: Block[] = [];
      for (const row of await target.db.sql.all("select id from court_blocks")) {
        const block = await target.db.repositories.blocks.findById(String(row.id));
        if (block) blocks.push(block);
      }
      const rows = await target.db.sql.all("select b.id, b.court_id, b.booking_date, b.time_slot, c.venue_id from bookings b join courts c on c.id = b.court_id where b.status = 'active'");
      const { blockCovers } = await import("@courts/core");
      return rows.filter((r) =>
        blocks.some((k) => blockCovers(k, { id: String(r.court_id), venueId: String(r.venue_id) }, String(r.booking_date), String(r.time_slot))),
      ).length;
    };

    it.each([false, true])(
      "when a block (cancelConflicts %s) and 20 bookings of the slots it covers race, then no active booking is inside a block",
      async (cancelConflicts) => {
        for (let round = 0; round < 4; round++) {
          await emptyTables(target.db);
          const place = await seedPlace(target.db.repositories);
          const court2 = await seedCourt(target.db.repositories, place.venue.id, { courtNumber: 2 });
          const slots = ["08:00", "09:00", "10:00", "11:00", "12:00"];
          // 20 bookings: 2 courts x 2 days x 5 slots, all inside the venue-wide block
          const wanted = [place.court, court2].flatMap((court) =>
            ["2026-12-07", "2026-12-08"].flatMap((date) => slots.map((timeSlot) => ({ courtId: court.id, date, timeSlot }))),
          );
          const block = ok(
            createBlock(portsOf(target.processes[round % target.processes.length]!), ADMIN, {
              venueId: place.venue.id,
              startDate: "2026-12-07",
              endDate: "2026-12-08",
              timeSlots: slots,
              reason: "Torneo",
              cancelConflicts,
            }),
          ).then(
            (r) => ({ ok: true as const, closed: r.closed.length }),
            () => ({ ok: false as const, closed: 0 }),
          );
          const insert = (w: (typeof wanted)[number], i: number) =>
            target.processes[i % target.processes.length]!.repositories.bookings.insert(aBooking({ userId: place.user.id, ...w }));
          // PostgreSQL: all 20 at once. SQLite: one at a time per process, all processes at once.
          // These "processes" share one libuv pool of 4 threads, and a SQLite insert waiting for
          // the write lock holds a thread; real processes each have their own pool.
          const inserts: Promise<unknown>[] =
            engine.name === "postgresql"
              ? wanted.map((w, i) => new Promise((resolve) => setTimeout(resolve, (i % 5) * round)).then(() => insert(w, i)))
              : target.processes.map(async (_db, p) => {
                  const mine = wanted.map((w, i) => ({ w, i })).filter(({ i }) => i % target.processes.length === p);
                  const out: unknown[] = [];
                  for (const { w, i } of mine) out.push(await insert(w, i));
                  return out;
                });
          const [blockOutcome, ...results] = await Promise.all([block, ...inserts]);
          const bookingOutcomes = results.flat();
          expect(await activeInsideBlocks()).toBe(0);
          const booked = bookingOutcomes.filter((o) => typeof o === "object").length;
          const refused = bookingOutcomes.filter((o) => o === "slot-blocked").length;
          expect(booked + refused).toBe(20);
          if (cancelConflicts) {
            // the block always lands; what was booked before it is cancelled by it
            expect(blockOutcome.ok).toBe(true);
            expect(blockOutcome.closed).toBe(booked);
            expect(await count("select count(*) as n from bookings where status = 'cancelled' and refund_percentage = 100")).toBe(booked);
          } else if (blockOutcome.ok) {
            expect(booked).toBe(0);
          } else {
            expect(await count("select count(*) as n from court_blocks")).toBe(0);
            expect(refused).toBe(0);
          }
        }
      },
    );

    /** Night doubles on 10 December, held by the seeded player, nothing paid yet; `pays` runs the organiser's card share. */
    const nightDoubles = async () => {
      const ports = portsOf(target.db);
      const place = await seedPlace(target.db.repositories);
      const organiser = asUser(place.user.id);
      const booking = inserted(
        await target.db.repositories.bookings.insert(
          aBooking({ userId: place.user.id, courtId: place.court.id, date: "2026-12-10", timeSlot: "19:00", gameType: "doubles", tariffType: "night", totalAmount: 3300 }),
        ),
      );
      const card = { cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", now: clock.now() };
      const pays = async (discountCode?: string) => {
        const own = await ok(createPaymentIntent(ports, organiser, { bookingId: booking.id, paymentType: "partial", ...(discountCode ? { discountCode } : {}) }));
        await ports.simulated.confirm({ clientSecret: own.clientSecret, ...card });
        await ok(recordPayment(ports, organiser, { bookingId: booking.id, stripePaymentIntentId: own.paymentIntentId }));
        return own;
      };
      return { ports, place, organiser, booking, card, pays };
    };

    /** A doubles booking paid by 4 people: the organiser (with a 10% code) and 3 guests through the share link. */
    const fourPayers = async () => {
      const { ports, place, organiser, booking, card, pays } = await nightDoubles();
      await ok(createDiscountCode(ports, ADMIN, { code: "DIEZ", type: "percentage", value: 10 }));
      await pays("DIEZ");
      const { link } = await ok(createShareLink(ports, organiser, { bookingId: booking.id, maxParticipants: 4 }));
      for (let i = 0; i < 3; i++) {
        const guest = await ok(createPaymentIntent(ports, GUEST, { bookingId: booking.id, shareToken: link.token }));
        await ports.simulated.confirm({ clientSecret: guest.clientSecret, ...card });
        await ok(recordPayment(ports, GUEST, { bookingId: booking.id, stripePaymentIntentId: guest.paymentIntentId, shareToken: link.token }));
      }
      const paid = (await target.db.repositories.payments.listByBooking(booking.id)).filter((p) => p.status === "succeeded");
      expect(paid.map((p) => p.amount - p.discount).sort()).toEqual([742, 825, 825, 825]);
      return { place, booking, paid };
    };
    const closure = (venueId: string) => ({ venueId, startDate: "2026-12-10", endDate: "2026-12-10", timeSlots: ["18:00", "19:00", "20:00"], reason: "Otro" as const, note: "Lluvia", cancelConflicts: true });
    const refundsAtProvider = async () =>
      (await target.db.sql.all("select r.intent_id, sum(r.amount) as total, count(*) as n from simulated_refunds r group by r.intent_id")).map((r) => ({
        intent: String(r.intent_id),
        total: int(r, "total"),
        n: int(r, "n"),
      }));

    it("when a closure is requested twice at once over a booking paid by 4 people, then each payer gets back exactly what they paid, once", async () => {
      const { place, booking, paid } = await fourPayers();
      const [first, second] = await Promise.all([
        ok(createBlock(portsOf(target.processes[1]!), ADMIN, closure(place.venue.id))),
        ok(createBlock(portsOf(target.processes[2]!), ADMIN, closure(place.venue.id))),
      ]);
      expect([first.created, second.created].sort()).toEqual([false, true]);
      const notices = [...first.closed, ...second.closed];
      expect(notices).toHaveLength(1);
      expect(notices[0]!.booking.id).toBe(booking.id);
      expect(notices[0]!.refunds.map((r) => [r.amount, r.status]).sort()).toEqual([[742, "sent"], [825, "sent"], [825, "sent"], [825, "sent"]]);

      for (const payment of paid) {
        const after = await target.db.repositories.payments.findById(payment.id);
        // with when it was sent: the payer's booking card and the admin's row say 'Reembolso de $X enviado el ...'
        expect(after).toMatchObject({ status: "refunded", refundedAmount: payment.amount - payment.discount, refundSentAt: expect.any(Date) });
      }
      const atProvider = await refundsAtProvider();
      expect(atProvider).toHaveLength(4);
      for (const p of paid) expect(atProvider.find((r) => r.intent === p.stripePaymentIntentId)).toEqual({ intent: p.stripePaymentIntentId, total: p.amount - p.discount, n: 1 });
      const cancelled = await target.db.repositories.bookings.findById(booking.id);
      expect(cancelled).toMatchObject({ status: "cancelled", refundPercentage: 100, cancellationReason: "Cierre del club: Otro (Lluvia)" });

      // and later again: the same block exists, nothing moves
      const third = await ok(createBlock(portsOf(target.db), ADMIN, closure(place.venue.id)));
      expect(third).toMatchObject({ created: false, closed: [] });
      expect(await refundsAtProvider()).toEqual(atProvider);
    });

    it("when the provider is down during a closure, then the refunds stay owed and 3 sweeping processes send each once", async () => {
      const { place, paid } = await fourPayers();
      const down: PaymentGateway = { ...portsOf(target.db).gateway, refund: async () => Promise.reject(new Error("proveedor caído")) };
      const result = await ok(createBlock(portsOf(target.db, down), ADMIN, closure(place.venue.id)));
      expect(result.closed[0]!.refunds.map((r) => r.status)).toEqual(["owed", "owed", "owed", "owed"]);
      expect(await count("select count(*) as n from refunds where reason = 'closure' and status = 'owed' and last_error = 'proveedor caído'")).toBe(4);
      expect(await refundsAtProvider()).toEqual([]);

      const sent = await Promise.all(target.processes.map((db) => Effect.runPromise(sendOwedRefunds(portsOf(db)))));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(4);
      const atProvider = await refundsAtProvider();
      expect(atProvider.map((r) => r.n)).toEqual([1, 1, 1, 1]);
      for (const payment of paid)
        expect(await target.db.repositories.payments.findById(payment.id)).toMatchObject({
          status: "refunded",
          refundedAmount: payment.amount - payment.discount,
          refundSentAt: expect.any(Date),
        });
      expect(await Effect.runPromise(sendOwedRefunds(portsOf(target.db)))).toBe(0);
    });

    it("when a closure's refunds are left owed over a booking paid by card and in cash, then the sweep hands the cash back at the club and sends only the card's through the provider", async () => {
      const { ports, place, booking, pays } = await nightDoubles();
      const own = await pays();
      const { recordCashPayment } = await import("@courts/core");
      const cash = (await ok(recordCashPayment(ports, ADMIN, booking.id, { amount: 1000 }))).payment;
      // the closing process stops before it sends anything: another one holds every claim
      const stopped: Ports = { ...ports, refunds: { ...ports.refunds, claim: async () => undefined } };
      await ok(createBlock(stopped, ADMIN, closure(place.venue.id)));
      expect((await target.db.repositories.refunds.byBooking(booking.id)).map((r) => [r.paymentKind, r.amount, r.status]).sort()).toEqual([
        ["cash", 1000, "owed"],
        ["partial", 825, "owed"],
      ]);

      // the provider is down: the cash goes back at the desk all the same, the card's refund waits
      const down: PaymentGateway = { ...ports.gateway, refund: async () => Promise.reject(new Error("proveedor caído")) };
      expect(await Effect.runPromise(sendOwedRefunds(portsOf(target.db, down)))).toBe(1);
      expect(await target.db.repositories.payments.findById(cash.id)).toMatchObject({ status: "refunded", refundedAmount: 1000, refundSentAt: expect.any(Date) });
      expect(await refundsAtProvider()).toEqual([]);

      expect(await Effect.runPromise(sendOwedRefunds(portsOf(target.db)))).toBe(1);
      expect(await refundsAtProvider()).toEqual([{ intent: own.paymentIntentId, total: 825, n: 1 }]);
      expect((await target.db.repositories.refunds.byBooking(booking.id)).map((r) => r.status)).toEqual(["sent", "sent"]);
    });

    it("when a cash payment is taken at the desk, then it has no fee, the next invoice number, and cannot pass what is unpaid", async () => {
      const ports = portsOf(target.db);
      const place = await seedPlace(target.db.repositories);
      const booking = inserted(await target.db.repositories.bookings.insert(aBooking({ userId: place.user.id, courtId: place.court.id, totalAmount: 1450 })));
      const { recordCashPayment } = await import("@courts/core");
      const first = await ok(recordCashPayment(ports, ADMIN, booking.id, { amount: 1000 }));
      expect(first.payment).toMatchObject({ kind: "cash", status: "succeeded", amount: 1000, stripeFee: 0, netAmount: 1000 });
      expect(first.booking.paidAmount).toBe(1000);
      const second = await ok(recordCashPayment(ports, ADMIN, booking.id, { amount: 450 }));
      const n = (invoice: string | null) => Number(invoice?.slice(5));
      expect(n(second.payment.invoiceNumber)).toBe(n(first.payment.invoiceNumber) + 1);
      expect(second.booking.paidAmount).toBe(1450);
      const { Effect: E } = await import("effect");
      const third = await E.runPromise(E.flip(recordCashPayment(ports, ADMIN, booking.id, { amount: 1 })));
      expect(third._tag).toBe("BookingFullyPaid");
      void aUser;
    });
  });
}

import { Effect } from "effect";
