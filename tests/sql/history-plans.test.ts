import { randomUUID } from "node:crypto";
import { clubMomentOf, type Repositories } from "@courts/core";
import { openSqlDatabase, type SqlDatabase } from "@courts/adapters/sql/index";
import type { Param } from "@courts/adapters/sql/sql-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPayment } from "../support/builders.js";
import { openTestDatabase, SQL_ENGINES } from "./support/harness.js";
import { seedBooking, seedPlace, type Place } from "./support/seed.js";

/**
 * Every statement that a hot or list endpoint runs reads through an index, on both engines:
 * no table is scanned, and a page is read in its index's order (no sort of the whole history
 * under a LIMIT). payment_totals is the one table read whole: 16 rows at most, by design.
 */
const TABLES = ["users", "venues", "courts", "bookings", "payments", "report_days", "report_slots", "discount_codes", "share_links", "images", "sessions", "simulated_intents"];
const WHOLE_BY_DESIGN = ["payment_totals"];
/** the club's courts, counted whole for every venue's occupancy: the size of the club, not of its history */
const WHOLE_STATEMENTS = ["select count(*) as n from courts"];

interface Statement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** Plan nodes of PostgreSQL's EXPLAIN (FORMAT JSON), flattened with their ancestors. */
interface PgNode {
  readonly "Node Type": string;
  readonly "Relation Name"?: string;
  readonly Plans?: PgNode[];
}
const walk = (node: PgNode, ancestors: readonly PgNode[], visit: (node: PgNode, ancestors: readonly PgNode[]) => void) => {
  visit(node, ancestors);
  for (const child of node.Plans ?? []) walk(child, [...ancestors, node], visit);
};

