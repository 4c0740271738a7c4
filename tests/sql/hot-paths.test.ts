import { randomUUID } from "node:crypto";
import { SLOTS, addDays, type Repositories } from "@courts/core";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aBooking, aDiscountCode, aPayment, aShareLink, written } from "../support/builders.js";
import { openTestDatabase, SQL_ENGINES, useTestDatabase } from "./support/harness.js";
import { seedBooking, seedCourt, seedPlace, type Place } from "./support/seed.js";

/** 5 courts x 30 days x 16 slots: a busy month at one venue. */
const seedBusyMonth = async (db: SqlDatabase, repos: Repositories, place: Place): Promise<number> => {
  const courts = [place.court];
  for (let i = 0; i < 4; i++) courts.push(await seedCourt(repos, place.venue.id));
  const rows: string[] = [];
  const params: (string | number)[] = [];
  for (const court of courts)
    for (let day = 0; day < 30; day++)
      for (const slot of SLOTS) {
        rows.push("(?, ?, ?, ?, ?, 'singles', 'day', 1450, 0, 'active', ?)");
        params.push(randomUUID(), place.user.id, court.id, addDays("2026-11-01", day), slot, "2026-10-01T00:00:00.000Z");
      }
  const columns = "id, user_id, court_id, booking_date, time_slot, game_type, tariff_type, total_amount, paid_amount, status, created_at";
  for (let i = 0; i < rows.length; i += 400)
    await db.sql.run(`insert into bookings (${columns}) values ${rows.slice(i, i + 400).join(", ")}`, params.slice(i * 6, (i + 400) * 6));
  if (db.engine === "postgresql") await db.sql.run("analyze");
  return rows.length;
};

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`hot reads (${engine.name})`, () => {
    const target = useTestDatabase(engine.name);

    it("when a venue has 2,400 bookings in a month, then its calendar is read in one fast query", async () => {
      const place = await seedPlace(target.db.repositories);
      const seeded = await seedBusyMonth(target.db, target.db.repositories, place);
      const timings: number[] = [];
      let entries = 0;
      for (let i = 0; i < 5; i++) {
        // a write first, so that every read builds the calendar instead of finding it cached
        await target.db.sql.run("update venues set location = ? where id = ?", [`Quito ${i}`, place.venue.id]);
        const started = performance.now();
        const month = await target.db.repositories.catalog.venueMonth(place.venue.id, "2026-11-01", "2026-11-30");
        timings.push(performance.now() - started);
        entries = (JSON.parse(new TextDecoder().decode(month)) as unknown[]).length;
      }
      timings.sort((a, b) => a - b);
      console.info(`calendar of ${entries} bookings on ${engine.name}: median ${timings[2]!.toFixed(1)} ms`);
      expect(entries).toBe(seeded);
      expect(timings[2]).toBeLessThan(250);
    });
  });
}

