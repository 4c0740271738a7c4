import { randomUUID } from "node:crypto";
import type { Repositories } from "@courts/core";
import { describe, expect, it } from "vitest";
import { aBooking, aDiscountCode, aPayment, aShareLink, written } from "../support/builders.js";
import { SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { int } from "./support/rows.js";
import { seedBooking, seedPlace } from "./support/seed.js";

/**
 * Real concurrency: several Database instances (own ORM, own connections, as separate server
 * processes would have) on one database, each burst fired at once with Promise.all.
 * The outcome is checked in the database afterwards, not only in the answers.
 */
for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`races (${engine.name})`, () => {
    // SQLite: three connections keep libuv's four worker threads from all waiting on the lock.
    const target = useTestDatabase(engine.name, { others: engine.name === "sqlite" ? 2 : 3, poolSize: 4, empty: true });

    const burst = <T>(n: number, work: (repos: Repositories, i: number) => Promise<T>): Promise<T[]> =>
      Promise.all(Array.from({ length: n }, (_, i) => work(target.processes[i % target.processes.length]!.repositories, i)));
    const count = async (sql: string, params: (string | number)[]) => int((await target.db.sql.one(sql, params))!, "n");

    it("when 50 players book one slot at once, then exactly one active booking exists", async () => {
      const place = await seedPlace(target.db.repositories);
      const outcomes = await burst(50, (repos) =>
        repos.bookings.insert(aBooking({ userId: place.user.id, courtId: place.court.id, date: "2026-12-05", timeSlot: "19:00" })),
      );
      expect(outcomes.filter((o) => o !== "slot-taken")).toHaveLength(1);
      expect(await count("select count(*) as n from bookings where court_id = ?", [place.court.id])).toBe(1);
      expect((await target.db.repositories.catalog.courtDay(place.court.id, "2026-12-05"))?.bookedSlots).toEqual(["19:00"]);
    });

    it("when 50 checkouts write their pending payment with a code limited to 5 at once, then exactly 5 are written, each with its use", async () => {
      const code = aDiscountCode({ maxUsage: 5, usageCount: 0 });
      await target.db.repositories.discountCodes.insert(code);
      const place = await seedPlace(target.db.repositories);
      const booking = await seedBooking(target.db.repositories, place, { timeSlot: "20:00" });
      const outcomes = await burst(50, (repos) =>
        repos.payments.insertPending(aPayment({ amount: 725, discountCode: code.code, discountCodeId: code.id }, { booking, ...place })),
      );
      expect(outcomes.filter((o) => o !== "code-used-up")).toHaveLength(5);
      expect(await count("select usage_count as n from discount_codes where id = ?", [code.id])).toBe(5);
      expect(await count("select count(*) as n from payments where discount_code_id = ?", [code.id])).toBe(5);
    });

    it("when 20 payers of a 4-person link pay at once, then exactly 4 are recorded, with gapless invoices", async () => {
      const place = await seedPlace(target.db.repositories);
      const booking = await seedBooking(target.db.repositories, place, { gameType: "doubles", timeSlot: "19:00" }); // 3300
      const link = await target.db.repositories.shareLinks.insert(aShareLink(booking, { maxParticipants: 4 }));
      const payments = await Promise.all(
        Array.from({ length: 20 }, () =>
          target.db.repositories.payments.insertPending(
            aPayment({ amount: 500, kind: "shared", userId: `shared-${randomUUID()}`, shareToken: link.token }, { booking, ...place }),
          ).then(written),
        ),
      );
      const outcomes = await burst(20, (repos, i) =>
        repos.payments.markSucceeded({
          intentId: payments[i]!.stripePaymentIntentId,
          at: new Date("2026-11-21T15:00:00.000Z"),
          shareLinkId: link.id,
        }),
      );
      expect(outcomes.filter((o) => o.kind === "recorded")).toHaveLength(4);
      expect(outcomes.filter((o) => o.kind === "link-full")).toHaveLength(16);
      expect(await count("select current_participants as n from share_links where id = ?", [link.id])).toBe(4);
      expect(await count("select paid_amount as n from bookings where id = ?", [booking.id])).toBe(2000);
      expect(await count("select count(*) as n from payments where booking_id = ? and status = 'succeeded'", [booking.id])).toBe(4);
      const numbers = (await target.db.sql.all("select invoice_number from payments where invoice_number is not null order by 1")).map(
        (r) => r.invoice_number,
      );
      expect(numbers).toEqual(["2026-000001", "2026-000002", "2026-000003", "2026-000004"]);
    });

    it("when 10 callers record the same intent at once, then one payment succeeds and the booking counts it once", async () => {
      const place = await seedPlace(target.db.repositories);
      const booking = await seedBooking(target.db.repositories, place);
      const payment = written(await target.db.repositories.payments.insertPending(aPayment({ amount: 725 }, { booking, ...place })));
      const outcomes = await burst(10, (repos) =>
        repos.payments.markSucceeded({
          intentId: payment.stripePaymentIntentId,
          at: new Date("2026-11-21T15:00:00.000Z"),
          shareLinkId: null,
        }),
      );
      expect(outcomes.filter((o) => o.kind === "recorded")).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === "already-recorded")).toHaveLength(9);
      expect(await count("select paid_amount as n from bookings where id = ?", [booking.id])).toBe(725);
      expect(await count("select count(*) as n from payments where status = 'succeeded'", [])).toBe(1);
      expect(await count("select last_number as n from invoice_counters where year = ?", [2026])).toBe(1);
    });

    it("when one webhook event is delivered 10 times at once, then it is processed once", async () => {
      const eventId = `evt_${randomUUID()}`;
      const firsts = await Promise.all(
        Array.from({ length: 10 }, (_, i) => target.processes[i % target.processes.length]!.webhookEvents.markProcessed(eventId)),
      );
      expect(firsts.filter(Boolean)).toHaveLength(1);
      expect(await count("select count(*) as n from webhook_events where event_id = ?", [eventId])).toBe(1);
    });
  });
}