/** What is wrong with one statement's plan: empty when every read uses an index. */
const problemsOf = async (db: SqlDatabase, statement: Statement): Promise<string[]> => {
  if (WHOLE_STATEMENTS.includes(statement.sql)) return [];
  const params = statement.params as Param[];
  if (db.engine === "sqlite") {
    const rows = await db.sql.all(`explain query plan ${statement.sql}`, params);
    const details = rows.map((r) => String(r.detail));
    // reading an index in order is how a LIMIT stops early; anything else that scans reads it all
    const limited = / limit \?/.test(statement.sql);
    const scans = details.filter(
      (d) => TABLES.some((t) => new RegExp(`^SCAN ${t}\\b`).test(d)) && !(limited && / USING (COVERING )?INDEX /.test(d)),
    );
    // Sorting the page's rows after the join is fine; sorting under the LIMIT (inside the page's
    // subquery, or a limited statement without one) would read and sort the whole history.
    const subqueries = new Set(rows.filter((r) => /^(CO-ROUTINE|MATERIALIZE)/.test(String(r.detail))).map((r) => Number(r.id)));
    const sortedHistory =
      limited &&
      rows.some((r) => /^USE TEMP B-TREE/.test(String(r.detail)) && (subqueries.size === 0 || subqueries.has(Number(r.parent))));
    return [...scans, ...(sortedHistory ? ["a sort under LIMIT"] : [])];
  }
  // A planner on tiny tables prefers scanning them; with scans priced out, a scan left is one with no index.
  return db.sql.transaction(async (tx) => {
    await tx.run("set local enable_seqscan = off");
    // likewise a sort: on tiny tables a bitmap scan and a sort beat walking an index in order; a
    // sort left under a LIMIT is one that no index can spare
    await tx.run("set local enable_bitmapscan = off");
    await tx.run("set local enable_sort = off");
    const rows = await tx.all(`explain (format json) ${statement.sql}`, params);
    const raw = rows[0]?.["QUERY PLAN"];
    const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PgNode }[];
    const problems: string[] = [];
    walk(plan[0]!.Plan, [], (node, ancestors) => {
      const relation = node["Relation Name"];
      if (node["Node Type"] === "Seq Scan" && relation !== undefined && !WHOLE_BY_DESIGN.includes(relation)) problems.push(`Seq Scan on ${relation}`);
      const underLimit = ancestors.some((a) => a["Node Type"] === "Limit");
      if (node["Node Type"] === "Sort" && underLimit) problems.push("a Sort under LIMIT");
    });
    return problems;
  });
};

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`hot and list statements use indexes (${engine.name})`, () => {
    const statements: Statement[] = [];
    let db: SqlDatabase;
    let place: Place;
    let dispose: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const target = await openTestDatabase(engine.name as "sqlite" | "postgresql");
      db = await openSqlDatabase(target.url, { onQuery: (sql, params) => statements.push({ sql, params }) });
      dispose = async () => {
        await db.close();
        await target.dispose();
      };
      place = await seedPlace(db.repositories);
      const booking = await seedBooking(db.repositories, place);
      for (let i = 0; i < 3; i++) await db.repositories.payments.insertPending(aPayment({}, { booking, ...place }));
    });
    afterAll(async () => {
      await dispose();
    });

    const r = (): Repositories => db.repositories;
    const since = new Date("2026-11-01T05:00:00Z");
    const until = new Date("2026-12-01T05:00:00Z");
    const page = { page: 2, pageSize: 50 };
    const calls: Record<string, () => Promise<unknown>> = {
      "bookings.pageByUser": () => r().bookings.pageByUser(place.user.id, { ...page, now: clubMomentOf(new Date("2026-11-22T15:00:00Z"), "America/Guayaquil") }),
      "bookings.pageByUser upcoming": () => r().bookings.pageByUser(place.user.id, { ...page, now: clubMomentOf(new Date("2026-11-22T15:00:00Z"), "America/Guayaquil"), scope: "upcoming" }),
      "bookings.pageByUser past": () => r().bookings.pageByUser(place.user.id, { ...page, now: clubMomentOf(new Date("2026-11-22T15:00:00Z"), "America/Guayaquil"), scope: "past" }),
      "bookings.findManyByIds": () => r().bookings.findManyByIds([randomUUID(), randomUUID()]),
      "bookings.findById": () => r().bookings.findById(randomUUID()),
      "bookings.listByDate": () => r().bookings.listByDate("2026-11-25"),
      "bookings.countActiveOnDate": () => r().bookings.countActiveOnDate("2026-11-25"),
      "catalog.courtDay": () => r().catalog.courtDay(place.court.id, "2026-11-25"),
      "catalog.courtAvailability": () => r().catalog.courtAvailability(place.court.id, "2026-11-25", since),
      "catalog.venueMonth": () => r().catalog.venueMonth(place.venue.id, "2026-11-01", "2026-11-30"),
      "catalog.venueCourts": () => r().catalog.venueCourts(place.venue.id),
      "courts.findById": () => r().courts.findById(place.court.id),
      "courts.listByVenue": () => r().courts.listByVenue(place.venue.id),
      "payments.pageByUser": () => r().payments.pageByUser(place.user.id, page),
      "payments.pageTransactions": () => r().payments.pageTransactions({}, page),
      "payments.pageTransactions of a status": () => r().payments.pageTransactions({ status: "succeeded" }, page),
      "payments.pageTransactions of dates": () => r().payments.pageTransactions({ from: since, to: until }, page),
      "payments.pageTransactions of dates and a status": () => r().payments.pageTransactions({ from: since, to: until, status: "pending" }, page),
      "payments.pageTransactions of a venue": () => r().payments.pageTransactions({ venueId: place.venue.id }, page),
      "payments.pageTransactions of game dates": () => r().payments.pageTransactions({ gameFrom: "2026-11-01", gameTo: "2026-11-30" }, page),
      "payments.pageTransactions of a venue's game dates": () =>
        r().payments.pageTransactions({ venueId: place.venue.id, gameFrom: "2026-11-01" }, page),
      "payments.pageTransactions after a cursor": () =>
        r().payments.pageTransactions({}, { ...page, after: { createdAt: since, id: randomUUID() } }),
      "payments.pageTransactions of game dates after a cursor": () =>
        r().payments.pageTransactions({ gameFrom: "2026-11-01" }, { ...page, after: { bookingDate: "2026-11-20", createdAt: since, id: randomUUID() } }),
      "reports.occupancy": () => r().reports.occupancy({ from: "2026-11-01", to: "2026-11-30" }),
      "reports.occupancy of a venue": () => r().reports.occupancy({ from: "2026-11-01", to: "2026-11-30", venueId: place.venue.id }),
      "reports.revenue by court": () => r().reports.revenue({ from: "2026-11-01", to: "2026-11-30" }, "court"),
      "reports.revenue of a venue by month": () => r().reports.revenue({ from: "2026-11-01", to: "2026-11-30", venueId: place.venue.id }, "month"),
      "payments.streamTransactions, two batches": async () => {
        for await (const _ of r().payments.streamTransactions({ from: since }, { batchSize: 1 })) void _;
      },
      "payments.summary": () => r().payments.summary(),
      "payments.revenueBetween": () => r().payments.revenueBetween(since, until),
      "payments.findById": () => r().payments.findById(randomUUID()),
      "payments.findByIntent": () => r().payments.findByIntent("pi_x"),
      "payments.findPending": () => r().payments.findPending(randomUUID(), place.user.id, "partial"),
      "payments.listByBooking": () => r().payments.listByBooking(randomUUID()),
      "payments.listStalePending": () => r().payments.listStalePending(since),
      "users.findById": () => r().users.findById(place.user.id),
      "users.findByUsername": () => r().users.findByUsername(place.user.username),
      "discountCodes.findByCode": () => r().discountCodes.findByCode("PROMO"),
      "shareLinks.findByToken": () => r().shareLinks.findByToken("token"),
      "sessions.get": () => new Promise((resolve) => db.sessionStore.get("sid", () => resolve(undefined))),
    };

    for (const [name, work] of Object.entries(calls)) {
      it(`when ${name} runs, then every statement reads through an index`, async () => {
        statements.length = 0;
        await work();
        const ran = [...statements];
        expect(ran.length).toBeGreaterThan(0);
        for (const statement of ran) {
          const problems = await problemsOf(db, statement);
          if (process.env.SHOW_PLANS) console.info(name, statement.sql, problems);
          expect(problems, statement.sql).toEqual([]);
        }
      });
    }
  });
}