describe("hot reads use an index (sqlite query plans)", () => {
  const queries: { sql: string; params: readonly unknown[] }[] = [];
  let db: SqlDatabase;
  let place: Place;
  let dispose: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const target = await openTestDatabase("sqlite");
    dispose = async () => {
      await db.close();
      await target.dispose();
    };
    db = await openSqlDatabase(target.url, { onQuery: (sql, params) => queries.push({ sql, params }) });
    place = await seedPlace(db.repositories);
    await seedBooking(db.repositories, place);
  });
  afterAll(async () => {
    await dispose();
  });

  /** The plan of every statement `work` runs: SQLite's EXPLAIN QUERY PLAN details. */
  const plansOf = async (work: () => Promise<unknown>): Promise<string[]> => {
    queries.length = 0;
    await work();
    const ran = [...queries];
    const details: string[] = [];
    for (const q of ran) {
      const rows = await db.sql.all(`explain query plan ${q.sql}`, q.params as (string | number | null)[]);
      details.push(...rows.map((r) => String(r.detail)));
    }
    return details;
  };

  /**
   * A scan of a table. The one-statement JSON reads also scan their own subqueries' rows (an
   * ordered subquery feeds the JSON aggregate), a constant row, and the data_version pragma.
   */
  const scansTable = (detail: string) => /^SCAN (?!CONSTANT ROW|\(subquery-\d+\)|pragma_)/.test(detail);

  const r = () => db.repositories;
  let unseenDay = 0;
  const hot: Record<string, () => Promise<unknown>> = {
    "catalog.courtDay": () => r().catalog.courtDay(place.court.id, "2026-11-25"),
    // a date never read before: an answer kept in memory would run no statement
    "catalog.courtAvailability": () => r().catalog.courtAvailability(place.court.id, `2027-01-${String(++unseenDay).padStart(2, "0")}`, new Date()),
    // a date never read before, as above
    "catalog.venueDay": () => r().catalog.venueDay(place.venue.id, `2027-02-${String(++unseenDay % 28 + 1).padStart(2, "0")}`, new Date()),
    // an unknown venue: a known one's list is kept once read (one statement the first time only)
    "catalog.venueCourts": () => r().catalog.venueCourts(randomUUID()),
    "catalog.venueMonth": () => r().catalog.venueMonth(place.venue.id, "2026-11-01", "2026-11-30"),
    "bookings.findById": () => r().bookings.findById(randomUUID()),
    "bookings.listByUser": () => r().bookings.listByUser(place.user.id),
    "bookings.listByDate": () => r().bookings.listByDate("2026-11-25"),
    "bookings.listByDate of a venue": () => r().bookings.listByDate("2026-11-25", place.venue.id),
    "bookings.countActiveOnDate": () => r().bookings.countActiveOnDate("2026-11-25"),
    "courts.findById": () => r().courts.findById(place.court.id),
    "courts.listByVenue": () => r().courts.listByVenue(place.venue.id),
    "venues.findById": () => r().venues.findById(place.venue.id),
    "users.findById": () => r().users.findById(place.user.id),
    "users.findByUsername": () => r().users.findByUsername(place.user.username),
    "payments.findById": () => r().payments.findById(randomUUID()),
    "payments.findByIntent": () => r().payments.findByIntent("pi_x"),
    "payments.findPending": () => r().payments.findPending(randomUUID(), place.user.id, "partial"),
    "payments.listByUser": () => r().payments.listByUser(place.user.id),
    "payments.listByBooking": () => r().payments.listByBooking(randomUUID()),
    "payments.revenueBetween": () => r().payments.revenueBetween(new Date("2026-11-21T05:00:00Z"), new Date("2026-11-22T05:00:00Z")),
    "payments.listStalePending": () => r().payments.listStalePending(new Date("2026-11-21T05:00:00Z")),
    "discountCodes.findByCode": () => r().discountCodes.findByCode("PROMO"),
    "shareLinks.findByToken": () => r().shareLinks.findByToken("token"),
    "shareLinks.findByBooking": () => r().shareLinks.findByBooking(randomUUID()),
    "images.find": () => r().images.find(randomUUID()),
    "sessions.get": () => new Promise((resolve) => db.sessionStore.get("sid", () => resolve(undefined))),
    "simulatedIntents.findIntentByClientSecret": () => db.simulatedIntents.findIntentByClientSecret("secret"),
  };

  for (const [name, work] of Object.entries(hot)) {
    it(`when ${name} runs, then no table is scanned`, async () => {
      const plans = await plansOf(work);
      if (process.env.SHOW_PLANS) console.info(name, plans);
      expect(plans.length).toBeGreaterThan(0);
      expect(plans.filter(scansTable)).toEqual([]);
    });
  }

  it("when the catalogue is read, then each query goes through the index made for it", async () => {
    const uses = async (work: () => Promise<unknown>, index: string) => expect((await plansOf(work)).join("\n")).toContain(index);
    await uses(hot["catalog.courtDay"]!, "USING INDEX bookings_active_slot_unique (court_id=? AND booking_date=?)");
    await uses(hot["catalog.venueCourts"]!, "USING INDEX courts_venue_number_unique (venue_id=?)");
    await uses(hot["catalog.courtAvailability"]!, "USING INDEX bookings_active_slot_unique (court_id=? AND booking_date=?)");
    await uses(hot["catalog.courtAvailability"]!, "USING INDEX court_blocks_court_idx (court_id=? AND end_date>?)");
    await uses(hot["catalog.venueMonth"]!, "bookings_active_slot_unique");
    await uses(hot["catalog.venueDay"]!, "USING INDEX bookings_active_slot_unique (court_id=? AND booking_date=?)");
    await uses(hot["catalog.venueDay"]!, "USING INDEX courts_venue_number_unique (venue_id=?)");
    expect((await plansOf(hot["catalog.venueDay"]!)).join("\n")).not.toContain("bookings_date_idx");
  });

  it("when a hold is placed, then its balance-due, unpaid-hold and just-ran-out checks read their indexes, not the player's history", async () => {
    const hold = aBooking({ userId: place.user.id, courtId: place.court.id, timeSlot: "13:00", holdExpiresAt: new Date(Date.now() + 900_000) });
    const now = new Date();
    const plans = await plansOf(() =>
      r().bookings.insertHold(hold, { maxUnpaid: 3, maxUnpaidUnverified: 1, reholdBarSince: new Date(now.getTime() - 900_000), now }),
    );
    const text = plans.join("\n");
    if (process.env.SHOW_PLANS) console.info(plans);
    expect(text).toContain("USING INDEX bookings_balance_due_idx (user_id=?)");
    expect(text).toContain("USING INDEX bookings_unpaid_holds_idx (user_id=? AND hold_expires_at>?)");
    // the player's own hold of the slot that just ran out: among their bookings of that date and time
    expect(text).toContain("USING INDEX bookings_user_date_slot_idx (user_id=? AND booking_date=? AND time_slot=?)");
    // "held" is the counted subquery itself: at most maxUnpaid rows, cut by its LIMIT
    expect(plans.filter(scansTable)).toEqual(["SCAN held"]);
  });

  it("when markSucceeded and a payment with a code write, then their conditional updates find rows by key", async () => {
    const booking = await seedBooking(db.repositories, place, { timeSlot: "12:00" });
    const payment = written(await r().payments.insertPending(aPayment({}, { booking, ...place })));
    const link = await r().shareLinks.insert(aShareLink(booking));
    const code = aDiscountCode();
    await r().discountCodes.insert(code);
    const plans = await plansOf(async () => {
      await r().payments.markSucceeded({ intentId: payment.stripePaymentIntentId, at: new Date(), shareLinkId: link.id });
      written(await r().payments.insertPending(aPayment({ discountCode: code.code, discountCodeId: code.id }, { booking, ...place })));
    });
    expect(plans.filter(scansTable)).toEqual([]);
  });
});
